import { formatInstantDate, formatInstantDateTime } from '@aceite/shared/dates';
import {
  API_KEY_MESSAGES,
  API_KEY_SCOPE_LABELS,
  type ApiKey,
  type ApiKeyScope,
} from '@aceite/shared/schemas/api-keys';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { usePlanFeatureReason } from '@/api/plan-usage';
import { PanelStates } from '@/components/panel-states';
import { PlanLimitNotice } from '@/components/plan-limit-notice';
import { type ListColumn, ResponsiveList } from '@/components/responsive-list';
import { SectionPanel } from '@/components/section-panel';
import { errorMessage } from '@/lib/api-client';
import { useIsMobile } from '@/lib/use-is-mobile';
import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { CreateApiKeyModal } from './create-api-key-modal';
import { TransferApiKeyModal } from './transfer-api-key-modal';

/** The outcome of an action, shown by the settings tab that holds this section. */
export type ReportOutcome = (message: { type: 'success' | 'error'; text: string } | null) => void;

const SCOPE_COLORS: Record<ApiKeyScope, string> = { read: 'gray', write: 'orange' };

export function ScopeBadge({ scope }: { scope: ApiKeyScope }) {
  return (
    <Badge variant="light" color={SCOPE_COLORS[scope]} c="dark.7" tt="none" style={{ flexShrink: 0 }}>
      {API_KEY_SCOPE_LABELS[scope]}
    </Badge>
  );
}

/** A key whose holder is no longer an active admin answers 401 (issue 34): said beside its name. */
function InactiveBadge({ apiKey }: { apiKey: ApiKey }) {
  if (apiKey.isActive) return null;
  return (
    <Badge variant="light" color="red" c="red.9" tt="none" style={{ alignSelf: 'flex-start' }}>
      {API_KEY_MESSAGES.inactiveBadge}
    </Badge>
  );
}

const isExpired = (key: ApiKey) => key.expiresAt !== null && Date.parse(key.expiresAt) <= Date.now();

function expiryText(key: ApiKey): string {
  if (!key.expiresAt) return 'Sem expiração';
  return `${isExpired(key) ? 'Expirou a' : ''} ${formatInstantDate(key.expiresAt)}`.trim();
}

const lastUsedText = (key: ApiKey) =>
  key.lastUsedAt ? formatInstantDateTime(key.lastUsedAt) : 'Nunca usada';

/**
 * Settings → Integrações, "Chaves de API" (admins; docs/product.md#api-keys): the organization's keys, a new
 * key shown once with a copy button, and "Revogar" after a confirmation.
 */
export function ApiKeysSection({ onMessage }: { onMessage?: ReportOutcome }) {
  const keys = useApiKeys();
  // A plan without API access: the button says so before the admin tries (docs/product.md#plans).
  const planReason = usePlanFeatureReason('apiKeys');
  const revoke = useRevokeApiKey();
  const isMobile = useIsMobile('md');
  const [creating, setCreating] = useState(false);
  const [transferring, setTransferring] = useState<ApiKey | null>(null);

  const confirmRevoke = (key: ApiKey) =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': 'Fechar' },
      title: 'Revogar chave de API',
      children: (
        <Text size="sm">
          Revogar a chave <strong>{key.name}</strong> ({key.prefix}…)? Os pedidos feitos com ela passam a ser
          recusados de imediato. Esta ação não pode ser desfeita.
        </Text>
      ),
      labels: { confirm: 'Revogar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(key.id, {
          onSuccess: () => onMessage?.({ type: 'success', text: `A chave «${key.name}» foi revogada.` }),
          onError: (error) =>
            onMessage?.({ type: 'error', text: errorMessage(error, 'Erro ao revogar a chave de API') }),
        }),
    });

  const actions = (key: ApiKey) => (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {key.isActive ? null : (
        <Button
          size="xs"
          variant="light"
          onClick={() => setTransferring(key)}
          aria-label={`Transferir a chave ${key.name}`}
        >
          Transferir
        </Button>
      )}
      {revokeButton(key)}
    </Group>
  );

  const revokeButton = (key: ApiKey) => (
    <Button
      size="xs"
      variant="light"
      color="red"
      onClick={() => confirmRevoke(key)}
      aria-label={`Revogar a chave ${key.name}`}
    >
      Revogar
    </Button>
  );

  const columns: ListColumn<ApiKey>[] = [
    {
      header: 'Nome',
      cell: (k) => (
        <Stack gap={2}>
          <Text fw={500}>{k.name}</Text>
          <InactiveBadge apiKey={k} />
        </Stack>
      ),
    },
    { header: 'Prefixo', nowrap: true, cell: (k) => <Text ff="monospace" size="sm">{`${k.prefix}…`}</Text> },
    { header: 'Acesso', nowrap: true, cell: (k) => <ScopeBadge scope={k.scope} /> },
    { header: 'Criada por', cell: (k) => k.createdByName ?? '—' },
    { header: 'Criada em', nowrap: true, cell: (k) => formatInstantDate(k.createdAt) },
    { header: 'Último uso', nowrap: true, cell: lastUsedText },
    {
      header: 'Expira',
      nowrap: true,
      cell: (k) => (
        <Text size="sm" c={isExpired(k) ? 'red.9' : undefined}>
          {expiryText(k)}
        </Text>
      ),
    },
    { header: 'Ações', hideHeader: true, align: 'right', cell: actions },
  ];

  return (
    <SectionPanel
      title="Chaves de API"
      description="Para ligar um CRM ou outra aplicação à API da organização. Cada chave é mostrada uma única vez."
      actions={
        <Stack gap={4} align="flex-end">
          <Button
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => setCreating(true)}
            disabled={planReason !== null}
            aria-describedby={planReason ? 'api-keys-plan-limit' : undefined}
          >
            Nova chave
          </Button>
          {planReason && <PlanLimitNotice id="api-keys-plan-limit" reason={planReason} />}
        </Stack>
      }
    >
      <PanelStates
        query={keys}
        loadingLabel="A carregar as chaves de API…"
        error={{
          title: 'Erro ao carregar as chaves de API',
          message: 'Verifique a ligação e tente novamente.',
        }}
        isEmpty={(rows) => rows.length === 0}
        empty={
          <Group gap="xs" c="dimmed">
            <IconKey size={18} aria-hidden="true" />
            <Text size="sm">Ainda não há chaves de API.</Text>
          </Group>
        }
      >
        {(rows) => (
          <ResponsiveList
            rows={rows}
            rowKey={(k) => k.id}
            columns={columns}
            label="Chaves de API"
            tableLabel="Tabela de chaves de API"
            minWidth={880}
            isMobile={isMobile}
            card={(k) => (
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {k.name}
                  </Text>
                  <ScopeBadge scope={k.scope} />
                </Group>
                <InactiveBadge apiKey={k} />
                <Text ff="monospace" size="sm">{`${k.prefix}…`}</Text>
                <Text size="sm">
                  Criada {k.createdByName ? `por ${k.createdByName} ` : ''}em {formatInstantDate(k.createdAt)}
                </Text>
                <Text size="sm">Último uso: {lastUsedText(k)}</Text>
                <Text size="sm" c={isExpired(k) ? 'red.9' : undefined}>
                  Expira: {expiryText(k)}
                </Text>
                {actions(k)}
              </Stack>
            )}
          />
        )}
      </PanelStates>
      <TransferApiKeyModal
        apiKey={transferring}
        onClose={() => setTransferring(null)}
        onTransferred={(k) =>
          onMessage?.({
            type: 'success',
            text: `A chave «${k.name}» foi transferida para ${k.createdByName}.`,
          })
        }
      />
      <CreateApiKeyModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(name) => onMessage?.({ type: 'success', text: `A chave «${name}» foi criada.` })}
      />
    </SectionPanel>
  );
}
