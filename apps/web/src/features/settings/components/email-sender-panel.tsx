import { EmailSenderInputSchema, type EmailSenderSettings } from '@aceite/shared/schemas/email-sender';
import { Alert, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { usePlanFeatureReason } from '@/api/plan-usage';
import { CopyableCode } from '@/components/copyable-code';
import { PanelStates } from '@/components/panel-states';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import {
  useEmailSender,
  useRemoveEmailSender,
  useSaveEmailSender,
  useVerifyEmailSender,
} from '../api/email-sender';
import type { ReportMessage } from './settings-message';

const FIELDS = ['name', 'address'] as const;

/** One DNS record to publish: its name and value, each with a copy button. */
function DnsRecord({ label, name, value }: { label: string; name: string; value: string }) {
  return (
    <Stack gap={4} p="sm" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {(
        [
          ['Nome', name],
          ['Valor (TXT)', value],
        ] as const
      ).map(([what, text]) => (
        // The label above the value, so the long key keeps the width of a phone's screen.
        <Stack key={what} gap={2}>
          <Text size="xs" c="dimmed">
            {what}
          </Text>
          <CopyableCode value={text} copyLabel={`Copiar ${what.toLowerCase()} do ${label}`} />
        </Stack>
      ))}
    </Stack>
  );
}

function SenderForm({ settings, onMessage }: { settings: EmailSenderSettings; onMessage: ReportMessage }) {
  const save = useSaveEmailSender();
  const initial = { name: settings.sender?.name ?? '', address: settings.sender?.address ?? '' };
  const form = useForm({
    initialValues: initial,
    validate: schemaResolver(EmailSenderInputSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const disabled = !settings.available;
  const handleSubmit = form.onSubmit((values) => {
    onMessage(null);
    save.mutate(values, {
      onSuccess: (saved) => {
        const next = { name: saved.sender?.name ?? '', address: saved.sender?.address ?? '' };
        form.setValues(next);
        form.resetDirty(next);
        onMessage({
          type: 'success',
          text: saved.sender?.verifiedAt
            ? 'Remetente guardado.'
            : 'Remetente guardado. Publique os dois registos no DNS e carregue em "Verificar".',
        });
      },
      onError: (error) => {
        if (!applyServerFieldErrors(form, error, FIELDS))
          onMessage({ type: 'error', text: errorMessage(error, 'Erro ao guardar o remetente') });
      },
    });
  });
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Nome do remetente"
          description="O nome que os seus clientes veem, por exemplo Demo Lda"
          required
          autoComplete="organization"
          disabled={disabled}
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Endereço do remetente"
          description="Um endereço de um domínio da sua organização, por exemplo propostas@empresa.pt"
          required
          type="email"
          autoComplete="email"
          disabled={disabled}
          {...form.getInputProps('address')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={disabled}>
            Guardar remetente
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function SenderStatus({ settings, onMessage }: { settings: EmailSenderSettings; onMessage: ReportMessage }) {
  const verify = useVerifyEmailSender();
  const remove = useRemoveEmailSender();
  const sender = settings.sender;
  if (!sender) return null;
  const confirmRemove = () =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': 'Fechar' },
      title: 'Remover remetente',
      children: (
        <Text size="sm">
          Os emails aos clientes voltam a ser enviados como «Organização via Aceite» e a chave DKIM é apagada.
          Tem a certeza?
        </Text>
      ),
      labels: { confirm: 'Remover', cancel: 'Cancelar' },
      // red.8: white text on Mantine's default red fails contrast (3.3:1).
      confirmProps: { color: 'red.8' },
      onConfirm: () => {
        onMessage(null);
        remove.mutate(undefined, {
          onSuccess: () => onMessage({ type: 'success', text: 'Remetente removido.' }),
          onError: (error) =>
            onMessage({ type: 'error', text: errorMessage(error, 'Erro ao remover o remetente') }),
        });
      },
    });
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Title order={3} size="h4">
          Registos DNS de {sender.domain}
        </Title>
        {sender.verifiedAt ? (
          <Badge color="green" variant="light">
            Verificado
          </Badge>
        ) : (
          <Badge color="yellow" variant="light">
            Por verificar
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {sender.verifiedAt
          ? `Os emails aos clientes saem de ${sender.address}, assinados com DKIM.`
          : 'Até verificar, os emails aos clientes saem como «Organização via Aceite». Publique os dois registos no DNS do domínio e carregue em "Verificar".'}
      </Text>
      <DnsRecord label="Registo de verificação" {...sender.ownershipRecord} />
      <DnsRecord label="Registo DKIM" {...sender.dkimRecord} />
      <Group justify="space-between" gap="xs">
        <Button variant="subtle" color="red.8" onClick={confirmRemove} loading={remove.isPending}>
          Remover remetente
        </Button>
        <Button
          variant="light"
          disabled={!settings.available}
          loading={verify.isPending}
          onClick={() => {
            onMessage(null);
            verify.mutate(undefined, {
              onSuccess: () => onMessage({ type: 'success', text: 'Remetente verificado.' }),
              onError: (error) =>
                onMessage({
                  type: 'error',
                  text: errorMessage(error, 'Não foi possível verificar o remetente'),
                }),
            });
          }}
        >
          Verificar
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Configurações → Organização → Remetente dos emails (admins; docs/product.md#white-label): the name and address the
 * organization's emails to clients come from, the two DNS records that prove the domain and publish its DKIM key,
 * their check and the removal.
 */
export function EmailSenderPanel({ onMessage }: { onMessage: ReportMessage }) {
  const query = useEmailSender();
  const planReason = usePlanFeatureReason('whiteLabel', query.data?.available === false);
  return (
    <PanelStates
      query={query}
      loadingLabel="A carregar o remetente dos emails…"
      error={{ title: 'Erro ao carregar o remetente dos emails', message: 'Tente novamente.' }}
    >
      {(settings) => (
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={2} size="h3">
              Remetente dos emails
            </Title>
            <Text c="dimmed" size="sm">
              Os emails que os seus clientes recebem (propostas, lembretes, códigos, cópias assinadas) podem
              sair de um endereço da sua organização, assinados com DKIM.
            </Text>
          </Stack>
          {!settings.available && (
            <Alert variant="light" color="blue">
              {planReason ?? 'O seu plano não inclui a marca própria (white-label).'}
            </Alert>
          )}
          {settings.available && !settings.sender && (
            <Text size="sm">
              Ainda não configurou um remetente: os emails saem como «Organização via Aceite».
            </Text>
          )}
          <SenderForm
            // A new sender from the server (saved, removed) starts the form again.
            key={`${settings.sender?.name ?? ''}|${settings.sender?.address ?? ''}`}
            settings={settings}
            onMessage={onMessage}
          />
          <SenderStatus settings={settings} onMessage={onMessage} />
        </Stack>
      )}
    </PanelStates>
  );
}
