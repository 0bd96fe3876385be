import { MESSAGES } from '@aceite/shared/messages';
import type { Comment } from '@aceite/shared/schemas/collaboration';
import { assertCan, assertCanEditComment } from '@/lib/access.ts';
import { AppError } from '@/lib/app-error.ts';
import { type TenantContext, withTx } from '@/lib/tenant-scope.ts';
import { notify } from '@/modules/notifications/notifications.service.ts';
import { commentAddedText } from '@/modules/notifications/notifications.texts.ts';
import { enqueueEvent } from '@/modules/webhooks/webhooks.service.ts';
import {
  type CommentRow,
  deleteCommentById,
  insertComment,
  selectComment,
  selectComments,
  selectProposalOwner,
  updateCommentById,
} from './comments.queries.ts';

function toDto({
  comment: c,
  author,
}: {
  comment: CommentRow;
  author: { firstName: string; lastName: string } | null;
}): Comment {
  return {
    id: c.id,
    userId: c.userId,
    authorName: author ? `${author.firstName} ${author.lastName}` : 'Utilizador removido',
    content: c.content,
    isPrivate: c.isPrivate,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

async function proposalOf(ctx: TenantContext, proposalId: string) {
  const proposal = await selectProposalOwner(ctx, proposalId);
  if (!proposal) throw new AppError('NOT_FOUND', MESSAGES.proposalNotFound);
  return proposal;
}

/** Only the author edits or deletes a comment (docs/product.md#roles-and-permissions). */
async function ownComment(ctx: TenantContext, proposalId: string, commentId: string) {
  await proposalOf(ctx, proposalId);
  const row = await selectComment(ctx, proposalId, commentId);
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.commentNotFound);
  assertCanEditComment(ctx, row.comment.userId);
  return row;
}

export async function listComments(
  ctx: TenantContext,
  proposalId: string,
  includePrivate: boolean,
): Promise<Comment[]> {
  await proposalOf(ctx, proposalId);
  return (await selectComments(ctx, proposalId, includePrivate)).map(toDto);
}

/** Adds a comment; the proposal's owner is told when someone else comments. */
export async function createComment(
  ctx: TenantContext,
  proposalId: string,
  input: { content: string; isPrivate: boolean },
): Promise<Comment> {
  assertCan(ctx.role, 'comment:create');
  const proposal = await proposalOf(ctx, proposalId);
  const saved = await withTx(ctx, async (tx) => {
    const commentId = await insertComment(tx, { proposalId, ...input });
    if (proposal.ownerId !== ctx.userId) {
      await notify(tx.db, {
        organizationId: ctx.organizationId,
        userId: proposal.ownerId,
        ...commentAddedText({ id: proposalId, title: proposal.title }),
      });
    }
    const row = await selectComment(tx, proposalId, commentId);
    if (!row) throw new Error('comment vanished');
    // Private comments are the team's notes, yet the integration is the organization's own: both are sent,
    // with isPrivate in the payload (docs/product.md#webhooks).
    await enqueueEvent(tx.db, {
      organizationId: ctx.organizationId,
      type: 'comment.created',
      data: { ...toDto(row), proposalId },
      orderingKey: proposalId,
    });
    return row;
  });
  return toDto(saved);
}

export async function updateComment(
  ctx: TenantContext,
  proposalId: string,
  commentId: string,
  input: { content: string; isPrivate?: boolean },
): Promise<Comment> {
  assertCan(ctx.role, 'comment:create');
  await ownComment(ctx, proposalId, commentId);
  await updateCommentById(ctx, commentId, input);
  const row = await selectComment(ctx, proposalId, commentId);
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.commentNotFound);
  return toDto(row);
}

export async function deleteComment(
  ctx: TenantContext,
  proposalId: string,
  commentId: string,
): Promise<void> {
  await ownComment(ctx, proposalId, commentId);
  await deleteCommentById(ctx, commentId);
}
