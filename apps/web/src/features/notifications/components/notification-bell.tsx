import type { Notification } from '@aceite/shared/schemas/notifications';
import {
  ActionIcon,
  Badge,
  Box,
  Group,
  Menu,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconBell, IconBellOff, IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { formatDateTime, formatRelativeTime } from '@/lib/format';
import { useLatestNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { logNotificationFailure } from '../api/warn-on-failure';

/**
 * The badge text: nothing at 0, the count up to 9, then '9+'
 * (docs/product.md#notifications, #limits-and-defaults).
 */
export function unreadBadgeLabel(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}

/** The bell's accessible name carries the exact count, which the '9+' badge hides. */
export function bellAriaLabel(count: number): string {
  if (count <= 0) return 'Notificações';
  return `Notificações, ${count} ${count === 1 ? 'não lida' : 'não lidas'}`;
}

/** Only paths inside this app are followed; anything else (another origin, a scheme) is ignored. */
function appPath(actionUrl: string | null): string | null {
  if (!actionUrl?.startsWith('/') || actionUrl.startsWith('//') || actionUrl.startsWith('/\\')) return null;
  return actionUrl;
}

function NotificationItem({
  notification,
  now,
  onOpen,
}: {
  notification: Notification;
  now: Date;
  onOpen: (notification: Notification) => void;
}) {
  const unread = !notification.isRead;
  return (
    <Menu.Item
      onClick={() => onOpen(notification)}
      py="sm"
      bg={unread ? 'var(--mantine-color-brand-0)' : undefined}
      leftSection={
        <Box
          component="span"
          aria-hidden="true"
          w={8}
          h={8}
          mt={6}
          style={{
            borderRadius: '50%',
            alignSelf: 'flex-start',
            background: unread ? 'var(--mantine-color-brand-filled)' : 'transparent',
          }}
        />
      }
      styles={{ itemSection: { alignSelf: 'flex-start' } }}
    >
      <Text component="span" display="block" size="sm" fw={unread ? 700 : 500} lineClamp={2}>
        {notification.title}
      </Text>
      <Text component="span" display="block" size="xs" c="dimmed" lineClamp={2} mt={2}>
        {notification.message}
      </Text>
      <Text component="span" display="block" size="xs" c="dimmed" mt={4}>
        <time dateTime={notification.createdAt} title={formatDateTime(notification.createdAt)}>
          {formatRelativeTime(notification.createdAt, now)}
        </time>
      </Text>
      {unread && <VisuallyHidden>Não lida</VisuallyHidden>}
    </Menu.Item>
  );
}

/**
 * The top bar's bell (docs/product.md#notifications): the unread badge, polled every 30 s and on window
 * focus, and a menu with the latest 10. A click marks the notification read and opens its screen.
 */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  const unreadCount = useUnreadCount();
  const latest = useLatestNotifications({ enabled: opened });
  // The bell's failures are only logged; the visitor still gets to the screen.
  const markRead = useMarkNotificationRead({
    onError: (error) => logNotificationFailure('marcar como lida', error),
  });
  const markAllRead = useMarkAllNotificationsRead({
    onError: (error) => logNotificationFailure('marcar todas como lidas', error),
  });

  const count = unreadCount.data ?? 0;
  const badge = unreadBadgeLabel(count);
  const notifications = latest.data?.data ?? [];
  const now = new Date();

  const open = (notification: Notification) => {
    if (!notification.isRead) markRead.mutate(notification.id);
    const target = appPath(notification.actionUrl);
    if (target) navigate(target);
  };

  return (
    <Menu
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={360}
      shadow="md"
      withinPortal
      loop
      // No focus placeholder: it is an element the ARIA menu role does not allow. Items are tabbable too, so
      // the scrolling list has focusable content (axe scrollable-region-focusable).
      withInitialFocusPlaceholder={false}
      menuItemTabIndex={0}
      // The top bar never scrolls out of view, so the menu has no detached target to hide from.
      hideDetached={false}
    >
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={bellAriaLabel(count)}
          style={{ overflow: 'visible' }}
        >
          <IconBell size={20} aria-hidden="true" />
          {badge && (
            <Badge
              aria-hidden="true"
              data-testid="unread-badge"
              size="xs"
              color="red.9"
              variant="filled"
              radius="xl"
              px={4}
              miw={18}
              h={18}
              pos="absolute"
              top={-3}
              right={-5}
              style={{ pointerEvents: 'none', border: '2px solid var(--mantine-color-body)' }}
            >
              {badge}
            </Badge>
          )}
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown p={0} maw="calc(100vw - 16px)">
        <Group justify="space-between" wrap="nowrap" gap="xs" px="md" pt="sm" pb="xs">
          <Text fw={700} size="sm" component="span">
            Notificações
          </Text>
          <Menu.Item
            w="auto"
            px="xs"
            py={4}
            c="brand"
            fz="xs"
            fw={600}
            closeMenuOnClick={false}
            styles={{ itemLabel: { whiteSpace: 'nowrap' } }}
            // Never disabled: a disabled item cannot hold focus, and an empty menu would then trap none (nor
            // close on Escape). With nothing unread the call is a harmless no-op.
            onClick={() => {
              if (!markAllRead.isPending) markAllRead.mutate();
            }}
            leftSection={<IconChecks size={14} aria-hidden="true" />}
          >
            Marcar todas como lidas
          </Menu.Item>
        </Group>
        <Menu.Divider m={0} />
        {latest.isPending && notifications.length === 0 ? (
          <Stack gap="sm" p="md">
            <VisuallyHidden>A carregar notificações…</VisuallyHidden>
            {[0, 1, 2].map((i) => (
              <Stack key={i} gap={6} aria-hidden="true">
                <Skeleton h={12} w="70%" />
                <Skeleton h={10} w="95%" />
              </Stack>
            ))}
          </Stack>
        ) : notifications.length === 0 ? (
          <Stack align="center" gap={6} py="xl" px="md">
            <IconBellOff size={28} aria-hidden="true" color="var(--mantine-color-dimmed)" />
            <Text size="sm" c="dimmed">
              Sem notificações
            </Text>
          </Stack>
        ) : (
          <ScrollArea.Autosize mah="min(26rem, 70dvh)" type="auto">
            <Box p={4}>
              {notifications.map((notification) => (
                <NotificationItem key={notification.id} notification={notification} now={now} onOpen={open} />
              ))}
            </Box>
          </ScrollArea.Autosize>
        )}
        <Menu.Divider m={0} />
        <Menu.Item
          component={Link}
          to={`${paths.settings}?tab=notificacoes`}
          ta="center"
          c="brand"
          fz="sm"
          fw={600}
          py="sm"
        >
          Ver todas as notificações
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
