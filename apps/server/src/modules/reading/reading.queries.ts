import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { organizations, proposalReading, proposalReadingTotals, proposals } from '@/db/schema/index.ts';
import { inTenant, type Scope } from '@/lib/tenant-scope.ts';

export type ReadingRow = typeof proposalReading.$inferSelect;

/**
 * The public side finds the proposal by its link token alone, like the rest of the public area
 * (docs/architecture.md#tenant-scoping); it returns only what the reading needs.
 */
export async function selectReadingTarget(db: Db, token: string) {
  const [row] = await db
    .select({
      id: proposals.id,
      organizationId: proposals.organizationId,
      status: proposals.status,
      lastViewedAt: proposals.lastViewedAt,
      content: proposals.content,
    })
    .from(proposals)
    .where(eq(proposals.publicToken, token))
    .limit(1);
  return row;
}

/**
 * Serializes the reading batches of one proposal to the end of the transaction, so two batches of one visitor
 * cannot both open a visit (issue 34, L3).
 */
export async function lockProposalReading(db: Db, proposalId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`reading:${proposalId}`}, 0))`);
}

/** The visit of this visitor (network and device) on the proposal last seen after `since`, if any. */
export async function selectRecentVisitOfVisitor(
  db: Db,
  key: { proposalId: string; ip: string | null; device: ReadingRow['device'] },
  since: Date,
): Promise<string | undefined> {
  const [row] = await db
    .select({ visitId: proposalReading.visitId })
    .from(proposalReading)
    .where(
      and(
        eq(proposalReading.proposalId, key.proposalId),
        key.ip === null ? isNull(proposalReading.ip) : eq(proposalReading.ip, key.ip),
        eq(proposalReading.device, key.device),
        gt(proposalReading.lastSeenAt, since),
      ),
    )
    .orderBy(desc(proposalReading.lastSeenAt))
    .limit(1);
  return row?.visitId;
}

/** Whether the visit exists already. */
export async function visitExists(db: Db, key: { proposalId: string; visitId: string }): Promise<boolean> {
  const [row] = await db
    .select({ visitId: proposalReading.visitId })
    .from(proposalReading)
    .where(and(eq(proposalReading.proposalId, key.proposalId), eq(proposalReading.visitId, key.visitId)))
    .limit(1);
  return row !== undefined;
}

/** Visits of the proposal that started after `since`. */
export async function countVisitsSince(db: Db, proposalId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(proposalReading)
    .where(and(eq(proposalReading.proposalId, proposalId), gt(proposalReading.startedAt, since)));
  return row?.n ?? 0;
}

/** The visit's row, locked to the end of the transaction (created first when new, with nothing read yet). */
export async function lockVisit(db: Db, values: typeof proposalReading.$inferInsert): Promise<ReadingRow> {
  await db.insert(proposalReading).values(values).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(proposalReading)
    .where(
      and(eq(proposalReading.proposalId, values.proposalId), eq(proposalReading.visitId, values.visitId)),
    )
    .for('update');
  if (!row) throw new Error('reading visit missing after insert');
  return row;
}

export async function updateVisit(
  db: Db,
  key: { proposalId: string; visitId: string },
  values: Pick<ReadingRow, 'visibleMs' | 'sections' | 'lastSeenAt'>,
): Promise<void> {
  await db
    .update(proposalReading)
    .set(values)
    .where(and(eq(proposalReading.proposalId, key.proposalId), eq(proposalReading.visitId, key.visitId)));
}

/** Whether the proposal is one of the organization's (another organization's is not found). */
export async function selectProposalForReading(ctx: Scope, id: string) {
  const [row] = await ctx.db
    .select({ id: proposals.id, content: proposals.content })
    .from(proposals)
    .where(and(eq(proposals.id, id), inTenant(proposals, ctx)))
    .limit(1);
  return row;
}

export function selectVisits(ctx: Scope, proposalId: string): Promise<ReadingRow[]> {
  return ctx.db
    .select()
    .from(proposalReading)
    .where(and(eq(proposalReading.proposalId, proposalId), inTenant(proposalReading, ctx)))
    .orderBy(desc(proposalReading.startedAt));
}

export async function selectTotals(ctx: Scope, proposalId: string) {
  const [row] = await ctx.db
    .select()
    .from(proposalReadingTotals)
    .where(and(eq(proposalReadingTotals.proposalId, proposalId), inTenant(proposalReadingTotals, ctx)));
  return row;
}

/** Organizations (with their settings) that have visits older than `before` (the shortest retention). */
export function selectOrganizationsWithVisitsBefore(db: Db, before: Date) {
  return db
    .selectDistinct({ id: organizations.id, settings: organizations.settings })
    .from(proposalReading)
    .innerJoin(organizations, eq(organizations.id, proposalReading.organizationId))
    .where(lt(proposalReading.startedAt, before));
}

/**
 * Deletes the organization's visits started before `before` and returns them. Inside the caller's
 * transaction: a second process running the same sweep waits for these rows and then finds them gone, so each
 * visit is aggregated once.
 */
export function deleteVisitsBefore(db: Db, organizationId: string, before: Date): Promise<ReadingRow[]> {
  return db
    .delete(proposalReading)
    .where(and(eq(proposalReading.organizationId, organizationId), lt(proposalReading.startedAt, before)))
    .returning();
}

/** Adds aggregated visits to the proposal's totals (created when first needed), merging per-section sums. */
export async function addToTotals(
  db: Db,
  values: {
    proposalId: string;
    organizationId: string;
    visits: number;
    visibleMs: number;
    sections: Record<string, number>;
  },
): Promise<void> {
  await db
    .insert(proposalReadingTotals)
    .values({ ...values, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: proposalReadingTotals.proposalId,
      set: {
        visits: sql`${proposalReadingTotals.visits} + excluded.visits`,
        visibleMs: sql`${proposalReadingTotals.visibleMs} + excluded.visible_ms`,
        // Per-section sum of the stored and the new totals (a row lock is held by the upsert).
        sections: sql`(select coalesce(jsonb_object_agg(k, v), '{}'::jsonb) from (
          select k, sum(v::bigint) as v from (
            select key as k, value as v from jsonb_each_text(${proposalReadingTotals.sections})
            union all select key, value from jsonb_each_text(excluded.sections)
          ) both_ group by k) summed)`,
        updatedAt: sql`now()`,
      },
    });
}
