import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { notifications } from '@/db/schema/index.ts';
import { inTenant, type TenantContext } from '@/lib/tenant-scope.ts';

export type NotificationRow = typeof notifications.$inferSelect;

/** The caller's own notifications, inside their organization. */
function mine(ctx: TenantContext) {
  return and(inTenant(notifications, ctx), eq(notifications.userId, ctx.userId));
}

export async function insertNotification(db: Db, values: typeof notifications.$inferInsert): Promise<void> {
  await db.insert(notifications).values(values);
}

export async function selectNotifications(
  ctx: TenantContext,
  opts: { unreadOnly: boolean; limit: number; offset: number },
): Promise<{ rows: NotificationRow[]; total: number }> {
  const where = and(mine(ctx), opts.unreadOnly ? eq(notifications.isRead, false) : undefined);
  const [rows, [totals]] = await Promise.all([
    ctx.db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(opts.limit)
      .offset(opts.offset),
    ctx.db.select({ n: count() }).from(notifications).where(where),
  ]);
  return { rows, total: totals?.n ?? 0 };
}

export async function countUnread(ctx: TenantContext): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(notifications)
    .where(and(mine(ctx), eq(notifications.isRead, false)));
  return row?.n ?? 0;
}

export async function updateNotificationRead(
  ctx: TenantContext,
  id: string,
): Promise<NotificationRow | undefined> {
  const [row] = await ctx.db
    .update(notifications)
    .set({ isRead: true, readAt: new Date() })
    .where(and(mine(ctx), eq(notifications.id, id)))
    .returning();
  return row;
}

export async function updateAllRead(ctx: TenantContext): Promise<number> {
  const rows = await ctx.db
    .update(notifications)
    .set({ isRead: true, readAt: new Date() })
    .where(and(mine(ctx), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deleteNotificationById(ctx: TenantContext, id: string): Promise<boolean> {
  const rows = await ctx.db
    .delete(notifications)
    .where(and(mine(ctx), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return rows.length === 1;
}

export async function deleteReadNotifications(ctx: TenantContext): Promise<number> {
  const rows = await ctx.db
    .delete(notifications)
    .where(and(mine(ctx), eq(notifications.isRead, true)))
    .returning({ id: notifications.id });
  return rows.length;
}
