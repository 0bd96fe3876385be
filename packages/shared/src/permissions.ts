/**
 * Roles inside an organization, plus the platform-level superadmin (docs/product.md#roles-and-permissions).
 */
export const ROLES = ['superadmin', 'admin', 'manager', 'sales', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** Organization roles a user can be given in forms and invites (default sales). */
export const ORG_ROLES = ['admin', 'manager', 'sales', 'viewer'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  superadmin: 'Superadmin',
  admin: 'Admin',
  manager: 'Gestor',
  sales: 'Vendas',
  viewer: 'Visualizador',
};

/** Actions whose permission differs between roles (docs/product.md#roles-and-permissions). */
export type Permission =
  | 'proposal:create'
  | 'proposal:manage-any'
  | 'proposal:approve'
  | 'comment:create'
  | 'client:write'
  | 'client:delete'
  | 'client:export'
  | 'catalogue:write'
  | 'template:use'
  | 'content-block:create'
  | 'content-block:manage-any'
  | 'team:write'
  | 'user:manage'
  | 'organization:manage'
  | 'webhook:manage'
  | 'payments:read'
  | 'payments:manage';

const MATRIX: Record<Permission, readonly Role[]> = {
  'proposal:create': ['admin', 'manager', 'sales'],
  'proposal:manage-any': ['admin', 'manager'],
  'proposal:approve': ['admin', 'manager'],
  'comment:create': ['admin', 'manager', 'sales'],
  'client:write': ['admin', 'manager', 'sales'],
  'client:delete': ['admin', 'manager'],
  /** A client's personal-data export (docs/product.md#personal-data). */
  'client:export': ['admin', 'manager'],
  'catalogue:write': ['admin', 'manager'],
  'template:use': ['admin', 'manager', 'sales'],
  /** The block library (docs/product.md#block-library): whoever writes proposals saves blocks to it. */
  'content-block:create': ['admin', 'manager', 'sales'],
  'content-block:manage-any': ['admin', 'manager'],
  'team:write': ['admin', 'manager'],
  'user:manage': ['admin'],
  'organization:manage': ['admin'],
  // Webhook endpoints send the organization's data to a URL of the admin's choosing (docs/product.md#webhooks).
  'webhook:manage': ['admin'],
  // Pagamentos (docs/product.md#mandates-collections-and-the-file): the debtors' bank data and the money owed are
  // for whoever runs the organization's billing, admins and managers; they also export the file and mark
  // collections paid or returned. Sales and viewers see neither (docs/decisions.md, "Issue 39 — SEPA Pagamentos: who sees it, overdue collections, concurrent exports").
  'payments:read': ['admin', 'manager'],
  'payments:manage': ['admin', 'manager'],
};

/** Whether a role may perform an action; the server enforces it, screens use it to hide buttons. */
export function can(role: Role, permission: Permission): boolean {
  return MATRIX[permission].includes(role);
}

/**
 * Who is acting: enough to decide every resource policy below. Server (`apps/server/src/lib/access.ts`) and
 * screens (`apps/web/src/lib/authorization.ts`) pass the same shape, so a rule is written once and both sides
 * agree (docs/product.md#roles-and-permissions).
 */
export interface Actor {
  readonly userId: string;
  readonly role: Role;
  /** Set when an integration's API key acts, not a person (docs/product.md#api-keys). */
  readonly apiKey?: object;
}

/**
 * Whether the caller approves proposals at all (docs/product.md#approvals): a person whose role approves (admins
 * and managers). An API key never approves, whatever its scope's role: approving is a person's judgement
 * (docs/decisions.md, "Issue 24 — approvals"). The one home of that rule: the approve action, the 'Para aprovar'
 * filter and count, and the form's 'Aprovada' all read it through `canApproveProposal` or this.
 */
export function mayApprove(actor: Pick<Actor, 'role' | 'apiKey'>): boolean {
  return !actor.apiKey && can(actor.role, 'proposal:approve');
}

/** The platform's own administrator (global templates, `/admin`); never an organization role. */
export function isPlatformAdmin(actor: { readonly role?: string | null }): boolean {
  return actor.role === 'superadmin';
}

/**
 * The platform admin acts as another user: never another superadmin, an inactive account or oneself
 * (docs/product.md#platform-administration).
 */
export function canImpersonate(
  actor: Actor,
  target: { readonly id: string; readonly role: string; readonly isActive: boolean },
): boolean {
  return isPlatformAdmin(actor) && target.isActive && !isPlatformAdmin(target) && target.id !== actor.userId;
}

/**
 * Edit, send, version, attach to or delete a proposal of this owner: sales their own, managers and admins any
 * of the organization, viewers none.
 */
export function canManageProposal(actor: Actor, ownerId: string): boolean {
  return (
    can(actor.role, 'proposal:create') && (ownerId === actor.userId || can(actor.role, 'proposal:manage-any'))
  );
}

/**
 * Remove a proposal: whoever manages it; once the client has answered it is evidence, so only an admin removes it
 * (and the server archives it instead of deleting).
 */
export function canDeleteProposal(actor: Actor, ownerId: string, answered: boolean): boolean {
  return canManageProposal(actor, ownerId) && (!answered || actor.role === 'admin');
}

/**
 * 'Cancelar proposta' (docs/product.md#cancelling-a-proposal): its owner, a manager or an admin — whoever
 * manages it; never a viewer or an API key's read scope.
 */
export function canCancelProposal(actor: Actor, ownerId: string): boolean {
  return canManageProposal(actor, ownerId);
}

/**
 * 'Alterar destinatário' of a sent proposal (issue 34, H2; docs/product.md#recipient): its owner, a manager or an
 * admin — whoever manages it.
 */
export function canChangeRecipient(actor: Actor, ownerId: string): boolean {
  return canManageProposal(actor, ownerId);
}

/**
 * Answer a client's question or change request (docs/product.md#client-questions-and-change-requests): whoever
 * manages the proposal.
 */
export function canAnswerClientMessage(actor: Actor, ownerId: string): boolean {
  return canManageProposal(actor, ownerId);
}

/**
 * Approve or return a proposal awaiting approval (docs/product.md#approvals): admins any; managers those owned by
 * a member of a team they manage (`ownerTeamManagerIds`, the managers of the owner's team); nobody their own,
 * unless the organization lets admins and managers skip their own approval (`selfApproves`, the default); never an
 * API key (`mayApprove`). With the skip off, whoever asked for the pending approval or owned the proposal since
 * never approves it (issue 34, M3).
 */
export function canApproveProposal(
  actor: Actor,
  proposal: { readonly ownerId: string },
  ownerTeamManagerIds: readonly string[],
  selfApproves = true,
  /** Who asked for the pending approval or owned the proposal since (`approvalParties`, issue 34, M3). */
  requestParties: readonly string[] = [],
): boolean {
  if (!mayApprove(actor)) return false;
  if (proposal.ownerId === actor.userId) return selfApproves;
  // Separation of duties: handing the proposal over does not make its requester or past owner an approver.
  if (!selfApproves && requestParties.includes(actor.userId)) return false;
  return actor.role === 'admin' || ownerTeamManagerIds.includes(actor.userId);
}

/** Hand a proposal to another owner. */
export function canAssignProposal(actor: Pick<Actor, 'role'>): boolean {
  return can(actor.role, 'proposal:manage-any');
}

/** An attachment is removed by an admin or by whoever uploaded it (on a proposal they may manage). */
export function canDeleteAttachment(actor: Actor, uploadedBy: string | null): boolean {
  return actor.role === 'admin' || uploadedBy === actor.userId;
}

/** A comment is edited or deleted by its author only. */
export function canEditComment(actor: Actor, authorId: string | null): boolean {
  return authorId === actor.userId;
}

/** Organization templates: managers and admins; global templates: the platform admin only. */
export function canWriteTemplate(actor: Pick<Actor, 'role'>, isGlobal: boolean): boolean {
  return isGlobal ? isPlatformAdmin(actor) : can(actor.role, 'catalogue:write');
}

/**
 * Rename, edit or delete a library block (docs/product.md#block-library): its author (who may still save blocks),
 * or any manager or admin; viewers none.
 */
export function canEditContentBlock(actor: Actor, createdBy: string | null): boolean {
  return (
    can(actor.role, 'content-block:create') &&
    (createdBy === actor.userId || can(actor.role, 'content-block:manage-any'))
  );
}

/**
 * The role an API key acts with (docs/product.md#api-keys): a read-only key reads like a viewer, a read-write
 * key writes like a manager. A key is never an admin: users, invitations and settings stay with people.
 */
export function roleOfApiKeyScope(scope: 'read' | 'write'): Role {
  return scope === 'write' ? 'manager' : 'viewer';
}

/**
 * Whether a person may hold the organization's API keys (issue 34, docs/product.md#api-keys): an active member
 * who may manage keys. A key works only while its holder (its creator, or whoever it was transferred to) still
 * may; the server checks it on every request and the keys screen says so.
 */
export function canHoldApiKey(holder: { readonly role: Role; readonly isActive: boolean } | null): boolean {
  return !!holder?.isActive && can(holder.role, 'organization:manage');
}
