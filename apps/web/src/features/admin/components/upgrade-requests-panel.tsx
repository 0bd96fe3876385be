import { formatInstantDate } from '@aceite/shared/dates';
import { planById } from '@aceite/shared/pricing';
import type { AdminUpgradeRequest } from '@aceite/shared/schemas/upgrade-requests';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PanelStates } from '@/components/panel-states';
import { errorMessage } from '@/lib/api-client';
import { usePendingUpgradeRequests, useResolveUpgradeRequest } from '../api/upgrade-requests';

const PERIOD_LABELS = { monthly: 'mensal', yearly: 'anual' } as const;

type Decision = 'apply' | 'dismiss';

interface RequestCardProps {
  request: AdminUpgradeRequest;
  /** Handled in the panel: the card leaves the list once the request is handled. */
  onResolve: (request: AdminUpgradeRequest, decision: Decision) => void;
  busy: boolean;
}

function RequestCard({ request, onResolve, busy }: RequestCardProps) {
  const target = planById(request.plan).name;
  const act = (decision: Decision) => onResolve(request, decision);
  return (
    <Card withBorder padding="sm" component="li">
      <Stack gap={4}>
        <Text fw={600}>{request.organization.name}</Text>
        <Text size="sm">
          {planById(request.organization.plan).name} → {target} (faturação{' '}
          {PERIOD_LABELS[request.billingPeriod]})
        </Text>
        <Text size="xs" c="dimmed">
          Pedido em {formatInstantDate(request.createdAt)}
          {request.requestedBy ? ` por ${request.requestedBy}` : ''}
        </Text>
        {request.note && (
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {request.note}
          </Text>
        )}
        <Group justify="flex-end" gap="xs" mt="xs">
          <Button
            size="xs"
            variant="default"
            disabled={busy}
            onClick={() => act('dismiss')}
            aria-label={`Recusar o pedido de ${request.organization.name}`}
          >
            Recusar
          </Button>
          <Button
            size="xs"
            loading={busy}
            onClick={() => act('apply')}
            aria-label={`Aplicar o plano ${target} a ${request.organization.name}`}
          >
            Aplicar
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * The pending "Mudar de plano" requests (docs/product.md#plans): "Aplicar" sets the plan (and ends the trial),
 * "Recusar" leaves it; both audited. Payment is collected outside the product for now (manual billing).
 */
export function UpgradeRequestsPanel() {
  const query = usePendingUpgradeRequests();
  const resolve = useResolveUpgradeRequest();
  const onResolve = (request: AdminUpgradeRequest, decision: Decision) =>
    resolve.mutate(
      { id: request.id, decision },
      {
        onSuccess: () =>
          notifications.show({
            closeButtonProps: { 'aria-label': 'Fechar notificação' },
            color: 'green',
            message:
              decision === 'apply'
                ? `${request.organization.name} passou para o plano ${planById(request.plan).name}.`
                : `O pedido de ${request.organization.name} foi recusado.`,
          }),
        onError: (error) =>
          notifications.show({
            closeButtonProps: { 'aria-label': 'Fechar notificação' },
            color: 'red',
            message: errorMessage(error, 'Não foi possível tratar o pedido. Tente novamente.'),
          }),
      },
    );
  const busyId = resolve.isPending ? resolve.variables?.id : undefined;
  return (
    <PanelStates
      query={query}
      loadingLabel="A carregar pedidos…"
      error={{
        title: 'Erro ao carregar pedidos',
        message: 'Não foi possível carregar os pedidos. Tente novamente.',
      }}
      isEmpty={(requests) => requests.length === 0}
      empty="Não há pedidos de mudança de plano a aguardar."
    >
      {(requests) => (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {requests.map((request) => (
            <RequestCard
              key={request.id}
              request={request}
              onResolve={onResolve}
              busy={busyId === request.id}
            />
          ))}
        </Stack>
      )}
    </PanelStates>
  );
}
