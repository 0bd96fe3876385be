import { and, asc, eq } from 'drizzle-orm';
import { proposalComments, proposals, users } from '@/db/schema/index.ts';
import { inTenant, personOf, type Scope, sameTenant, type TenantContext } from '@/lib/tenant-scope.ts';

export type CommentRow = typeof proposalComments.$inferSelect;

export async function selectProposalOwner(ctx: Scope, proposalId: string) {
  const [row] = await ctx.db
    .select({ id: proposals.id, ownerId: proposals.ownerId, title: proposals.title })
    .from(proposals)
    .where(and(inTenant(proposals, ctx), eq(proposals.id, proposalId)))
    .limit(1);
  return row;
}

export async function selectComments(ctx: Scope, proposalId: string, includePrivate: boolean) {
  return ctx.db
    .select({ comment: proposalComments, author: { firstName: users.firstName, lastName: users.lastName } })
    .from(proposalComments)
    .leftJoin(users, and(eq(users.id, proposalComments.userId), sameTenant(users, proposalComments)))
    .where(
      and(
        inTenant(proposalComments, ctx),
        eq(proposalComments.proposalId, proposalId),
        includePrivate ? undefined : eq(proposalComments.isPrivate, false),
      ),
    )
    .orderBy(asc(proposalComments.createdAt), asc(proposalComments.id));
}

export async function selectComment(ctx: Scope, proposalId: string, commentId: string) {
  const [row] = await ctx.db
    .select({ comment: proposalComments, author: { firstName: users.firstName, lastName: users.lastName } })
    .from(proposalComments)
    .leftJoin(users, and(eq(users.id, proposalComments.userId), sameTenant(users, proposalComments)))
    .where(
      and(
        inTenant(proposalComments, ctx),
        eq(proposalComments.proposalId, proposalId),
        eq(proposalComments.id, commentId),
      ),
    )
    .limit(1);
  return row;
}

export async function insertComment(
  ctx: TenantContext,
  values: { proposalId: string; content: string; isPrivate: boolean },
): Promise<string> {
  const [row] = await ctx.db
    .insert(proposalComments)
    .values({ ...values, userId: personOf(ctx), organizationId: ctx.organizationId })
    .returning({ id: proposalComments.id });
  if (!row) throw new Error('comment insert returned nothing');
  return row.id;
}

export async function updateCommentById(
  ctx: Scope,
  id: string,
  values: { content: string; isPrivate?: boolean },
): Promise<void> {
  await ctx.db
    .update(proposalComments)
    .set({ ...values, updatedAt: new Date() })
    .where(and(inTenant(proposalComments, ctx), eq(proposalComments.id, id)));
}

export async function deleteCommentById(ctx: Scope, id: string): Promise<void> {
  await ctx.db
    .delete(proposalComments)
    .where(and(inTenant(proposalComments, ctx), eq(proposalComments.id, id)));
}
