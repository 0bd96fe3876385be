import { MESSAGES } from '@aceite/shared/messages';
import { type Client, ClientInputSchema } from '@aceite/shared/schemas/clients';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useQuickCreateClient } from '../api/create-client';
import { CLOSE_BUTTON_PROPS } from './modal-labels';

const FIELDS = ['name', 'email', 'company', 'phone', 'taxId'] as const;

interface QuickClientModalProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (client: Client) => void;
}

/** Creates a client without leaving the proposal (name and email; the rest can be filled in later). */
export function QuickClientModal({ opened, onClose, onCreated }: QuickClientModalProps) {
  const createClient = useQuickCreateClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: '', email: '', company: '', phone: '', taxId: '' },
    validate: schemaResolver(ClientInputSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  const close = () => {
    form.reset();
    setFormError(null);
    createClient.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    setFormError(null);
    createClient.mutate(ClientInputSchema.parse(values), {
      onSuccess: (client) => {
        form.reset();
        onCreated(client);
      },
      onError: (error) => {
        // A taken email (409) belongs under the email field.
        if (error instanceof ApiError && error.status === 409) {
          form.setFieldError('email', error.message);
          return;
        }
        if (!applyServerFieldErrors(form, error, FIELDS)) {
          setFormError(errorMessage(error, MESSAGES.clientSaveError));
        }
      },
    });
  });

  // The modal is portalled, but React still bubbles its submit event to the proposal form around it.
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.stopPropagation();
    submit(event);
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Novo cliente"
      centered
      size="lg"
      closeButtonProps={CLOSE_BUTTON_PROPS}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {formError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
              {formError}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
            <TextInput
              label="Nome"
              required
              data-autofocus
              autoComplete="off"
              {...form.getInputProps('name')}
            />
            <TextInput
              label="Email"
              type="email"
              inputMode="email"
              required
              autoComplete="off"
              {...form.getInputProps('email')}
            />
            <TextInput label="Empresa" autoComplete="off" {...form.getInputProps('company')} />
            <TextInput label="Telefone" type="tel" autoComplete="off" {...form.getInputProps('phone')} />
            {/* Portugal by default, so the NIF's check digit applies (docs/product.md#tax-ids). */}
            <TextInput label="NIF" autoComplete="off" inputMode="numeric" {...form.getInputProps('taxId')} />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button type="submit" loading={createClient.isPending}>
              Criar cliente
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
