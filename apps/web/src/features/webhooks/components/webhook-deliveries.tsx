import type { WebhookAttempt } from '@aceite/shared/schemas/webhooks';
import { Badge, Button, Code, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ListPagination } from '@/components/list-pagination';
import { ListStates } from '@/components/list-states';
import { type ListColumn, ResponsiveList } from '@/components/responsive-list';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useIsMobile } from '@/lib/use-is-mobile';
import { useWebhookAttempts } from '../api/get-webhook-attempts';
import { useReplayWebhookDelivery } from '../api/replay-webhook-delivery';

function StatusBadge({ attempt }: { attempt: WebhookAttempt }) {
  const label = attempt.responseStatus === null ? 'Sem resposta' : String(attempt.responseStatus);
  return (
    // Shades that pass WCAG AA on the light badge, like ActiveBadge.
    <Badge
      color={attempt.success ? 'green' : 'red'}
      c={attempt.success ? undefined : 'red.9'}
      variant="light"
    >
      {label}
    </Badge>
  );
}

/** An endpoint's delivery log (docs/product.md#webhooks): event, attempt, time, answer, duration, body. */
export function WebhookDeliveries({ endpointId }: { endpointId: string }) {
  const [page, setPage] = useState(1);
  const isMobile = useIsMobile();
  const query = useWebhookAttempts(endpointId, page);
  const replay = useReplayWebhookDelivery();

  const resend = async (attempt: WebhookAttempt) => {
    try {
      await replay.mutateAsync({ endpointId, deliveryId: attempt.deliveryId });
      notifications.show({ color: 'teal', message: 'Evento reenviado para a fila de entrega' });
    } catch (failure) {
      notifications.show({ color: 'red', message: errorMessage(failure, 'Não foi possível reenviar') });
    }
  };

  const resendButton = (attempt: WebhookAttempt) => (
    <Button
      size="xs"
      variant="light"
      onClick={() => resend(attempt)}
      aria-label={`Reenviar ${attempt.eventType} (tentativa ${attempt.attempt})`}
    >
      Reenviar
    </Button>
  );

  const columns: ListColumn<WebhookAttempt>[] = [
    { header: 'Evento', cell: (a) => <Code>{a.eventType}</Code>, nowrap: true },
    { header: 'Tentativa', cell: (a) => a.attempt, align: 'right' },
    { header: 'Quando', cell: (a) => formatDateTime(a.attemptedAt), nowrap: true },
    { header: 'Resposta', cell: (a) => <StatusBadge attempt={a} /> },
    { header: 'Duração', cell: (a) => `${a.durationMs} ms`, align: 'right', nowrap: true },
    {
      header: 'Corpo da resposta',
      cell: (a) => (
        <Text size="xs" lineClamp={2} style={{ wordBreak: 'break-all' }}>
          {a.responseBody || '—'}
        </Text>
      ),
      maxWidth: 260,
    },
    { header: 'Ações', hideHeader: true, cell: resendButton },
  ];

  return (
    <Stack gap="sm">
      <ListStates
        query={query}
        rows={query.data?.data}
        loadingLabel="A carregar as entregas…"
        errorTitle="Não foi possível carregar as entregas"
        page={page}
        onFirstPage={() => setPage(1)}
        empty={{
          title: 'Ainda não há entregas',
          description: 'Envie um evento de teste para experimentar.',
        }}
      >
        {(rows) => (
          <ResponsiveList
            rows={rows}
            rowKey={(a) => a.id}
            columns={columns}
            label="Entregas"
            tableLabel="Tabela de entregas"
            minWidth={760}
            isMobile={isMobile}
            card={(a) => (
              <Stack gap={4}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Code>{a.eventType}</Code>
                  <StatusBadge attempt={a} />
                </Group>
                <Text size="sm">
                  Tentativa {a.attempt} · {formatDateTime(a.attemptedAt)} · {a.durationMs} ms
                </Text>
                {a.responseBody && (
                  <Text size="xs" c="dimmed" lineClamp={3} style={{ wordBreak: 'break-all' }}>
                    {a.responseBody}
                  </Text>
                )}
                <Group>{resendButton(a)}</Group>
              </Stack>
            )}
          />
        )}
      </ListStates>
      <ListPagination
        label="Paginação das entregas"
        page={page}
        totalPages={query.data?.pagination.totalPages ?? 1}
        onChange={setPage}
        compact={isMobile}
      />
    </Stack>
  );
}
