import {
  type Actor,
  can,
  canAnswerClientMessage,
  canAssignProposal,
  canCancelProposal,
  canChangeRecipient,
  canDeleteAttachment,
  canDeleteProposal,
  canEditComment,
  canEditContentBlock,
  canManageProposal,
  canWriteTemplate,
  isPlatformAdmin,
  type Permission,
} from '@aceite/shared/permissions';
import { isAnswered, type ProposalStatus } from '@aceite/shared/proposal-status';
import { useMemo } from 'react';
import { useAuthStore } from '@/lib/auth-store';

/**
 * The screens' side of authorization: the rules themselves live once in `packages/shared/src/permissions.ts`
 * (the server checks the same ones); this file only supplies the signed-in actor.
 *
 * Every answer is `boolean | undefined`, where `undefined` means "the user is still loading" (storage held
 * only the tokens, or `/auth/me` is on its way). Callers decide explicitly (docs/architecture.md, "Web"):
 * - an action (button, link, menu item) is shown only when the answer is `true`, so nothing flashes in and
 *   out while the user loads;
 * - a guard sends the visitor away only when the answer is `false`, so a reload of an allowed screen is not
 *   bounced before the user arrives. The server refuses what is not allowed in any case.
 */
export type Allowed = boolean | undefined;

/** The signed-in actor, or `undefined` while the user is loading. */
export function useActor(): Actor | undefined {
  const userId = useAuthStore((state) => state.user?.id);
  const role = useAuthStore((state) => state.user?.role);
  return useMemo(() => (userId && role ? { userId, role } : undefined), [userId, role]);
}

/** Whether the signed-in role may perform `permission`; `undefined` while the user is loading. */
export function useCan(permission: Permission): Allowed {
  const role = useAuthStore((state) => state.user?.role);
  return role === undefined ? undefined : can(role, permission);
}

/** The resource policies of `packages/shared/src/permissions.ts`, bound to the signed-in actor. */
export interface Authorization {
  actor: Actor | undefined;
  can: (permission: Permission) => Allowed;
  isPlatformAdmin: () => Allowed;
  /** Edit, send, version or attach to a proposal of this owner. */
  canManageProposal: (ownerId: string) => Allowed;
  /** Remove a proposal; once answered, an admin only (the server archives it). */
  canDeleteProposal: (ownerId: string, status: ProposalStatus) => Allowed;
  canAssignProposal: () => Allowed;
  canDeleteAttachment: (uploadedBy: string | null) => Allowed;
  canEditComment: (authorId: string | null) => Allowed;
  canWriteTemplate: (isGlobal: boolean) => Allowed;
  /** Rename, edit or delete a library block saved by this member (docs/product.md#block-library). */
  canEditContentBlock: (createdBy: string | null) => Allowed;
  /** 'Cancelar proposta' (docs/product.md#cancelling-a-proposal). */
  canCancelProposal: (ownerId: string) => Allowed;
  /** 'Alterar destinatário' of a sent proposal (docs/product.md#recipient). */
  canChangeRecipient: (ownerId: string) => Allowed;
  /** Answer the client's questions (docs/product.md#client-questions-and-change-requests). */
  canAnswerClientMessage: (ownerId: string) => Allowed;
}

/** Bind each policy to the actor; every answer is `undefined` while there is none. */
export function authorizationFor(actor: Actor | undefined): Authorization {
  const bound =
    <A extends unknown[]>(policy: (actor: Actor, ...args: A) => boolean) =>
    (...args: A): Allowed =>
      actor === undefined ? undefined : policy(actor, ...args);
  return {
    actor,
    can: bound((a, permission: Permission) => can(a.role, permission)),
    isPlatformAdmin: bound(isPlatformAdmin),
    canManageProposal: bound(canManageProposal),
    canDeleteProposal: bound((a, ownerId: string, status: ProposalStatus) =>
      canDeleteProposal(a, ownerId, isAnswered(status)),
    ),
    canAssignProposal: bound(canAssignProposal),
    canDeleteAttachment: bound(canDeleteAttachment),
    canEditComment: bound(canEditComment),
    canWriteTemplate: bound(canWriteTemplate),
    canEditContentBlock: bound(canEditContentBlock),
    canCancelProposal: bound(canCancelProposal),
    canChangeRecipient: bound(canChangeRecipient),
    canAnswerClientMessage: bound(canAnswerClientMessage),
  };
}

/** The policies for the signed-in actor (for lists, where one hook call serves every row). */
export function useAuthorization(): Authorization {
  const actor = useActor();
  return useMemo(() => authorizationFor(actor), [actor]);
}
