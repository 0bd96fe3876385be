import { hasClientAnswered } from '@aceite/shared/proposal-status';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { proposalAttachments, proposals, users } from '@/db/schema/index.ts';
import { inTenant, type Scope, sameTenant } from '@/lib/tenant-scope.ts';

export type AttachmentRow = typeof proposalAttachments.$inferSelect;

const withUploader = {
  attachment: proposalAttachments,
  uploader: { firstName: users.firstName, lastName: users.lastName },
};

export async function selectProposalOwnerId(ctx: Scope, proposalId: string): Promise<string | undefined> {
  const [row] = await ctx.db
    .select({ ownerId: proposals.ownerId })
    .from(proposals)
    .where(and(inTenant(proposals, ctx), eq(proposals.id, proposalId)))
    .limit(1);
  return row?.ownerId;
}

/**
 * Whether the client has answered the proposal, read under a share lock held to the end of the transaction:
 * an answer (an UPDATE of that row) waits for the attachment change in progress, and the change sees any
 * answer committed before it, so what the client saw and what they answered can never drift apart.
 */
export async function selectAnsweredForShare(ctx: Scope, proposalId: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ status: proposals.status, acceptedAt: proposals.acceptedAt, rejectedAt: proposals.rejectedAt })
    .from(proposals)
    .where(and(inTenant(proposals, ctx), eq(proposals.id, proposalId)))
    .for('share')
    .limit(1);
  if (!row) return false;
  return hasClientAnswered(row);
}

export async function selectAttachments(ctx: Scope, proposalId: string) {
  return ctx.db
    .select(withUploader)
    .from(proposalAttachments)
    .leftJoin(
      users,
      and(eq(users.id, proposalAttachments.uploadedBy), sameTenant(users, proposalAttachments)),
    )
    .where(and(inTenant(proposalAttachments, ctx), eq(proposalAttachments.proposalId, proposalId)))
    .orderBy(asc(proposalAttachments.createdAt));
}

export async function selectAttachment(ctx: Scope, proposalId: string, id: string) {
  const [row] = await ctx.db
    .select(withUploader)
    .from(proposalAttachments)
    .leftJoin(
      users,
      and(eq(users.id, proposalAttachments.uploadedBy), sameTenant(users, proposalAttachments)),
    )
    .where(
      and(
        inTenant(proposalAttachments, ctx),
        eq(proposalAttachments.proposalId, proposalId),
        eq(proposalAttachments.id, id),
      ),
    )
    .limit(1);
  return row;
}

export async function insertAttachment(
  ctx: Scope,
  values: Omit<typeof proposalAttachments.$inferInsert, 'organizationId'>,
): Promise<string> {
  const [row] = await ctx.db
    .insert(proposalAttachments)
    .values({ ...values, organizationId: ctx.organizationId })
    .returning({ id: proposalAttachments.id });
  if (!row) throw new Error('attachment insert returned nothing');
  return row.id;
}

export async function deleteAttachmentById(ctx: Scope, id: string): Promise<void> {
  await ctx.db
    .delete(proposalAttachments)
    .where(and(inTenant(proposalAttachments, ctx), eq(proposalAttachments.id, id)));
}

export async function selectStorageKeys(ctx: Scope, proposalId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ key: proposalAttachments.storageKey })
    .from(proposalAttachments)
    .where(and(inTenant(proposalAttachments, ctx), eq(proposalAttachments.proposalId, proposalId)));
  return rows.map((r) => r.key);
}

// Public page (unscoped: the proposal's public token is the key).

/** The proposal behind a public link (its id, organization and status), or undefined for an unknown link. */
export async function selectProposalByToken(db: Db, token: string) {
  const [row] = await db
    .select({ id: proposals.id, organizationId: proposals.organizationId, status: proposals.status })
    .from(proposals)
    .where(eq(proposals.publicToken, token))
    .limit(1);
  return row;
}

/** The client-visible files of that proposal, read within its organization. */
export async function selectVisibleAttachments(db: Db, p: { id: string; organizationId: string }) {
  return db
    .select({
      id: proposalAttachments.id,
      fileName: proposalAttachments.fileName,
      description: proposalAttachments.description,
      fileSize: proposalAttachments.fileSize,
      mimeType: proposalAttachments.mimeType,
      storageKey: proposalAttachments.storageKey,
    })
    .from(proposalAttachments)
    .where(
      and(
        inTenant(proposalAttachments, p),
        eq(proposalAttachments.proposalId, p.id),
        eq(proposalAttachments.isVisibleToClient, true),
      ),
    )
    .orderBy(asc(proposalAttachments.createdAt));
}
