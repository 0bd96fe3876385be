import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import {
  auditLogs,
  clients,
  organizations,
  proposals,
  type SealedFacts,
  sealedDocuments,
  users,
} from '@/db/schema/index.ts';
import { claimDueIds } from '@/lib/durable-queue.ts';
import { inTenant, type TenantContext } from '@/lib/tenant-scope.ts';

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

/** Everything the certificate prints about a decided proposal (a job carries the ids; no tenant session). */
export async function selectSealSource(db: Db, proposalId: string) {
  const [row] = await db
    .select({
      proposal: proposals,
      organizationName: organizations.name,
      clientName: clients.name,
      // The recipient frozen at sending, else (never sent) the client's (docs/product.md#recipient).
      clientEmail: sql<string | null>`coalesce(${proposals.recipientEmail}, ${clients.email})`,
      ownerEmail: users.email,
      ownerFirstName: users.firstName,
      ownerLastName: users.lastName,
      ownerActive: users.isActive,
    })
    .from(proposals)
    .innerJoin(organizations, eq(organizations.id, proposals.organizationId))
    .innerJoin(users, eq(users.id, proposals.ownerId))
    .leftJoin(clients, eq(clients.id, proposals.clientId))
    .where(eq(proposals.id, proposalId))
    .limit(1);
  if (!row) return undefined;
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
  return { ...row, decision };
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
    .innerJoin(proposals, eq(proposals.id, sealedDocuments.proposalId))
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
