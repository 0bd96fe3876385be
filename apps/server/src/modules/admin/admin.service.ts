import { MESSAGES } from '@aceite/shared/messages';
import { isPlatformAdmin } from '@aceite/shared/permissions';
import type { AdminUser } from '@aceite/shared/schemas/admin';
import type { AuthSession, User } from '@aceite/shared/schemas/auth';
import type { Db } from '@/db/client.ts';
import { AppError } from '@/lib/app-error.ts';
import { now } from '@/lib/clock.ts';
import { selectUsageOf } from '@/lib/entitlements.ts';
import type { AccessClaims } from '@/lib/jwt.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import * as auth from '@/modules/auth/auth.service.ts';
import {
  selectAllOrganizations,
  selectAllUsers,
  selectAnyUser,
  updateAnyUserActive,
} from './admin.queries.ts';

/** Impersonation tokens live 30 minutes and come without a refresh token. */
export const IMPERSONATION_TTL_SECONDS = 30 * 60;

type AdminUserRow = NonNullable<Awaited<ReturnType<typeof selectAnyUser>>>;

function toAdminUser({ user, organization }: AdminUserRow): AdminUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    isActive: user.isActive,
    organization,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}

const pages = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));

export async function listAllUsers(
  db: Db,
  q: {
    search?: string;
    role?: string;
    organizationId?: string;
    isActive?: boolean;
    page: number;
    limit: number;
  },
) {
  const { rows, total } = await selectAllUsers(db, { ...q, offset: (q.page - 1) * q.limit });
  return { users: rows.map(toAdminUser), total, page: q.page, totalPages: pages(total, q.limit) };
}

export async function getAnyUser(db: Db, id: string): Promise<AdminUser> {
  const row = await selectAnyUser(db, id);
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.userNotFound);
  return toAdminUser(row);
}

/**
 * A superadmin gives an account back (issue 20): the way out for an organization whose admins were all
 * deactivated before the last-admin rule existed. Recorded in the audit log with the superadmin.
 */
export async function reactivateAnyUser(
  db: Db,
  superadmin: Pick<AccessClaims, 'userId'>,
  id: string,
  ip: string,
): Promise<AdminUser> {
  const row = await updateAnyUserActive(db, id, true);
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.userNotFound);
  await recordAudit(db, {
    organizationId: row.organizationId,
    actorId: superadmin.userId,
    action: 'admin.user_reactivate',
    entity: 'user',
    entityId: id,
    ip,
  });
  return getAnyUser(db, id);
}

export async function listAllOrganizations(
  db: Db,
  q: {
    search?: string;
    plan?: string;
    isActive?: boolean;
    trialEndingSoon?: boolean;
    page: number;
    limit: number;
  },
) {
  const at = now();
  const { rows, total } = await selectAllOrganizations(db, { ...q, at, offset: (q.page - 1) * q.limit });
  // The page's usage in one statement per figure (lib/entitlements.ts), never one per row.
  const usage = await selectUsageOf(
    db,
    rows.map((r) => r.org.id),
    at,
  );
  return {
    organizations: rows.map(({ org, userCount, proposalCount }) => ({
      id: org.id,
      name: org.name,
      domain: org.domain,
      plan: org.plan,
      trialEndsAt: org.trialEndsAt?.toISOString() ?? null,
      isActive: org.isActive,
      userCount,
      proposalCount,
      usage: usage.get(org.id) ?? { proposalsThisMonth: 0, users: 0, templates: 0, storageBytes: 0 },
      createdAt: org.createdAt.toISOString(),
    })),
    total,
    page: q.page,
    totalPages: pages(total, q.limit),
  };
}

/**
 * Starts acting as another user (docs/product.md#platform-administration): never another superadmin, an
 * inactive user or oneself.
 * The token carries the superadmin's id, so every write can be audited with both accounts, and the
 * superadmin's own session family: signing out while impersonating ends it, and stopping replaces it.
 */
export async function impersonate(
  deps: auth.AuthDeps,
  superadmin: Pick<AccessClaims, 'userId' | 'sessionId'>,
  targetId: string,
  ip: string,
): Promise<{ accessToken: string; user: User; originalUser: User; isImpersonating: true }> {
  const superadminId = superadmin.userId;
  if (targetId === superadminId) throw new AppError('VALIDATION_ERROR', MESSAGES.impersonateSelf);
  const target = await selectAnyUser(deps.db, targetId);
  if (!target) throw new AppError('NOT_FOUND', MESSAGES.userNotFound);
  if (isPlatformAdmin(target.user)) throw new AppError('VALIDATION_ERROR', MESSAGES.impersonateSuperadmin);
  if (!target.user.isActive) throw new AppError('VALIDATION_ERROR', MESSAGES.impersonateInactive);
  const accessToken = await deps.tokens.sign(
    {
      userId: target.user.id,
      organizationId: target.user.organizationId,
      role: target.user.role,
      sessionId: superadmin.sessionId,
      impersonatorId: superadminId,
    },
    IMPERSONATION_TTL_SECONDS,
  );
  await recordAudit(deps.db, {
    organizationId: target.user.organizationId,
    actorId: target.user.id,
    impersonatorId: superadminId,
    action: 'admin.impersonate_start',
    ip,
  });
  return {
    accessToken,
    user: await auth.getCurrentUser(deps, target.user.id),
    originalUser: await auth.getCurrentUser(deps, superadminId),
    isImpersonating: true,
  };
}

/**
 * Ends impersonation: a fresh session for the superadmin named in the impersonation token, replacing (and
 * revoking) the session they impersonated from, with the same remember-me choice.
 */
export async function stopImpersonating(
  deps: auth.AuthDeps,
  claims: AccessClaims,
  meta: auth.RequestMeta,
): Promise<AuthSession & { isImpersonating: false }> {
  if (!claims.impersonatorId) throw new AppError('VALIDATION_ERROR', MESSAGES.notImpersonating);
  const superadmin = await selectAnyUser(deps.db, claims.impersonatorId);
  if (!superadmin || !isPlatformAdmin(superadmin.user) || !superadmin.user.isActive) {
    throw new AppError('FORBIDDEN', MESSAGES.forbidden);
  }
  const session = await auth.replaceSessionFamily(deps, superadmin.user.id, claims.sessionId, meta);
  await recordAudit(deps.db, {
    organizationId: claims.organizationId,
    actorId: claims.userId,
    impersonatorId: claims.impersonatorId,
    action: 'admin.impersonate_stop',
    ip: meta.ip,
  });
  return { ...session, isImpersonating: false };
}

/** Every write made while impersonating is recorded with both accounts. */
export async function auditImpersonatedWrite(
  db: Db,
  claims: AccessClaims,
  entry: { method: string; route: string; url: string; statusCode: number; ip: string },
): Promise<void> {
  await recordAudit(db, {
    organizationId: claims.organizationId,
    actorId: claims.userId,
    impersonatorId: claims.impersonatorId,
    action: `impersonated.${entry.method} ${entry.route}`,
    metadata: { url: entry.url, statusCode: entry.statusCode },
    ip: entry.ip,
  });
}
