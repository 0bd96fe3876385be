import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { clients, proposalEvents, proposalEvidenceHeads, proposals } from '@/db/schema/index.ts';
import { inTenant, type Scope, sameTenant } from '@/lib/tenant-scope.ts';

export type EvidenceRow = typeof proposalEvents.$inferSelect;

/**
 * The proposal's chain head, locked to the end of the transaction (created at seq 0 the first time), so
 * appends to one proposal take consecutive numbers one after the other.
 */
export async function lockEvidenceHead(db: Db, proposalId: string): Promise<{ seq: number; hash: string }> {
  await db
    .insert(proposalEvidenceHeads)
    .values({ proposalId, seq: 0, hash: '0'.repeat(64) })
    .onConflictDoNothing();
  const [head] = await db
    .select({ seq: proposalEvidenceHeads.seq, hash: proposalEvidenceHeads.hash })
    .from(proposalEvidenceHeads)
    .where(eq(proposalEvidenceHeads.proposalId, proposalId))
    .for('update');
  if (!head) throw new Error('evidence head missing after insert');
  return head;
}

export async function insertEvidenceEvent(
  db: Db,
  values: typeof proposalEvents.$inferInsert,
): Promise<EvidenceRow> {
  const [row] = await db.insert(proposalEvents).values(values).returning();
  if (!row) throw new Error('evidence insert returned nothing');
  await db
    .update(proposalEvidenceHeads)
    .set({ seq: row.seq, hash: row.hash })
    .where(eq(proposalEvidenceHeads.proposalId, row.proposalId));
  return row;
}

/**
 * A proposal the caller found in its organization: the chain's reads name both, so they stay on the
 * organization's rows (docs/scale.md#every-statement-names-its-organization).
 */
export interface ProposalOfOrganization {
  id: string;
  organizationId: string;
}

/** Every event of the proposal in order (the caller has checked the proposal belongs to its organization). */
export function selectEvidence(db: Db, proposal: ProposalOfOrganization): Promise<EvidenceRow[]> {
  return db
    .select()
    .from(proposalEvents)
    .where(and(eq(proposalEvents.proposalId, proposal.id), inTenant(proposalEvents, proposal)))
    .orderBy(asc(proposalEvents.seq));
}

/** The email of the proposal's client (null without a client). */
export async function selectProposalClientEmail(
  db: Db,
  proposal: ProposalOfOrganization,
): Promise<string | null> {
  const [row] = await db
    .select({ email: clients.email })
    .from(proposals)
    .innerJoin(clients, and(eq(clients.id, proposals.clientId), sameTenant(clients, proposals)))
    .where(and(eq(proposals.id, proposal.id), inTenant(proposals, proposal)));
  return row?.email ?? null;
}

export async function selectEvidenceHead(db: Db, proposalId: string) {
  const [head] = await db
    .select({ seq: proposalEvidenceHeads.seq, hash: proposalEvidenceHeads.hash })
    .from(proposalEvidenceHeads)
    .where(eq(proposalEvidenceHeads.proposalId, proposalId));
  return head;
}

/** Whether the proposal is one of the organization's (another organization's is not found). */
export async function selectProposalExists(ctx: Scope, id: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: proposals.id })
    .from(proposals)
    .where(and(eq(proposals.id, id), inTenant(proposals, ctx)));
  return !!row;
}
