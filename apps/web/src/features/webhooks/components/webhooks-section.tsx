import {
  WEBHOOK_ENDPOINT_STATUS_LABELS,
  WEBHOOK_EVENT_LABELS,
  type WebhookEndpoint,
} from '@aceite/shared/schemas/webhooks';
import { Badge, Button, Card, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { usePlanFeatureReason } from '@/api/plan-usage';
import { PanelStates } from '@/components/panel-states';
import { PlanLimitNotice } from '@/components/plan-limit-notice';
import { SectionPanel } from '@/components/section-panel';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useIsMobile } from '@/lib/use-is-mobile';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhooks } from '../api/get-webhooks';
import { useSendWebhookTest } from '../api/send-webhook-test';
import { useRevealWebhookSecret, useRotateWebhookSecret } from '../api/webhook-secret';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookForm } from './webhook-form';

// Tint and text shades that pass WCAG AA (4.5:1) on the light badge, like ActiveBadge.
const STATUS_COLOR = {
  active: { color: 'green', c: undefined },
  paused: { color: 'gray', c: 'gray.8' },
  disabled: { color: 'red', c: 'red.9' },
} as const;

type Dialog =
  | { kind: 'form'; endpoint?: WebhookEndpoint }
  | { kind: 'secret'; endpoint: WebhookEndpoint; secret: string; rotated: boolean }
  | { kind: 'log'; endpoint: WebhookEndpoint };

/**
 * Settings → Integrações → Webhooks (admins): the endpoints, their secrets, a test event and the delivery log
 * with "Reenviar" (docs/product.md#webhooks).
 */
export function WebhooksSection() {
  const query = useWebhooks();
  // A plan without webhooks: the button says so before the admin tries (docs/product.md#plans).
  const planReason = usePlanFeatureReason('webhooks');
  const isMobile = useIsMobile();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const reveal = useRevealWebhookSecret();
  const rotate = useRotateWebhookSecret();
  const sendTest = useSendWebhookTest();
  const remove = useDeleteWebhook();
  const close = () => setDialog(null);

  const failed = (fallback: string) => (failure: unknown) =>
    notifications.show({ color: 'red', message: errorMessage(failure, fallback) });

  const showSecret = (endpoint: WebhookEndpoint) =>
    reveal
      .mutateAsync(endpoint.id)
      .then((secret) => setDialog({ kind: 'secret', endpoint, secret, rotated: false }))
      .catch(failed('Não foi possível mostrar o segredo'));

  const confirmRotate = (endpoint: WebhookEndpoint) =>
    modals.openConfirmModal({
      title: 'Rodar segredo',
      children: (
        <Text size="sm">
          Um novo segredo passa a assinar os eventos. O atual continua válido durante 24 horas (os pedidos
          levam as duas assinaturas), para ter tempo de atualizar o recetor.
        </Text>
      ),
      labels: { confirm: 'Rodar segredo', cancel: 'Cancelar' },
      onConfirm: () =>
        rotate
          .mutateAsync(endpoint.id)
          .then((secret) => setDialog({ kind: 'secret', endpoint, secret, rotated: true }))
          .catch(failed('Não foi possível rodar o segredo')),
    });

  const test = (endpoint: WebhookEndpoint) =>
    sendTest
      .mutateAsync(endpoint.id)
      .then(() => {
        notifications.show({ color: 'teal', message: 'Evento de teste enviado para a fila de entrega' });
        setDialog({ kind: 'log', endpoint });
      })
      .catch(failed('Não foi possível enviar o evento de teste'));

  const confirmDelete = (endpoint: WebhookEndpoint) =>
    modals.openConfirmModal({
      title: 'Eliminar webhook',
      children: (
        <Text size="sm">
          O webhook {endpoint.url} deixa de receber eventos; as entregas em fila e o registo são apagados.
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutateAsync(endpoint.id).catch(failed('Não foi possível eliminar o webhook')),
    });

  return (
    <SectionPanel
      title="Webhooks"
      description="O Aceite avisa o seu CRM, por HTTPS e com assinatura, quando algo acontece."
      actions={
        <Stack gap={4} align="flex-end">
          <Button
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => setDialog({ kind: 'form' })}
            disabled={planReason !== null}
            aria-describedby={planReason ? 'webhooks-plan-limit' : undefined}
          >
            Adicionar webhook
          </Button>
          {planReason && <PlanLimitNotice id="webhooks-plan-limit" reason={planReason} />}
        </Stack>
      }
    >
      <PanelStates
        query={query}
        loadingLabel="A carregar os webhooks…"
        error={{ message: 'Não foi possível carregar os webhooks' }}
        isEmpty={(endpoints) => endpoints.length === 0}
        empty="Ainda não há webhooks."
      >
        {(endpoints) => (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Webhooks">
            {endpoints.map((endpoint) => (
              <li key={endpoint.id}>
                <Card withBorder radius="md" padding="md">
                  <Stack gap="xs">
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <Text fw={600} style={{ wordBreak: 'break-all' }}>
                        {endpoint.url}
                      </Text>
                      <Badge {...STATUS_COLOR[endpoint.status]} variant="light" tt="none">
                        {WEBHOOK_ENDPOINT_STATUS_LABELS[endpoint.status]}
                      </Badge>
                    </Group>
                    {endpoint.description && <Text size="sm">{endpoint.description}</Text>}
                    <Text size="sm" c="dimmed">
                      {endpoint.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(' · ')}
                    </Text>
                    {endpoint.disabledReason && (
                      <Text size="sm" c="red.9">
                        Desativado: {endpoint.disabledReason}. Guarde-o como ativo para o reativar.
                      </Text>
                    )}
                    {endpoint.previousSecretExpiresAt && (
                      <Text size="sm" c="dimmed">
                        O segredo anterior é válido até {formatDateTime(endpoint.previousSecretExpiresAt)}.
                      </Text>
                    )}
                    <Group gap="xs" wrap="wrap">
                      <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'log', endpoint })}>
                        Entregas
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => test(endpoint)}
                        loading={sendTest.isPending}
                      >
                        Enviar evento de teste
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setDialog({ kind: 'form', endpoint })}
                      >
                        Editar
                      </Button>
                      <Button size="xs" variant="default" onClick={() => showSecret(endpoint)}>
                        Mostrar segredo
                      </Button>
                      <Button size="xs" variant="default" onClick={() => confirmRotate(endpoint)}>
                        Rodar segredo
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red.9"
                        onClick={() => confirmDelete(endpoint)}
                      >
                        Eliminar
                      </Button>
                    </Group>
                  </Stack>
                </Card>
              </li>
            ))}
          </Stack>
        )}
      </PanelStates>

      <Modal
        opened={dialog?.kind === 'form'}
        onClose={close}
        title={dialog?.kind === 'form' && dialog.endpoint ? 'Editar webhook' : 'Adicionar webhook'}
        size="lg"
        fullScreen={isMobile}
      >
        {dialog?.kind === 'form' && <WebhookForm endpoint={dialog.endpoint} onDone={close} />}
      </Modal>

      <Modal opened={dialog?.kind === 'secret'} onClose={close} title="Segredo de assinatura" size="lg">
        {dialog?.kind === 'secret' && (
          <Stack gap="sm">
            <Text size="sm">
              {dialog.rotated
                ? 'Novo segredo. O anterior continua a assinar durante 24 horas.'
                : 'Use-o no recetor para verificar a assinatura de cada pedido.'}
            </Text>
            <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
              {dialog.secret}
            </Code>
            <Group justify="flex-end">
              <CopyButton value={dialog.secret}>
                {({ copied, copy }) => (
                  <Button onClick={copy} variant={copied ? 'light' : 'filled'}>
                    {copied ? 'Copiado' : 'Copiar segredo'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        )}
      </Modal>

      <Modal
        opened={dialog?.kind === 'log'}
        onClose={close}
        title={dialog?.kind === 'log' ? `Entregas de ${dialog.endpoint.url}` : 'Entregas'}
        size="xl"
        fullScreen={isMobile}
      >
        {dialog?.kind === 'log' && <WebhookDeliveries endpointId={dialog.endpoint.id} />}
      </Modal>
    </SectionPanel>
  );
}
