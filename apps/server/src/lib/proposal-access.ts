import { MESSAGES } from '@aceite/shared/messages';
import { can } from '@aceite/shared/permissions';
import { assertCan } from '@/plugins/auth.ts';
import { AppError } from './app-error.ts';
import type { TenantContext } from './tenant-scope.ts';

/**
 * Sales act (edit, send, version, attach, delete) on their own proposals; managers and admins on any of the
 * organization; viewers on none (server-behaviour §3).
 */
export function assertCanManageProposal(ctx: TenantContext, ownerId: string): void {
  assertCan(ctx.role, 'proposal:create');
  if (ownerId !== ctx.userId && !can(ctx.role, 'proposal:manage-any')) {
    throw new AppError('FORBIDDEN', MESSAGES.forbidden);
  }
}

/** Whether the caller may act on (edit, send) a proposal of this owner: the same rule, as a boolean. */
export function canManageProposal(ctx: Pick<TenantContext, 'role' | 'userId'>, ownerId: string): boolean {
  return can(ctx.role, 'proposal:create') && (ownerId === ctx.userId || can(ctx.role, 'proposal:manage-any'));
}
