import { can } from '@aceite/shared/permissions';
import { ANSWERED_STATUSES, type ProposalStatus } from '@aceite/shared/schemas/proposals';
import { useAuthStore } from '@/lib/auth-store';

/** A client's answer is final: accepted, signed or rejected proposals can no longer be edited. */
export function isAnswered(status: ProposalStatus): boolean {
  return ANSWERED_STATUSES.includes(status);
}

/**
 * What the signed-in user may do with proposals (server-behaviour §3); screens hide what is not allowed and
 * the server enforces it anyway.
 */
export function useProposalPermissions() {
  const role = useAuthStore((state) => state.user?.role);
  const userId = useAuthStore((state) => state.user?.id);
  const canCreate = role ? can(role, 'proposal:create') : false;
  const canManageAny = role ? can(role, 'proposal:manage-any') : false;
  return {
    userId,
    canCreate,
    /** Approve, and hand a proposal to another owner. */
    canApprove: role ? can(role, 'proposal:approve') : false,
    canAssign: canManageAny,
    /** Edit or delete this owner's proposal. */
    canManage: (ownerId: string) => canCreate && (canManageAny || ownerId === userId),
    /** An answered proposal is evidence: only an admin removes it, and the server archives it (issue 20). */
    canDelete: (ownerId: string, status: ProposalStatus) =>
      canCreate && (canManageAny || ownerId === userId) && (!isAnswered(status) || role === 'admin'),
  };
}
