import { MESSAGES } from '@aceite/shared/messages';
import { ROLE_LABELS } from '@aceite/shared/permissions';
import type { AuthSession } from '@aceite/shared/schemas/auth';
import type {
  AcceptInviteInputSchema,
  Invite,
  InviteInputSchema,
  Member,
  UpdateUserInputSchema,
} from '@aceite/shared/schemas/users';
import type { z } from 'zod';
import { isUniqueViolation } from '@/db/errors.ts';
import { assertCan } from '@/lib/access.ts';
import { AppError, fieldError } from '@/lib/app-error.ts';
import { assertWithinPlan } from '@/lib/entitlements.ts';
import { type Pagination, toPagination } from '@/lib/pagination.ts';
import { hashPassword } from '@/lib/password.ts';
import { type TenantContext, withTx } from '@/lib/tenant-scope.ts';
import { hashToken, newOpaqueToken } from '@/lib/tokens.ts';
import * as auth from '@/modules/auth/auth.service.ts';
import { assertWithinMailLimits, type MailLimits, queueEmail } from '@/modules/email/email.service.ts';
import { inviteEmail } from '@/modules/email/email.templates.ts';
import { notify } from '@/modules/notifications/notifications.service.ts';
import { inviteAcceptedText } from '@/modules/notifications/notifications.texts.ts';
import { getOrganizationBranding } from '@/modules/settings/settings.service.ts';
import { notifyAddedToTeam } from '@/modules/teams/teams.service.ts';
import {
  countOtherActiveAdmins,
  deleteInviteById,
  emailHasAccount,
  emailIsMember,
  type InviteRow,
  insertInvite,
  insertInvitedUser,
  lockOrganization,
  type MemberRow,
  markInviteAccepted,
  revokeSessionsOf,
  selectInviteById,
  selectLiveInviteByTokenHash,
  selectMemberById,
  selectMembers,
  selectPendingInviteByEmail,
  selectPendingInvites,
  selectTeam,
  selectUserName,
  updateInviteToken,
  updateMemberById,
} from './users.queries.ts';

const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

function toMemberDto(row: MemberRow): Member {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    teamId: row.teamId,
    team: row.team,
    isActive: row.isActive,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function toInviteDto(invite: InviteRow, inviter: { firstName: string; lastName: string } | null): Invite {
  return {
    id: invite.id,
    token: invite.id,
    email: invite.email,
    firstName: invite.firstName,
    lastName: invite.lastName,
    role: invite.role,
    teamId: invite.teamId,
    inviter,
    expiresAt: invite.expiresAt.toISOString(),
    createdAt: invite.createdAt.toISOString(),
  };
}

const userNotFound = () => new AppError('NOT_FOUND', MESSAGES.userNotFound);

export async function listUsers(
  ctx: TenantContext,
  query: { search?: string; page: number; limit: number },
): Promise<{ data: Member[]; pagination: Pagination }> {
  const { rows, total } = await selectMembers(ctx, {
    search: query.search,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { data: rows.map(toMemberDto), pagination: toPagination(query.page, query.limit, total) };
}

export async function getUser(ctx: TenantContext, id: string): Promise<Member> {
  const row = await selectMemberById(ctx, id);
  if (!row) throw userNotFound();
  return toMemberDto(row);
}

/**
 * Admins edit names, role and team; an admin cannot change their own role
 * (docs/product.md#roles-and-permissions).
 */
export async function updateUser(
  ctx: TenantContext,
  id: string,
  input: z.output<typeof UpdateUserInputSchema>,
): Promise<Member> {
  assertCan(ctx.role, 'user:manage');
  const existing = await selectMemberById(ctx, id);
  if (!existing) throw userNotFound();
  if (id === ctx.userId && input.role !== existing.role)
    throw new AppError('FORBIDDEN', MESSAGES.cannotChangeOwnRole);
  const team = input.teamId ? await selectTeam(ctx, input.teamId) : undefined;
  if (input.teamId && !team) throw fieldError('teamId', MESSAGES.teamInvalid);
  await withTx(ctx, async (tx) => {
    if (existing.role === 'admin' && input.role !== 'admin') await assertAnotherAdminRemains(tx, id);
    await updateMemberById(tx, id, input);
    // Moved into a team from this form: told just as when added from the team's members
    // (docs/product.md#notifications).
    if (team && team.id !== existing.teamId) await notifyAddedToTeam(tx, id, team);
  });
  // A new role must not keep working through a still-valid refresh token for longer than necessary.
  if (input.role !== existing.role) await revokeSessionsOf(ctx.db, id);
  return getUser(ctx, id);
}

/**
 * The organization must keep an active admin (issue 20): without one nobody can invite, reactivate or change
 * roles, and the organization is locked out. Call inside the transaction that makes the change.
 */
async function assertAnotherAdminRemains(tx: TenantContext, id: string): Promise<void> {
  await lockOrganization(tx);
  const target = await selectMemberById(tx, id);
  if (target?.role !== 'admin' || !target.isActive) return;
  if ((await countOtherActiveAdmins(tx, id)) === 0) throw new AppError('CONFLICT', MESSAGES.lastAdmin);
}

/** Deactivates (data kept) and signs the user out everywhere; never oneself. */
export async function deactivateUser(ctx: TenantContext, id: string): Promise<Member> {
  assertCan(ctx.role, 'user:manage');
  if (id === ctx.userId) throw new AppError('FORBIDDEN', MESSAGES.cannotDeactivateSelf);
  const found = await withTx(ctx, async (tx) => {
    await assertAnotherAdminRemains(tx, id);
    return updateMemberById(tx, id, { isActive: false });
  });
  if (!found) throw userNotFound();
  await revokeSessionsOf(ctx.db, id);
  return getUser(ctx, id);
}

/** Gives a deactivated user their account back (issue 20); they sign in again with their password. */
export async function reactivateUser(ctx: TenantContext, id: string): Promise<Member> {
  assertCan(ctx.role, 'user:manage');
  const found = await withTx(ctx, async (tx) => {
    const member = await getUser(tx, id);
    // Reactivating gives back a user's place: within the plan (docs/product.md#plans).
    if (!member.isActive) await assertWithinPlan(tx, 'users');
    return updateMemberById(tx, id, { isActive: true });
  });
  if (!found) throw userNotFound();
  return getUser(ctx, id);
}

export async function listPendingInvites(ctx: TenantContext): Promise<Invite[]> {
  assertCan(ctx.role, 'user:manage');
  return (await selectPendingInvites(ctx)).map((r) => toInviteDto(r.invite, r.inviter));
}

async function sendInviteEmail(
  ctx: TenantContext,
  appUrl: string,
  invite: InviteRow,
  token: string,
  mailLimits: MailLimits,
) {
  await assertWithinMailLimits(ctx.db, mailLimits, ctx.organizationId, invite.email);
  const link = `${appUrl}/accept-invite?token=${encodeURIComponent(token)}`;
  const org = await getOrganizationBranding(ctx);
  await queueEmail(ctx.db, {
    kind: 'invite',
    to: invite.email,
    organizationId: ctx.organizationId,
    email: inviteEmail({
      organizationName: org.name,
      primaryColor: org.primaryColor,
      logo: org.logo,
      inviteeName: invite.firstName,
      inviterName: await selectUserName(ctx.db, ctx.userId),
      roleLabel: ROLE_LABELS[invite.role],
      link,
      expiresAt: invite.expiresAt,
    }),
  });
}

/**
 * Only admins invite. A member of this organization or a live invitation is refused with 409 (the admin sees
 * both anyway). An address with an account elsewhere gets the same answer as any other (issue 20): saying so
 * told anyone with an organization which emails have an account on the platform. The invitation is stored
 * and sent as usual; accepting it tells its owner, and only them, that the address already has an account.
 */
export async function inviteUser(
  ctx: TenantContext,
  appUrl: string,
  input: z.output<typeof InviteInputSchema>,
  mailLimits: MailLimits,
): Promise<Invite> {
  assertCan(ctx.role, 'user:manage');
  if (await emailIsMember(ctx, input.email)) {
    throw fieldError('email', MESSAGES.alreadyMember, 'CONFLICT');
  }
  if (await selectPendingInviteByEmail(ctx, input.email)) {
    throw fieldError('email', MESSAGES.invitePending, 'CONFLICT');
  }
  if (input.teamId && !(await selectTeam(ctx, input.teamId)))
    throw fieldError('teamId', MESSAGES.teamInvalid);
  const token = newOpaqueToken();
  const invite = await withTx(ctx, async (tx) => {
    // A pending invitation takes a user's place (docs/product.md#plans), counted under the organization's lock.
    await assertWithinPlan(tx, 'users');
    const row = await insertInvite(tx, {
      ...input,
      invitedBy: ctx.userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + INVITE_TTL_MS),
    });
    await sendInviteEmail(tx, appUrl, row, token, mailLimits);
    return row;
  });
  return toInviteDto(invite, null);
}

/** Resend renews the expiry and the link (the old link stops working). */
export async function resendInvite(
  ctx: TenantContext,
  appUrl: string,
  id: string,
  mailLimits: MailLimits,
): Promise<Invite> {
  assertCan(ctx.role, 'user:manage');
  const existing = await selectInviteById(ctx, id);
  if (!existing) throw new AppError('NOT_FOUND', MESSAGES.inviteNotFound);
  const token = newOpaqueToken();
  const invite = await withTx(ctx, async (tx) => {
    // An expired invitation no longer takes a place; renewing it takes one again (docs/product.md#plans).
    if (existing.expiresAt <= new Date()) await assertWithinPlan(tx, 'users');
    const row = await updateInviteToken(tx, id, hashToken(token), new Date(Date.now() + INVITE_TTL_MS));
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.inviteNotFound);
    await sendInviteEmail(tx, appUrl, row, token, mailLimits);
    return row;
  });
  return toInviteDto(invite, null);
}

export async function cancelInvite(ctx: TenantContext, id: string): Promise<void> {
  assertCan(ctx.role, 'user:manage');
  if (!(await deleteInviteById(ctx, id))) throw new AppError('NOT_FOUND', MESSAGES.inviteNotFound);
}

async function liveInvite(db: auth.AuthDeps['db'], token: string) {
  const found = await selectLiveInviteByTokenHash(db, hashToken(token));
  if (!found) throw new AppError('INVALID_TOKEN', MESSAGES.inviteInvalid);
  return found;
}

export async function getInvitation(db: auth.AuthDeps['db'], token: string) {
  const { invite, organization } = await liveInvite(db, token);
  return {
    email: invite.email,
    firstName: invite.firstName,
    lastName: invite.lastName,
    role: invite.role,
    organization: { name: organization.name },
    expiresAt: invite.expiresAt.toISOString(),
  };
}

/**
 * Creates the account with the invited role and team, uses the invitation once, notifies the inviter and
 * signs the new user in.
 */
export async function acceptInvite(
  deps: auth.AuthDeps,
  token: string,
  input: z.output<typeof AcceptInviteInputSchema>,
  meta: auth.RequestMeta,
): Promise<AuthSession> {
  const { invite } = await liveInvite(deps.db, token);
  if (await emailHasAccount(deps.db, invite.email)) throw new AppError('CONFLICT', MESSAGES.emailTaken);
  const passwordHash = await hashPassword(input.password);
  const userId = await deps.db
    .transaction(async (db) => {
      if (!(await markInviteAccepted(db, invite.id)))
        throw new AppError('INVALID_TOKEN', MESSAGES.inviteInvalid);
      const id = await insertInvitedUser(db, {
        organizationId: invite.organizationId,
        teamId: invite.teamId,
        email: invite.email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: invite.role,
        passwordHash,
      });
      if (invite.invitedBy) {
        await notify(db, {
          organizationId: invite.organizationId,
          userId: invite.invitedBy,
          ...inviteAcceptedText(input),
        });
      }
      return id;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'users_email_key')) throw new AppError('CONFLICT', MESSAGES.emailTaken);
      throw error;
    });
  return auth.startSessionFor(deps, userId, meta);
}
