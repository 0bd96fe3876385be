import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { auditLogs, proposals, type SealedFacts, sealedDocuments } from '@/db/schema/index.ts';
import { brandOf } from '@/lib/branding.ts';
import { claimDueIds } from '@/lib/durable-queue.ts';
import { inTenant, sameTenant, type TenantContext } from '@/lib/tenant-scope.ts';
import { loadShownProposal } from '@/modules/proposal-projections/shown-proposal.ts';

export type SealedRow = typeof sealedDocuments.$inferSelect;

/** One job per proposal: a second decision, a retry or a race inserts nothing (the unique proposal_id). */
export async function insertSealJob(
  db: Db,
  values: { organizationId: string; proposalId: string; verificationCode: string },
): Promise<void> {
  await db.insert(sealedDocuments).values(values).onConflictDoNothing({ target: sealedDocuments.proposalId });
}

/** Claims due jobs for `leaseSeconds`: each is worked by one process at a time (lib/durable-queue.ts). */
export async function claimDueSeals(db: Db, limit: number, leaseSeconds: number): Promise<SealedRow[]> {
  const ids = await claimDueIds(db, sealedDocuments, { limit, leaseSeconds });
  if (ids.length === 0) return [];
  return db.select().from(sealedDocuments).where(inArray(sealedDocuments.id, ids));
}

export async function markSealed(
  db: Db,
  id: string,
  values: {
    sha256: string;
    storageKey: string;
    eventsSha256: string;
    eventCount: number;
    certificate: SealedFacts;
  },
): Promise<boolean> {
  const rows = await db
    .update(sealedDocuments)
    .set({ ...values, status: 'sealed', sealedAt: new Date(), lastError: null })
    .where(and(eq(sealedDocuments.id, id), eq(sealedDocuments.status, 'pending')))
    .returning({ id: sealedDocuments.id });
  return rows.length > 0;
}

export async function markSealFailed(db: Db, id: string, error: string, retryAt: Date | null): Promise<void> {
  await db
    .update(sealedDocuments)
    .set(
      retryAt
        ? { lastError: error, nextAttemptAt: retryAt }
        : { lastError: error, status: 'failed' as const },
    )
    .where(and(eq(sealedDocuments.id, id), eq(sealedDocuments.status, 'pending')));
}

/**
 * Everything the certificate prints about a decided proposal: the shown proposal's row and relations (the one
 * loader, modules/proposal-projections) and the decision's audit row (a job carries the ids; no tenant session).
 */
export async function selectSealSource(db: Db, organizationId: string, proposalId: string) {
  const loaded = await loadShownProposal({ db, organizationId }, { id: proposalId });
  if (!loaded) return undefined;
  const [decision] = await db
    .select()
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.entityId, proposalId),
        inArray(auditLogs.action, ['proposal.public_accepted', 'proposal.public_signed']),
      ),
    )
    .orderBy(desc(auditLogs.createdAt))
    .limit(1);
  return {
    proposal: loaded.proposal,
    organizationName: loaded.organization.name,
    /** The organization's colour and logo: the white-label's sealed-PDF email wears them. */
    brand: brandOf(loaded.organization),
    clientName: loaded.client?.name ?? null,
    // The recipient frozen at sending, else (never sent) the client's (docs/product.md#recipient).
    clientEmail: loaded.proposal.recipientEmail ?? loaded.client?.email ?? null,
    ownerEmail: loaded.owner.email,
    ownerFirstName: loaded.owner.firstName,
    ownerLastName: loaded.owner.lastName,
    ownerActive: loaded.owner.isActive,
    decision,
  };
}

/**
 * A sealed document by the code printed on it, or by its file's SHA-256 (the only unscoped reads). Only the
 * row itself: what /verificar shows was frozen on it when sealed (docs/product.md#verification).
 */
export async function selectSealedFor(db: Db, by: { code: string } | { sha256: string }) {
  const [row] = await db
    .select()
    .from(sealedDocuments)
    .where(
      and(
        eq(sealedDocuments.status, 'sealed'),
        'code' in by ? eq(sealedDocuments.verificationCode, by.code) : eq(sealedDocuments.sha256, by.sha256),
      ),
    )
    .limit(1);
  return row;
}

/** The member's download: the proposal must belong to the caller's organization. */
export async function selectSealedByProposal(ctx: TenantContext, proposalId: string) {
  const [row] = await ctx.db
    .select({ sealed: sealedDocuments, title: proposals.title, number: proposals.number })
    .from(sealedDocuments)
    .innerJoin(
      proposals,
      and(eq(proposals.id, sealedDocuments.proposalId), sameTenant(proposals, sealedDocuments)),
    )
    .where(and(inTenant(sealedDocuments, ctx), eq(sealedDocuments.proposalId, proposalId)))
    .limit(1);
  return row;
}

/** The sealed files of these proposals of the caller's organization (a client's data export). */
export async function selectSealedOfProposals(ctx: TenantContext, proposalIds: string[]) {
  if (proposalIds.length === 0) return [];
  return ctx.db
    .select({ proposalId: sealedDocuments.proposalId, storageKey: sealedDocuments.storageKey })
    .from(sealedDocuments)
    .where(and(inTenant(sealedDocuments, ctx), inArray(sealedDocuments.proposalId, proposalIds)));
}

/** The client's download, by the proposal's link token. */
export async function selectSealedByToken(db: Db, token: string) {
  const [row] = await db
    .select({
      sealed: sealedDocuments,
      title: proposals.title,
      number: proposals.number,
      status: proposals.status,
    })
    .from(proposals)
    .leftJoin(sealedDocuments, eq(sealedDocuments.proposalId, proposals.id))
    .where(eq(proposals.publicToken, token))
    .limit(1);
  return row;
}
