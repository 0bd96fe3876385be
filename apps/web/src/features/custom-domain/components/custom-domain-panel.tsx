import {
  type CustomDomain,
  CustomDomainInputSchema,
  type CustomDomainSettings,
} from '@aceite/shared/schemas/custom-domain';
import { Alert, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { usePlanFeatureReason } from '@/api/plan-usage';
import { CopyableCode } from '@/components/copyable-code';
import { PanelStates } from '@/components/panel-states';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format';
import {
  useCustomDomain,
  useRemoveCustomDomain,
  useSaveCustomDomain,
  useVerifyCustomDomain,
} from '../api/custom-domain';

/** What the settings tabs' message box shows (the same shape as theirs). */
type Report = (message: { type: 'success' | 'error'; text: string } | null) => void;

/** One DNS record to publish: its value in full, with a copy button named after it. */
function RecordLine({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <CopyableCode value={value} copyLabel={`Copiar ${label.toLowerCase()}`} />
    </Stack>
  );
}

function DomainStatus({
  domain,
  available,
  onMessage,
}: {
  domain: CustomDomain;
  available: boolean;
  onMessage: Report;
}) {
  const verify = useVerifyCustomDomain();
  const remove = useRemoveCustomDomain();
  const confirmRemove = () =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': 'Fechar' },
      title: 'Remover domínio',
      children: (
        <Text size="sm">
          Tem a certeza de que quer remover <strong>{domain.domain}</strong>? As páginas dos seus clientes
          voltam a ser servidas no endereço da aplicação, e as ligações já enviadas com este domínio deixam de
          abrir.
        </Text>
      ),
      labels: { confirm: 'Remover', cancel: 'Cancelar' },
      // red.8: white text on Mantine's default red fails contrast (3.3:1).
      confirmProps: { color: 'red.8' },
      onConfirm: () => {
        onMessage(null);
        remove.mutate(undefined, {
          onSuccess: () => onMessage({ type: 'success', text: `Domínio ${domain.domain} removido.` }),
          onError: (error) =>
            onMessage({ type: 'error', text: errorMessage(error, 'Não foi possível remover o domínio') }),
        });
      },
    });
  return (
    <Stack gap="sm" p="sm" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {domain.domain}
        </Text>
        {domain.verifiedAt ? (
          <Badge color="green" variant="light">
            Verificado em {formatDateTime(domain.verifiedAt)}
          </Badge>
        ) : (
          <Badge color="yellow" variant="light">
            Por verificar
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        Publique no DNS do domínio estes dois registos. O registo TXT prova que o domínio é da sua
        organização; o CNAME leva os seus clientes à aplicação.
      </Text>
      <RecordLine label="Nome do registo TXT" value={domain.recordName} />
      <RecordLine label="Valor do registo TXT" value={domain.recordValue} />
      <RecordLine label="Nome do registo CNAME" value={domain.domain} />
      <RecordLine label="Destino do registo CNAME" value={domain.cnameTarget} />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" color="red.8" loading={remove.isPending} onClick={confirmRemove}>
          Remover domínio
        </Button>
        {!domain.verifiedAt && (
          <Button
            variant="light"
            loading={verify.isPending}
            disabled={!available}
            onClick={() => {
              onMessage(null);
              verify.mutate(undefined, {
                onSuccess: () => onMessage({ type: 'success', text: `Domínio ${domain.domain} verificado.` }),
                onError: (error) =>
                  onMessage({
                    type: 'error',
                    text: errorMessage(error, 'Não foi possível verificar o domínio'),
                  }),
              });
            }}
          >
            Verificar
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function DomainForm({ settings, onMessage }: { settings: CustomDomainSettings; onMessage: Report }) {
  const save = useSaveCustomDomain();
  const form = useForm({
    initialValues: { domain: settings.domain?.domain ?? '' },
    validate: schemaResolver(CustomDomainInputSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const disabled = !settings.available;
  const handleSubmit = form.onSubmit((values) => {
    onMessage(null);
    save.mutate(values.domain.trim().toLowerCase(), {
      onSuccess: (saved) => {
        form.setValues({ domain: saved.domain?.domain ?? '' });
        form.resetDirty({ domain: saved.domain?.domain ?? '' });
        onMessage({
          type: 'success',
          text: 'Domínio guardado. Publique os registos DNS e carregue em "Verificar".',
        });
      },
      onError: (error) => {
        if (!applyServerFieldErrors(form, error, ['domain'])) {
          onMessage({ type: 'error', text: errorMessage(error, 'Erro ao guardar o domínio') });
        }
      },
    });
  });
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Domínio das propostas"
          description="Um subdomínio da sua empresa, por exemplo propostas.empresa.pt"
          required
          autoComplete="off"
          disabled={disabled}
          style={{ flex: '1 1 14rem' }}
          {...form.getInputProps('domain')}
        />
        <Button type="submit" loading={save.isPending} disabled={disabled}>
          Guardar domínio
        </Button>
      </Group>
    </form>
  );
}

/**
 * Configurações → Segurança, "Domínio personalizado" (admins; Enterprise; docs/product.md#white-label): the
 * host of the client's pages, the DNS records to publish, "Verificar" and its status. Without the plan: the
 * plan's refusal and the form disabled, as the SSO panel above it.
 */
export function CustomDomainPanel({ onMessage }: { onMessage: Report }) {
  const query = useCustomDomain();
  const planReason = usePlanFeatureReason('whiteLabel', query.data?.available === false);
  return (
    <PanelStates
      query={query}
      loadingLabel="A carregar o domínio personalizado…"
      error={{ title: 'Erro ao carregar o domínio personalizado', message: 'Tente novamente.' }}
    >
      {(settings) => (
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} size="h3">
              Domínio personalizado
            </Title>
            <Text c="dimmed" size="sm">
              As páginas das propostas, os PDF e a verificação dos documentos selados ficam no domínio da sua
              empresa, sem a marca Aceite.
            </Text>
          </Stack>
          {!settings.available && (
            <Alert variant="light" color="blue">
              {planReason ?? 'O seu plano não inclui o domínio personalizado.'}
            </Alert>
          )}
          {settings.available && !settings.domain && (
            <Text size="sm">Ainda não configurou um domínio personalizado.</Text>
          )}
          <DomainForm key={settings.domain?.domain ?? ''} settings={settings} onMessage={onMessage} />
          {settings.domain && (
            <DomainStatus domain={settings.domain} available={settings.available} onMessage={onMessage} />
          )}
        </Stack>
      )}
    </PanelStates>
  );
}
