import {
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  CreateApiKeyInputSchema,
  type CreatedApiKey,
} from '@aceite/shared/schemas/api-keys';
import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useCreateApiKey } from '../api/create-api-key';

/** Expiry choices, in days from now; '' lasts until revoked (docs/product.md#api-keys). */
const EXPIRY_OPTIONS = [
  { value: '', label: 'Sem expiração' },
  { value: '30', label: '30 dias' },
  { value: '90', label: '90 dias' },
  { value: '365', label: '1 ano' },
];

interface CreateApiKeyModalProps {
  opened: boolean;
  onClose: () => void;
  onCreated?: (name: string) => void;
}

/** "Nova chave": name, access and expiry; then the whole key, once, with a copy button. */
export function CreateApiKeyModal({ opened, onClose, onCreated }: CreateApiKeyModalProps) {
  const create = useCreateApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: '', scope: 'read', expiresInDays: '' },
    validate: {
      name: (value) => {
        const result = CreateApiKeyInputSchema.shape.name.safeParse(value);
        return result.success ? null : (result.error.issues[0]?.message ?? null);
      },
    },
    validateInputOnBlur: true,
  });

  const close = () => {
    // The key is never shown again: forget it with the dialog.
    setCreated(null);
    setFormError(null);
    form.reset();
    create.reset();
    onClose();
  };

  const handleSubmit = form.onSubmit((values) => {
    setFormError(null);
    const days = Number(values.expiresInDays);
    create.mutate(
      {
        name: values.name,
        scope: values.scope === 'write' ? 'write' : 'read',
        expiresAt: days > 0 ? new Date(Date.now() + days * 86_400_000).toISOString() : null,
      },
      {
        onSuccess: (result) => {
          setCreated(result);
          onCreated?.(result.apiKey.name);
        },
        onError: (error) => {
          if (!applyServerFieldErrors(form, error, ['name', 'scope']))
            setFormError(errorMessage(error, 'Erro ao criar a chave de API'));
        },
      },
    );
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? 'Chave de API criada' : 'Nova chave de API'}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
      // Closing by accident would lose the only sight of the key.
      closeOnClickOutside={!created}
    >
      {created ? (
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
            Copie a chave agora e guarde-a num local seguro: não voltará a ser mostrada.
          </Alert>
          <Code block aria-label="Chave de API" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {created.secret}
          </Code>
          <Group justify="space-between" wrap="wrap">
            <CopyButton value={created.secret}>
              {({ copied, copy }) => (
                <Button
                  leftSection={
                    copied ? (
                      <IconCheck size={16} aria-hidden="true" />
                    ) : (
                      <IconCopy size={16} aria-hidden="true" />
                    )
                  }
                  onClick={copy}
                >
                  {copied ? 'Copiada' : 'Copiar chave'}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={close}>
              Concluído
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="md">
            {formError && (
              <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
                {formError}
              </Alert>
            )}
            <TextInput
              label="Nome"
              description="Para reconhecer a chave, por exemplo o nome do CRM."
              autoComplete="off"
              required
              data-autofocus
              {...form.getInputProps('name')}
            />
            <Radio.Group label="Acesso" required {...form.getInputProps('scope')}>
              <Stack gap="xs" mt="xs">
                {API_KEY_SCOPES.map((scope) => (
                  <Radio
                    key={scope}
                    value={scope}
                    label={API_KEY_SCOPE_LABELS[scope]}
                    description={
                      scope === 'read'
                        ? 'Lê propostas, clientes, catálogo e equipas, como um Visualizador.'
                        : 'Também cria e altera, como um Gestor.'
                    }
                  />
                ))}
              </Stack>
            </Radio.Group>
            <Select
              label="Expiração"
              data={EXPIRY_OPTIONS}
              allowDeselect={false}
              {...form.getInputProps('expiresInDays')}
            />
            <Text size="sm" c="dimmed">
              A chave nunca dá acesso aos utilizadores, convites ou configurações da organização.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancelar
              </Button>
              <Button type="submit" loading={create.isPending}>
                Criar chave
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
