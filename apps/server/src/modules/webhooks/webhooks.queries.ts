import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import {
  users,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '@/db/schema/index.ts';
import { claimIdsFrom } from '@/lib/durable-queue.ts';
import { inTenant, type Scope, sameTenant } from '@/lib/tenant-scope.ts';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
type EndpointValues = Partial<Omit<typeof webhookEndpoints.$inferInsert, 'id' | 'organizationId'>>;

export async function selectEndpoints(ctx: Scope): Promise<WebhookEndpointRow[]> {
  return ctx.db
    .select()
    .from(webhookEndpoints)
    .where(inTenant(webhookEndpoints, ctx))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
}

export async function selectEndpointById(ctx: Scope, id: string): Promise<WebhookEndpointRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(and(inTenant(webhookEndpoints, ctx), eq(webhookEndpoints.id, id)))
    .limit(1);
  return row;
}

/**
 * Locks the organization's endpoint count until the transaction ends and returns it: two creations at once
 * cannot both pass the limit (docs/integrations.md#limits).
 */
export async function lockAndCountEndpoints(ctx: Scope): Promise<number> {
  await ctx.db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`webhook-endpoints:${ctx.organizationId}`}))`,
  );
  const [row] = await ctx.db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(inTenant(webhookEndpoints, ctx));
  return row?.n ?? 0;
}

export async function insertEndpoint(
  ctx: Scope,
  values: Omit<typeof webhookEndpoints.$inferInsert, 'id' | 'organizationId'>,
): Promise<WebhookEndpointRow> {
  const [row] = await ctx.db
    .insert(webhookEndpoints)
    .values({ ...values, organizationId: ctx.organizationId })
    .returning();
  if (!row) throw new Error('webhook endpoint insert returned nothing');
  return row;
}

export async function updateEndpointById(
  ctx: Scope,
  id: string,
  values: EndpointValues,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await ctx.db
    .update(webhookEndpoints)
    .set({ ...values, updatedAt: new Date() })
    .where(and(inTenant(webhookEndpoints, ctx), eq(webhookEndpoints.id, id)))
    .returning();
  return row;
}

export async function deleteEndpointById(ctx: Scope, id: string): Promise<boolean> {
  const rows = await ctx.db
    .delete(webhookEndpoints)
    .where(and(inTenant(webhookEndpoints, ctx), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return rows.length === 1;
}

/**
 * Records an event and queues one delivery per endpoint of the organization subscribed to its type (paused
 * ones included: they hold their queue), in one statement; nothing is written when no endpoint listens.
 * Returns how many deliveries were queued.
 */
export async function insertEventWithDeliveries(
  db: Db,
  event: { id: string; organizationId: string; type: string; body: string; orderingKey: string | null },
): Promise<number> {
  const result = await db.execute(sql`
    WITH targets AS (
      SELECT id FROM ${webhookEndpoints}
       WHERE organization_id = ${event.organizationId}
         AND status <> 'disabled'
         AND ${event.type} = ANY(events)),
    ev AS (
      INSERT INTO ${webhookEvents} (id, organization_id, type, body)
      SELECT ${event.id}, ${event.organizationId}, ${event.type}, ${event.body}
       WHERE EXISTS (SELECT 1 FROM targets)
      RETURNING id)
    INSERT INTO ${webhookDeliveries} (organization_id, endpoint_id, event_id, ordering_key)
    SELECT ${event.organizationId}, targets.id, ev.id, ${event.orderingKey} FROM targets, ev
    RETURNING id`);
  return result.rows.length;
}

/** An event for one endpoint only (the test event): recorded and queued without ordering. */
export async function insertEventForEndpoint(
  ctx: Scope,
  event: { id: string; type: string; body: string },
  endpointId: string,
): Promise<string> {
  await ctx.db.insert(webhookEvents).values({ ...event, organizationId: ctx.organizationId });
  return insertDelivery(ctx, event.id, endpointId);
}

/** A new delivery of a recorded event ("Reenviar"): outside any order, so it neither waits nor blocks. */
export async function insertDelivery(ctx: Scope, eventId: string, endpointId: string): Promise<string> {
  const [row] = await ctx.db
    .insert(webhookDeliveries)
    .values({ organizationId: ctx.organizationId, endpointId, eventId, orderingKey: null })
    .returning({ id: webhookDeliveries.id });
  if (!row) throw new Error('webhook delivery insert returned nothing');
  return row.id;
}

export async function selectDelivery(
  ctx: Scope,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        inTenant(webhookDeliveries, ctx),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.id, deliveryId),
      ),
    )
    .limit(1);
  return row;
}

export async function selectAttempts(
  ctx: Scope,
  endpointId: string,
  opts: { limit: number; offset: number },
) {
  const where = and(inTenant(webhookAttempts, ctx), eq(webhookAttempts.endpointId, endpointId));
  const [rows, [totals]] = await Promise.all([
    ctx.db
      .select({
        id: webhookAttempts.id,
        deliveryId: webhookAttempts.deliveryId,
        eventId: webhookDeliveries.eventId,
        eventType: webhookEvents.type,
        attempt: webhookAttempts.attempt,
        attemptedAt: webhookAttempts.attemptedAt,
        responseStatus: webhookAttempts.responseStatus,
        durationMs: webhookAttempts.durationMs,
        responseBody: webhookAttempts.responseBody,
        success: webhookAttempts.success,
        deliveryStatus: webhookDeliveries.status,
      })
      .from(webhookAttempts)
      .innerJoin(
        webhookDeliveries,
        and(
          eq(webhookDeliveries.id, webhookAttempts.deliveryId),
          sameTenant(webhookDeliveries, webhookAttempts),
        ),
      )
      .innerJoin(
        webhookEvents,
        and(eq(webhookEvents.id, webhookDeliveries.eventId), sameTenant(webhookEvents, webhookDeliveries)),
      )
      .where(where)
      .orderBy(desc(webhookAttempts.attemptedAt), desc(webhookAttempts.id))
      .limit(opts.limit)
      .offset(opts.offset),
    ctx.db.select({ n: count() }).from(webhookAttempts).where(where),
  ]);
  return { rows, total: totals?.n ?? 0 };
}

// ---- The delivery worker's queries: across organizations, like the email outbox's. ----

/**
 * Claims due deliveries of active endpoints. A delivery waits while an earlier one with the same ordering key
 * (a proposal) to the same endpoint is still pending, so a receiver sees one proposal's events in order. The
 * claim pushes next_attempt_at forward as a lease: other processes skip the rows (FOR UPDATE SKIP LOCKED) and
 * a crash mid-send only delays the retry (at least once).
 */
export async function claimDueDeliveries(db: Db, limit: number, leaseSeconds: number): Promise<string[]> {
  return claimIdsFrom(
    db,
    webhookDeliveries,
    sql`SELECT d.id FROM ${webhookDeliveries} d
          JOIN ${webhookEndpoints} e ON e.id = d.endpoint_id AND e.status = 'active'
         WHERE d.status = 'pending' AND d.next_attempt_at <= now()
           AND (d.ordering_key IS NULL OR NOT EXISTS (
                 SELECT 1 FROM ${webhookDeliveries} p
                  WHERE p.endpoint_id = d.endpoint_id AND p.ordering_key = d.ordering_key
                    AND p.status = 'pending' AND p.seq < d.seq))
         ORDER BY d.seq
         LIMIT ${limit}
         FOR UPDATE OF d SKIP LOCKED`,
    leaseSeconds,
  );
}

export interface ClaimedDelivery {
  id: string;
  organizationId: string;
  attempts: number;
  eventId: string;
  eventCreatedAt: Date;
  body: string;
  endpoint: WebhookEndpointRow;
}

export async function selectClaimed(db: Db, ids: string[]): Promise<ClaimedDelivery[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      seq: webhookDeliveries.seq,
      organizationId: webhookDeliveries.organizationId,
      attempts: webhookDeliveries.attempts,
      eventId: webhookEvents.id,
      eventCreatedAt: webhookEvents.createdAt,
      body: webhookEvents.body,
      endpoint: webhookEndpoints,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(inArray(webhookDeliveries.id, ids))
    .orderBy(webhookDeliveries.seq);
  return rows;
}

export async function insertAttempt(db: Db, row: typeof webhookAttempts.$inferInsert): Promise<void> {
  await db.insert(webhookAttempts).values(row);
}

export async function markDelivered(db: Db, id: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: 'delivered', deliveredAt: new Date() })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')));
}

export async function markDeliveryRetry(db: Db, id: string, at: Date | null): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set(at ? { nextAttemptAt: at } : { status: 'failed' })
    .where(eq(webhookDeliveries.id, id));
}

export async function markEndpointHealthy(db: Db, endpointId: string): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ failingSince: null })
    .where(and(eq(webhookEndpoints.id, endpointId), sql`${webhookEndpoints.failingSince} is not null`));
}

/** Notes a failure; returns since when the endpoint has been failing. */
export async function markEndpointFailing(db: Db, endpointId: string): Promise<Date> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())` })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({ failingSince: webhookEndpoints.failingSince });
  return row?.failingSince ?? new Date();
}

/** Disables an active endpoint; true only for the call that made the change (admins are told once). */
export async function disableEndpoint(db: Db, endpointId: string, reason: string): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ status: 'disabled', disabledReason: reason, updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.id, endpointId), sql`${webhookEndpoints.status} <> 'disabled'`))
    .returning({ id: webhookEndpoints.id });
  return rows.length === 1;
}

export async function selectActiveAdmins(db: Db, organizationId: string) {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.role, 'admin'), eq(users.isActive, true)));
}
