import { MESSAGES } from '@aceite/shared/messages';
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
  canManageProposal,
  canWriteTemplate,
  isPlatformAdmin,
  mayApprove,
  type Permission,
  type Role,
} from '@aceite/shared/permissions';
import { AppError } from './app-error.ts';
import type { AccessClaims } from './jwt.ts';

/*
 * The server's authorization checks, one place (docs/architecture.md, "Authorization"). Each is the shared pure
 * policy of `@aceite/shared/permissions` (the screens use the same ones to hide buttons) turned into a 403
 * FORBIDDEN. No Fastify here: services call these with their context, which is an `Actor`.
 */

export { canManageProposal, isPlatformAdmin, mayApprove };

const forbidden = (message: string = MESSAGES.forbidden) => new AppError('FORBIDDEN', message);

/** The verified caller, or 401 when a route forgot `app.authenticate` (which sets `req.auth`). */
export function requireAuth(req: { readonly auth: AccessClaims | null }): AccessClaims {
  if (!req.auth) throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated);
  return req.auth;
}

/**
 * 403 FORBIDDEN (with the general message unless told) unless the role holds the permission
 * (docs/product.md#roles-and-permissions).
 */
export function assertCan(
  who: Role | Pick<Actor, 'role'>,
  permission: Permission,
  message: string = MESSAGES.forbidden,
): void {
  const role = typeof who === 'string' ? who : who.role;
  if (!can(role, permission)) throw forbidden(message);
}

/**
 * Sales act (edit, send, version, attach, delete) on their own proposals; managers and admins on any of the
 * organization; viewers on none (docs/product.md#roles-and-permissions).
 */
export function assertCanManageProposal(actor: Actor, ownerId: string): void {
  if (!canManageProposal(actor, ownerId)) throw forbidden();
}

/** Cancelling a proposal (docs/product.md#cancelling-a-proposal). */
export function assertCanCancelProposal(actor: Actor, ownerId: string): void {
  if (!canCancelProposal(actor, ownerId)) throw forbidden();
}

/** 'Alterar destinatário' of a sent proposal (issue 34, H2). */
export function assertCanChangeRecipient(actor: Actor, ownerId: string): void {
  if (!canChangeRecipient(actor, ownerId)) throw forbidden();
}

/** Answering the client's question or change request. */
export function assertCanAnswerClientMessage(actor: Actor, ownerId: string): void {
  if (!canAnswerClientMessage(actor, ownerId)) throw forbidden();
}

/** Handing a proposal to another owner: managers and admins. */
export function assertCanAssignProposal(actor: Pick<Actor, 'role'>): void {
  if (!canAssignProposal(actor)) throw forbidden();
}

/**
 * Removing a proposal: whoever manages it; once the client has answered, an admin only (issue 20), with its
 * own message.
 */
export function assertCanDeleteProposal(actor: Actor, ownerId: string, answered: boolean): void {
  assertCanManageProposal(actor, ownerId);
  if (!canDeleteProposal(actor, ownerId, answered)) throw forbidden(MESSAGES.answeredProposalAdminOnly);
}

/** Admins or the uploader only (docs/product.md#roles-and-permissions). */
export function assertCanDeleteAttachment(actor: Actor, uploadedBy: string | null): void {
  if (!canDeleteAttachment(actor, uploadedBy)) throw forbidden();
}

/** Only the author edits or deletes a comment (docs/product.md#roles-and-permissions). */
export function assertCanEditComment(actor: Actor, authorId: string | null): void {
  if (!canEditComment(actor, authorId)) throw forbidden();
}

/**
 * Organization templates: managers and admins; global ones: the platform admin. A global template is read-only
 * to an organization, with its own message.
 */
export function assertCanWriteTemplate(actor: Pick<Actor, 'role'>, isGlobal: boolean): void {
  if (canWriteTemplate(actor, isGlobal)) return;
  if (isGlobal && can(actor.role, 'catalogue:write')) throw forbidden(MESSAGES.globalTemplateReadOnly);
  throw forbidden();
}

/** The `/admin` area: the platform admin only, and never through an impersonated session. */
export function assertPlatformAdmin(claims: Pick<AccessClaims, 'role' | 'impersonatorId'>): void {
  if (!isPlatformAdmin(claims) || claims.impersonatorId) throw forbidden();
}
