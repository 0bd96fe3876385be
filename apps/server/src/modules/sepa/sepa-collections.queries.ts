import { and, asc, count, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { organizations, proposals, sepaCollections, sepaExports, sepaMandates } from '@/db/schema/index.ts';
import { inTenant, type Scope, sameTenant } from '@/lib/tenant-scope.ts';

/*
 * Pagamentos' queries (issue 39, docs/product.md#mandates-collections-and-the-file): every one filtered by the
 * organization (`inTenant`).
 */

export type MandateRow = typeof sepaMandates.$inferSelect;
export type CollectionRow = typeof sepaCollections.$inferSelect;
export type ExportRow = typeof sepaExports.$inferSelect;

const mandateColumns = {
  mandate: sepaMandates,
  proposalNumber: proposals.number,
  proposalTitle: proposals.title,
};

export async function selectMandates(
  scope: Scope,
  filter: { status?: 'active' | 'revoked'; page: number; limit: number },
) {
  const where = and(
    inTenant(sepaMandates, scope),
    filter.status ? eq(sepaMandates.status, filter.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    scope.db
      .select(mandateColumns)
      .from(sepaMandates)
      .innerJoin(
        proposals,
        and(eq(proposals.id, sepaMandates.proposalId), sameTenant(proposals, sepaMandates)),
      )
      .where(where)
      .orderBy(desc(sepaMandates.signedAt), desc(sepaMandates.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    scope.db.select({ n: count() }).from(sepaMandates).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Each mandate's collections counted by status. */
export async function countCollectionsByMandate(scope: Scope, mandateIds: string[]) {
  if (mandateIds.length === 0) return [];
  return scope.db
    .select({ mandateId: sepaCollections.mandateId, status: sepaCollections.status, n: count() })
    .from(sepaCollections)
    .where(and(inTenant(sepaCollections, scope), inArray(sepaCollections.mandateId, mandateIds)))
    .groupBy(sepaCollections.mandateId, sepaCollections.status);
}

export async function selectMandate(scope: Scope, id: string) {
  const [row] = await scope.db
    .select(mandateColumns)
    .from(sepaMandates)
    .innerJoin(proposals, and(eq(proposals.id, sepaMandates.proposalId), sameTenant(proposals, sepaMandates)))
    .where(and(inTenant(sepaMandates, scope), eq(sepaMandates.id, id)))
    .limit(1);
  return row;
}

/** Revokes an active mandate; undefined when it was not active (already revoked, or not this organization's). */
export async function revokeMandate(scope: Scope, id: string, at: Date): Promise<MandateRow | undefined> {
  const [row] = await scope.db
    .update(sepaMandates)
    .set({ status: 'revoked', revokedAt: at })
    .where(and(inTenant(sepaMandates, scope), eq(sepaMandates.id, id), eq(sepaMandates.status, 'active')))
    .returning();
  return row;
}

export async function updateMandateCreditor(
  scope: Scope,
  ids: string[],
  creditor: { name: string; creditorIdentifier: string },
): Promise<void> {
  if (ids.length === 0) return;
  await scope.db
    .update(sepaMandates)
    .set({ creditorName: creditor.name, creditorIdentifier: creditor.creditorIdentifier })
    .where(and(inTenant(sepaMandates, scope), inArray(sepaMandates.id, ids)));
}

const collectionColumns = {
  collection: sepaCollections,
  mandateReference: sepaMandates.reference,
  mandateStatus: sepaMandates.status,
  proposalId: sepaMandates.proposalId,
  proposalNumber: proposals.number,
  proposalTitle: proposals.title,
  debtorName: sepaMandates.debtorName,
  debtorIban: sepaMandates.debtorIban,
  debtorEmail: sepaMandates.debtorEmail,
};

export async function selectCollections(
  scope: Scope,
  filter: { status?: CollectionRow['status']; from?: string; to?: string; page: number; limit: number },
) {
  const where = and(
    inTenant(sepaCollections, scope),
    filter.status ? eq(sepaCollections.status, filter.status) : undefined,
    filter.from ? gte(sepaCollections.collectionDate, filter.from) : undefined,
    filter.to ? lte(sepaCollections.collectionDate, filter.to) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    scope.db
      .select(collectionColumns)
      .from(sepaCollections)
      .innerJoin(
        sepaMandates,
        and(eq(sepaMandates.id, sepaCollections.mandateId), sameTenant(sepaMandates, sepaCollections)),
      )
      .innerJoin(
        proposals,
        and(eq(proposals.id, sepaMandates.proposalId), sameTenant(proposals, sepaMandates)),
      )
      .where(where)
      .orderBy(asc(sepaCollections.collectionDate), asc(sepaCollections.endToEndId))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    scope.db.select({ n: count() }).from(sepaCollections).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function selectCollection(scope: Scope, id: string) {
  const [row] = await scope.db
    .select(collectionColumns)
    .from(sepaCollections)
    .innerJoin(
      sepaMandates,
      and(eq(sepaMandates.id, sepaCollections.mandateId), sameTenant(sepaMandates, sepaCollections)),
    )
    .innerJoin(proposals, and(eq(proposals.id, sepaMandates.proposalId), sameTenant(proposals, sepaMandates)))
    .where(and(inTenant(sepaCollections, scope), eq(sepaCollections.id, id)))
    .limit(1);
  return row;
}

/**
 * The due collections of active mandates an export for `collectionDate` takes: those of that date and, when
 * `overdueBefore` is given (today: the export's date leaves the debtor the notice period), the overdue ones
 * (dated before it), which the export re-dates (docs/decisions.md, "Issue 39 — SEPA Pagamentos: who sees it,
 * overdue collections, concurrent exports"). Locked so a concurrent export skips them
 * (`FOR UPDATE SKIP LOCKED`): two exports never carry the same collection.
 */
export async function lockDueCollections(scope: Scope, collectionDate: string, overdueBefore: string | null) {
  return scope.db
    .select({
      collection: sepaCollections,
      mandate: sepaMandates,
      proposalNumber: proposals.number,
      proposalTitle: proposals.title,
    })
    .from(sepaCollections)
    .innerJoin(
      sepaMandates,
      and(eq(sepaMandates.id, sepaCollections.mandateId), sameTenant(sepaMandates, sepaCollections)),
    )
    .innerJoin(proposals, and(eq(proposals.id, sepaMandates.proposalId), sameTenant(proposals, sepaMandates)))
    .where(
      and(
        inTenant(sepaCollections, scope),
        eq(sepaCollections.status, 'due'),
        eq(sepaMandates.status, 'active'),
        overdueBefore === null
          ? eq(sepaCollections.collectionDate, collectionDate)
          : sql`(${sepaCollections.collectionDate} = ${collectionDate} or ${sepaCollections.collectionDate} < ${overdueBefore})`,
      ),
    )
    .orderBy(asc(sepaCollections.collectionDate), asc(sepaCollections.endToEndId))
    .for('update', { of: sepaCollections, skipLocked: true });
}

export type LockedCollection = Awaited<ReturnType<typeof lockDueCollections>>[number];

/** How many due collections of active mandates are overdue (dated before `today`). */
export async function countOverdueCollections(scope: Scope, today: string): Promise<number> {
  const [row] = await scope.db
    .select({ n: count() })
    .from(sepaCollections)
    .innerJoin(
      sepaMandates,
      and(eq(sepaMandates.id, sepaCollections.mandateId), sameTenant(sepaMandates, sepaCollections)),
    )
    .where(
      and(
        inTenant(sepaCollections, scope),
        eq(sepaCollections.status, 'due'),
        eq(sepaMandates.status, 'active'),
        sql`${sepaCollections.collectionDate} < ${today}`,
      ),
    );
  return row?.n ?? 0;
}

/** Records that the debtor was pre-notified (the email queued in the same transaction). */
export async function markPreNotified(scope: Scope, ids: string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await scope.db
    .update(sepaCollections)
    .set({ preNotifiedAt: at })
    .where(and(inTenant(sepaCollections, scope), inArray(sepaCollections.id, ids)));
}

/**
 * Marks the collections submitted with their export, only those still due (the lock makes that certain); answers
 * the rows as they are now.
 */
export async function markSubmitted(
  scope: Scope,
  ids: string[],
  values: { exportId: string; collectionDate: string; at: Date },
): Promise<CollectionRow[]> {
  return scope.db
    .update(sepaCollections)
    .set({
      status: 'submitted',
      exportId: values.exportId,
      submittedAt: values.at,
      collectionDate: values.collectionDate,
    })
    .where(
      and(
        inTenant(sepaCollections, scope),
        inArray(sepaCollections.id, ids),
        eq(sepaCollections.status, 'due'),
      ),
    )
    .returning();
}

/** 'submitted' → 'paid' or 'returned'; undefined when the collection was not submitted. */
export async function settleCollection(
  scope: Scope,
  id: string,
  values: { status: 'paid'; at: Date } | { status: 'returned'; at: Date; reason: string },
): Promise<CollectionRow | undefined> {
  const set =
    values.status === 'paid'
      ? { status: 'paid' as const, paidAt: values.at }
      : { status: 'returned' as const, returnedAt: values.at, returnReason: values.reason };
  const [row] = await scope.db
    .update(sepaCollections)
    .set(set)
    .where(
      and(
        inTenant(sepaCollections, scope),
        eq(sepaCollections.id, id),
        eq(sepaCollections.status, 'submitted'),
      ),
    )
    .returning();
  return row;
}

export async function insertExport(
  scope: Scope,
  values: Omit<typeof sepaExports.$inferInsert, 'organizationId'>,
): Promise<ExportRow> {
  const [row] = await scope.db
    .insert(sepaExports)
    .values({ ...values, organizationId: scope.organizationId })
    .returning();
  if (!row) throw new Error('sepa export not written');
  return row;
}

export async function selectExports(scope: Scope, filter: { page: number; limit: number }) {
  const where = inTenant(sepaExports, scope);
  const [rows, [total]] = await Promise.all([
    scope.db
      .select({
        id: sepaExports.id,
        messageId: sepaExports.messageId,
        version: sepaExports.version,
        collectionDate: sepaExports.collectionDate,
        numberOfTransactions: sepaExports.numberOfTransactions,
        controlSumCents: sepaExports.controlSumCents,
        createdAt: sepaExports.createdAt,
      })
      .from(sepaExports)
      .where(where)
      .orderBy(desc(sepaExports.createdAt), desc(sepaExports.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    scope.db.select({ n: count() }).from(sepaExports).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function selectExport(scope: Scope, id: string): Promise<ExportRow | undefined> {
  const [row] = await scope.db
    .select()
    .from(sepaExports)
    .where(and(inTenant(sepaExports, scope), eq(sepaExports.id, id)))
    .limit(1);
  return row;
}

/** A mandate the debtor can be told through: one with an email (docs/product.md#mandates-collections-and-the-file). */
const mandateHasEmail = sql`exists (select 1 from ${sepaMandates} where ${sepaMandates.id} = ${sepaCollections.mandateId} and ${sepaMandates.organizationId} = ${sepaCollections.organizationId} and ${sepaMandates.debtorEmail} is not null)`;

/**
 * The collections whose pre-notification may be due, of every organization (the job is the system's): still due,
 * of an active mandate with the debtor's email, not yet notified, dated from `from` to `to` — a window wide
 * enough for every time zone; the job keeps those within each organization's own window (`sepaCalendarDay`), so
 * the rule of the day has one home. Each with its organization's time zone.
 */
export async function selectPreNotificationCandidates(db: Scope['db'], from: string, to: string) {
  return db
    .select({
      id: sepaCollections.id,
      organizationId: sepaCollections.organizationId,
      collectionDate: sepaCollections.collectionDate,
      timeZone: organizations.timezone,
    })
    .from(sepaCollections)
    .innerJoin(
      sepaMandates,
      and(eq(sepaMandates.id, sepaCollections.mandateId), sameTenant(sepaMandates, sepaCollections)),
    )
    .innerJoin(organizations, eq(organizations.id, sepaCollections.organizationId))
    .where(
      and(
        eq(sepaCollections.status, 'due'),
        eq(sepaMandates.status, 'active'),
        sql`${sepaMandates.debtorEmail} is not null`,
        sql`${sepaCollections.preNotifiedAt} is null`,
        gte(sepaCollections.collectionDate, from),
        lte(sepaCollections.collectionDate, to),
      ),
    )
    .orderBy(asc(sepaCollections.collectionDate))
    .limit(500);
}

/**
 * Claims one collection's pre-notification: sets `pre_notified_at` only if still unset and its mandate has the
 * debtor's email, so of two runs at once one alone gets the row back (and queues the email in the same
 * transaction), and a debtor with no address is never marked told.
 */
export async function claimPreNotification(scope: Scope, id: string, at: Date) {
  const [row] = await scope.db
    .update(sepaCollections)
    .set({ preNotifiedAt: at })
    .where(
      and(
        inTenant(sepaCollections, scope),
        eq(sepaCollections.id, id),
        sql`${sepaCollections.preNotifiedAt} is null`,
        eq(sepaCollections.status, 'due'),
        mandateHasEmail,
      ),
    )
    .returning();
  if (!row) return undefined;
  const [joined] = await scope.db
    .select({ mandate: sepaMandates, proposalNumber: proposals.number })
    .from(sepaMandates)
    .innerJoin(proposals, and(eq(proposals.id, sepaMandates.proposalId), sameTenant(proposals, sepaMandates)))
    .where(and(inTenant(sepaMandates, scope), eq(sepaMandates.id, row.mandateId)));
  return joined ? { collection: row, ...joined } : undefined;
}
