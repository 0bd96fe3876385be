import { MESSAGES } from '@aceite/shared/messages';
import type { Notification, NotificationType } from '@aceite/shared/schemas/notifications';
import type { Db } from '@/db/client.ts';
import { AppError } from '@/lib/app-error.ts';
import type { TenantContext } from '@/lib/tenant-scope.ts';
import {
  countUnread,
  deleteNotificationById,
  deleteReadNotifications,
  insertNotification,
  type NotificationRow,
  selectNotifications,
  updateAllRead,
  updateNotificationRead,
} from './notifications.queries.ts';

function toDto(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    actionUrl: row.actionUrl,
  };
}

export interface NewNotification {
  organizationId: string;
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  actionUrl: string | null;
}

/**
 * Records a notification for one user (docs/product.md#notifications). Called by other modules' services,
 * inside their transaction when they pass one, so the event and its notification land together.
 */
export async function notify(db: Db, notification: NewNotification): Promise<void> {
  await insertNotification(db, notification);
}

export async function listNotifications(
  ctx: TenantContext,
  query: { page: number; limit: number; unreadOnly: boolean },
): Promise<{
  data: Notification[];
  meta: { page: number; limit: number; total: number; totalPages: number };
}> {
  const { rows, total } = await selectNotifications(ctx, {
    unreadOnly: query.unreadOnly,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    data: rows.map(toDto),
    meta: {
      page: query.page,
      limit: query.limit,
      total,
      totalPages: Math.max(1, Math.ceil(total / query.limit)),
    },
  };
}

export function getUnreadCount(ctx: TenantContext): Promise<number> {
  return countUnread(ctx);
}

export async function markRead(ctx: TenantContext, id: string): Promise<Notification> {
  const row = await updateNotificationRead(ctx, id);
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.notificationNotFound);
  return toDto(row);
}

export function markAllRead(ctx: TenantContext): Promise<number> {
  return updateAllRead(ctx);
}

export async function deleteNotification(ctx: TenantContext, id: string): Promise<void> {
  if (!(await deleteNotificationById(ctx, id)))
    throw new AppError('NOT_FOUND', MESSAGES.notificationNotFound);
}

export function deleteRead(ctx: TenantContext): Promise<number> {
  return deleteReadNotifications(ctx);
}
