import type { Notification } from '@aceite/shared/schemas/notifications';
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  EmptyState,
  Group,
  Paper,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBellOff, IconCheck, IconChecks, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PanelStates } from '@/components/panel-states';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatRelativeTime } from '@/lib/format';
import { useDeleteNotification } from '../api/delete-notification';
import { useDeleteReadNotifications } from '../api/delete-read-notifications';
import { useNotificationsPage } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';

const LOAD_ERROR = 'Não foi possível carregar as notificações.';
const ACTION_ERROR = 'Não foi possível concluir a ação. Tente novamente.';

/** A server-given in-app path (e.g. `/proposals/{id}`); anything else is not offered as a link. */
function internalPath(actionUrl: string | null): string | null {
  return actionUrl?.startsWith('/') && !actionUrl.startsWith('//') ? actionUrl : null;
}

interface NotificationItemProps {
  notification: Notification;
  onMarkRead: (notification: Notification) => void;
  onDelete: (notification: Notification) => void;
  busy: boolean;
}

function NotificationItem({ notification, onMarkRead, onDelete, busy }: NotificationItemProps) {
  const link = internalPath(notification.actionUrl);
  const unread = !notification.isRead;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="md"
      bg={unread ? 'brand.0' : undefined}
      style={{ borderLeft: unread ? '4px solid var(--mantine-color-brand-6)' : undefined }}
    >
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={4} style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={unread ? 700 : 600} size="sm">
              {link ? (
                <Anchor component={Link} to={link} inherit onClick={() => unread && onMarkRead(notification)}>
                  {notification.title}
                </Anchor>
              ) : (
                notification.title
              )}
            </Text>
            {unread && (
              <Badge size="xs" variant="filled" color="brand" tt="none">
                Não lida
              </Badge>
            )}
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {notification.message}
          </Text>
          <Tooltip label={formatDateTime(notification.createdAt)}>
            <Text size="xs" c="dimmed" component="time" dateTime={notification.createdAt} w="fit-content">
              {formatRelativeTime(notification.createdAt)}
            </Text>
          </Tooltip>
        </Stack>
        <Group gap="xs">
          {unread && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconCheck size={14} aria-hidden="true" />}
              onClick={() => onMarkRead(notification)}
              disabled={busy}
              aria-label={`Marcar como lida: ${notification.title}`}
            >
              Marcar como lida
            </Button>
          )}
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden="true" />}
            onClick={() => onDelete(notification)}
            disabled={busy}
            aria-label={`Eliminar: ${notification.title}`}
          >
            Eliminar
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** The outcome of the last action, shown by the screen that holds the panel (null clears it). */
export type NotificationsMessage = { type: 'success' | 'error'; text: string } | null;

interface NotificationsPanelProps {
  onMessage: (message: NotificationsMessage) => void;
  /** After any change, so other views of the notifications (the top-bar bell) can refresh. */
  onChanged?: () => void;
}

/**
 * Settings → Notificações (docs/product.md#notifications): only-unread filter, mark all read, delete read,
 * per-item mark read and delete, 20 per page.
 */
export function NotificationsPanel({ onMessage, onChanged }: NotificationsPanelProps) {
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = useState(1);
  const list = useNotificationsPage({ page, unreadOnly });
  const items = list.data?.data ?? [];
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const deleteOne = useDeleteNotification();
  const deleteRead = useDeleteReadNotifications();

  const totalPages = Math.max(1, list.data?.meta.totalPages ?? 1);
  // After deletions the last page may be gone: show the last one that exists.
  const currentPage = Math.min(page, totalPages);
  if (currentPage !== page && !list.isFetching) setPage(currentPage);

  const failed = (error: unknown) => onMessage({ type: 'error', text: errorMessage(error, ACTION_ERROR) });
  const succeeded = (text?: string) => {
    onChanged?.();
    if (text) onMessage({ type: 'success', text });
  };

  const handleMarkRead = (notification: Notification) => {
    onMessage(null);
    markRead.mutate(notification.id, { onSuccess: () => succeeded(), onError: failed });
  };

  const handleDelete = (notification: Notification) =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': 'Fechar' },
      title: 'Eliminar notificação',
      children: (
        <Text size="sm">
          Eliminar a notificação <strong>{notification.title}</strong>? Esta ação não pode ser desfeita.
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      // red.8: white text on Mantine's default red fails contrast (3.3:1).
      confirmProps: { color: 'red.8' },
      onConfirm: () => {
        onMessage(null);
        deleteOne.mutate(notification.id, {
          onSuccess: () => {
            // The last item of a later page: go back to the page before it.
            if (items.length === 1 && currentPage > 1) setPage(currentPage - 1);
            succeeded();
          },
          onError: failed,
        });
      },
    });

  const handleMarkAll = () => {
    onMessage(null);
    markAll.mutate(undefined, {
      onSuccess: (count) =>
        succeeded(
          count === 0
            ? 'Não havia notificações por ler.'
            : count === 1
              ? '1 notificação marcada como lida.'
              : `${count} notificações marcadas como lidas.`,
        ),
      onError: failed,
    });
  };

  const handleDeleteRead = () =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': 'Fechar' },
      title: 'Eliminar notificações lidas',
      children: (
        <Text size="sm">Eliminar todas as notificações já lidas? Esta ação não pode ser desfeita.</Text>
      ),
      labels: { confirm: 'Eliminar lidas', cancel: 'Cancelar' },
      // red.8: white text on Mantine's default red fails contrast (3.3:1).
      confirmProps: { color: 'red.8' },
      onConfirm: () => {
        onMessage(null);
        deleteRead.mutate(undefined, {
          onSuccess: (count) =>
            succeeded(
              count === 0
                ? 'Não havia notificações lidas para eliminar.'
                : count === 1
                  ? '1 notificação eliminada.'
                  : `${count} notificações eliminadas.`,
            ),
          onError: failed,
        });
      },
    });

  const busy = markRead.isPending || deleteOne.isPending;

  const content = (
    <PanelStates
      query={list}
      loadingLabel="A carregar notificações…"
      error={{ message: LOAD_ERROR, fixed: true }}
      isEmpty={() => items.length === 0}
      empty={
        <Paper withBorder radius="md">
          <EmptyState
            py="xl"
            icon={<IconBellOff size={28} aria-hidden="true" />}
            variant="light"
            title={unreadOnly ? 'Nenhuma notificação por ler' : 'Nenhuma notificação'}
            description={
              unreadOnly
                ? 'Está tudo em dia.'
                : 'Aqui aparecem os avisos sobre propostas, convites e equipas.'
            }
          />
        </Paper>
      }
    >
      {() => (
        <Stack gap="sm">
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Notificações">
            {items.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                onMarkRead={handleMarkRead}
                onDelete={handleDelete}
                busy={busy}
              />
            ))}
          </Stack>
          <Group
            justify="space-between"
            gap="xs"
            mt="xs"
            wrap="nowrap"
            component="nav"
            aria-label="Páginas de notificações"
          >
            <Button
              variant="default"
              size="compact-sm"
              h={36}
              px="sm"
              style={{ flexShrink: 0 }}
              disabled={currentPage <= 1}
              onClick={() => setPage(currentPage - 1)}
            >
              Anterior
            </Button>
            <Text size="sm" ta="center" style={{ whiteSpace: 'nowrap' }} aria-live="polite">
              Página {currentPage} de {totalPages}
            </Text>
            <Button
              variant="default"
              size="compact-sm"
              h={36}
              px="sm"
              style={{ flexShrink: 0 }}
              disabled={currentPage >= totalPages}
              onClick={() => setPage(currentPage + 1)}
            >
              Próxima
            </Button>
          </Group>
        </Stack>
      )}
    </PanelStates>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Checkbox
          label="Mostrar apenas não lidas"
          checked={unreadOnly}
          onChange={(event) => {
            setUnreadOnly(event.currentTarget.checked);
            setPage(1);
          }}
        />
        <Group gap="xs">
          <Button
            size="sm"
            variant="default"
            leftSection={<IconChecks size={16} aria-hidden="true" />}
            onClick={handleMarkAll}
            loading={markAll.isPending}
          >
            Marcar todas como lidas
          </Button>
          <Button
            size="sm"
            variant="default"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden="true" />}
            onClick={handleDeleteRead}
            loading={deleteRead.isPending}
          >
            Eliminar lidas
          </Button>
        </Group>
      </Group>
      {content}
    </Stack>
  );
}
