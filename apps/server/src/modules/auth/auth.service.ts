import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@aceite/shared/messages';
import type { Role } from '@aceite/shared/permissions';
import { mayUse } from '@aceite/shared/plans';
import type { AuthSession, User } from '@aceite/shared/schemas/auth';
import { SSO_MESSAGES } from '@aceite/shared/schemas/sso';
import { TRIAL_DAYS } from '@aceite/shared/trial';
import type { Db } from '@/db/client.ts';
import { isUniqueViolation } from '@/db/errors.ts';
import { AppError } from '@/lib/app-error.ts';
import { now } from '@/lib/clock.ts';
import type { AccessClaims, AccessTokens } from '@/lib/jwt.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '@/lib/password.ts';
import { hashToken, newOpaqueToken } from '@/lib/tokens.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import { queueEmail } from '@/modules/email/email.service.ts';
import { passwordResetEmail } from '@/modules/email/email.templates.ts';
import {
  expireUserResetTokens,
  insertOrganization,
  insertPasswordResetToken,
  insertRefreshToken,
  insertUser,
  revokeRefreshFamily,
  revokeUserRefreshTokens,
  selectLiveFamilyToken,
  selectLiveResetToken,
  selectRefreshTokenByHash,
  selectSessionHolds,
  selectSsoEnforcement,
  selectUserByEmail,
  selectUserById,
  type UserWithRelations,
  updateRefreshTokenRotated,
  updateResetTokenUsed,
  updateUserLastLogin,
  updateUserPasswordById,
} from './auth.queries.ts';

const HOUR_MS = 60 * 60 * 1000;
const REFRESH_TTL_MS = { remember: 30 * 24 * HOUR_MS, session: 24 * HOUR_MS };
const RESET_TTL_MS = HOUR_MS;

export interface AuthDeps {
  db: Db;
  tokens: AccessTokens;
  appUrl: string;
}

/** Where a request came from, for session records and the audit log. */
export interface RequestMeta {
  ip: string;
  userAgent?: string;
}

export function toUserDto(user: UserWithRelations): User {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    teamId: user.teamId,
    team: user.team,
    isActive: user.isActive,
    organizationId: user.organizationId,
    organization: user.organization
      ? {
          id: user.organization.id,
          name: user.organization.name,
          timeZone: user.organization.timezone,
          trialEndsAt: user.organization.trialEndsAt?.toISOString() ?? null,
        }
      : null,
    locale: user.locale,
    timezone: user.timezone,
  };
}

function canSignIn(user: UserWithRelations): boolean {
  return user.isActive && (user.organization === null || user.organization.isActive);
}

/** Starts a new session family: an access JWT and a rotating opaque refresh token. */
export async function issueSession(
  deps: AuthDeps,
  user: UserWithRelations,
  rememberMe: boolean,
  meta: RequestMeta,
): Promise<AuthSession> {
  const familyId = randomUUID();
  const refreshToken = await storeRefreshToken(deps.db, user.id, familyId, rememberMe, meta);
  const accessToken = await signAccess(deps, user.id, user.organizationId, user.role, familyId);
  return { user: toUserDto(user), accessToken, refreshToken };
}

function signAccess(
  deps: AuthDeps,
  userId: string,
  organizationId: string | null,
  role: Role,
  sessionId: string,
) {
  return deps.tokens.sign({ userId, organizationId, role, sessionId });
}

async function storeRefreshToken(
  db: Db,
  userId: string,
  familyId: string,
  rememberMe: boolean,
  meta: RequestMeta,
): Promise<string> {
  const token = newOpaqueToken();
  await insertRefreshToken(db, {
    userId,
    familyId,
    tokenHash: hashToken(token),
    rememberMe,
    expiresAt: new Date(Date.now() + (rememberMe ? REFRESH_TTL_MS.remember : REFRESH_TTL_MS.session)),
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip,
  });
  return token;
}

export async function register(
  deps: AuthDeps,
  input: {
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    organizationName?: string;
    organizationDomain?: string;
  },
  meta: RequestMeta,
): Promise<AuthSession> {
  if (await selectUserByEmail(deps.db, input.email)) throw new AppError('EMAIL_TAKEN', MESSAGES.emailTaken);
  const passwordHash = await hashPassword(input.password);
  const userId = await deps.db
    .transaction(async (tx) => {
      const org = await insertOrganization(tx, {
        name: input.organizationName ?? `${input.firstName} ${input.lastName}`,
        domain: input.organizationDomain ?? input.email.split('@')[1] ?? null,
        // A new organization tries Professional for TRIAL_DAYS days (docs/product.md#plans).
        plan: 'professional',
        trialEndsAt: new Date(now().getTime() + TRIAL_DAYS * 86_400_000),
      });
      const user = await insertUser(tx, {
        organizationId: org.id,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: 'admin',
        passwordHash,
      });
      return user.id;
    })
    .catch((error: unknown) => {
      // Two registrations racing for one email: the unique index decides.
      if (isUniqueViolation(error, 'users_email_key')) throw new AppError('EMAIL_TAKEN', MESSAGES.emailTaken);
      throw error;
    });
  const user = await selectUserById(deps.db, userId);
  if (!user) throw new Error('registered user vanished');
  await recordAudit(deps.db, {
    organizationId: user.organizationId,
    actorId: user.id,
    action: 'auth.register',
    ip: meta.ip,
  });
  return issueSession(deps, user, false, meta);
}

export async function login(
  deps: AuthDeps,
  input: { email: string; password: string; rememberMe: boolean },
  meta: RequestMeta,
): Promise<AuthSession> {
  const user = await selectUserByEmail(deps.db, input.email);
  if (!user) {
    await burnPasswordCheck(input.password);
    throw new AppError('INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new AppError('INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
  }
  // Only said after the password matched, so it reveals nothing to someone guessing.
  if (!canSignIn(user)) throw new AppError('ACCOUNT_DISABLED', MESSAGES.accountDisabled);
  await assertPasswordAllowed(deps.db, user);
  await updateUserLastLogin(deps.db, user.id);
  await recordAudit(deps.db, {
    organizationId: user.organizationId,
    actorId: user.id,
    action: 'auth.login',
    ip: meta.ip,
  });
  return issueSession(deps, user, input.rememberMe, meta);
}

/**
 * "Exigir SSO" (docs/product.md#single-sign-on): the members of an organization that requires SSO whose email
 * is of a verified domain sign in through their identity provider; only its break-glass admin may still use
 * the password. Said after the password matched, like a deactivated account.
 */
async function assertPasswordAllowed(db: Db, user: UserWithRelations): Promise<void> {
  if (!user.organizationId) return;
  const domain = user.email.slice(user.email.lastIndexOf('@') + 1);
  const enforcement = await selectSsoEnforcement(db, user.organizationId, domain);
  if (!enforcement || !mayUse(enforcement.plan, 'sso')) return;
  if (enforcement.breakGlassUserId === user.id) return;
  throw new AppError('SSO_REQUIRED', SSO_MESSAGES.ssoRequired);
}

/**
 * Rotates a refresh token. A token that was already rotated or revoked is a replay, most likely of a stolen
 * token: the whole family is revoked, so both the thief and the owner must sign in again.
 */
export async function refresh(
  deps: AuthDeps,
  refreshToken: string,
  meta: RequestMeta,
): Promise<{ accessToken: string; refreshToken: string }> {
  const invalid = () => new AppError('INVALID_TOKEN', MESSAGES.invalidOrExpiredToken);
  const row = await selectRefreshTokenByHash(deps.db, hashToken(refreshToken));
  if (!row) throw invalid();
  if (row.rotatedAt) {
    await revokeRefreshFamily(deps.db, row.familyId);
    await recordAudit(deps.db, {
      actorId: row.userId,
      action: 'auth.refresh_token_reuse',
      metadata: { familyId: row.familyId },
      ip: meta.ip,
    });
    throw invalid();
  }
  if (row.revokedAt) throw invalid();
  if (row.expiresAt.getTime() <= Date.now()) throw invalid();
  const user = await selectUserById(deps.db, row.userId);
  if (!user || !canSignIn(user)) {
    await revokeRefreshFamily(deps.db, row.familyId);
    throw invalid();
  }
  if (!(await updateRefreshTokenRotated(deps.db, row.id))) {
    await revokeRefreshFamily(deps.db, row.familyId);
    throw invalid();
  }
  const next = await storeRefreshToken(deps.db, user.id, row.familyId, row.rememberMe, meta);
  const accessToken = await signAccess(deps, user.id, user.organizationId, user.role, row.familyId);
  return { accessToken, refreshToken: next };
}

/** Ends the caller's session family; a refresh token in the body (optional) is revoked with its family too. */
export async function logout(deps: AuthDeps, sessionId: string, refreshToken?: string): Promise<void> {
  await revokeRefreshFamily(deps.db, sessionId);
  if (!refreshToken) return;
  const row = await selectRefreshTokenByHash(deps.db, hashToken(refreshToken));
  if (row && row.familyId !== sessionId) await revokeRefreshFamily(deps.db, row.familyId);
}

/**
 * Replaces a live session family with a fresh one of the same kind (remember-me or not): the old family is
 * revoked, so no refresh token of it works again. A family already ended (signed out, password changed,
 * expired) is refused: the user must sign in again.
 */
export async function replaceSessionFamily(
  deps: AuthDeps,
  userId: string,
  familyId: string,
  meta: RequestMeta,
): Promise<AuthSession> {
  const live = await selectLiveFamilyToken(deps.db, familyId, userId);
  const user = live ? await selectUserById(deps.db, userId) : undefined;
  if (!live || !user || !canSignIn(user)) throw new AppError('UNAUTHENTICATED', MESSAGES.sessionExpired);
  await revokeRefreshFamily(deps.db, familyId);
  return issueSession(deps, user, live.rememberMe, meta);
}

/** Signs a user in by id (after accepting an invitation). */
export async function startSessionFor(
  deps: AuthDeps,
  userId: string,
  meta: RequestMeta,
): Promise<AuthSession> {
  const user = await selectUserById(deps.db, userId);
  if (!user) throw new AppError('NOT_FOUND', MESSAGES.userNotFound);
  return issueSession(deps, user, false, meta);
}

export async function getCurrentUser(deps: AuthDeps, userId: string): Promise<User> {
  const user = await selectUserById(deps.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated);
  if (!canSignIn(user)) throw new AppError('ACCOUNT_DISABLED', MESSAGES.accountDisabled);
  return toUserDto(user);
}

/** Always succeeds, whether or not the email has an account (no enumeration). */
export async function requestPasswordReset(deps: AuthDeps, email: string, meta: RequestMeta): Promise<void> {
  const user = await selectUserByEmail(deps.db, email);
  if (!user || !canSignIn(user)) return;
  const token = newOpaqueToken();
  const link = `${deps.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await deps.db.transaction(async (db) => {
    await insertPasswordResetToken(db, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_TTL_MS),
    });
    await queueEmail(db, {
      kind: 'password_reset',
      to: user.email,
      email: passwordResetEmail({ firstName: user.firstName, link }),
      organizationId: user.organizationId,
    });
    await recordAudit(db, {
      organizationId: user.organizationId,
      actorId: user.id,
      action: 'auth.password_reset_requested',
      ip: meta.ip,
    });
  });
}

export async function validateResetToken(
  deps: AuthDeps,
  token: string,
): Promise<{ firstName: string; lastName: string; email: string }> {
  const row = await selectLiveResetToken(deps.db, hashToken(token));
  const user = row && (await selectUserById(deps.db, row.userId));
  if (!user || !canSignIn(user)) throw new AppError('INVALID_TOKEN', MESSAGES.invalidOrExpiredToken);
  return { firstName: user.firstName, lastName: user.lastName, email: user.email };
}

/** Sets the new password, uses the link once, and signs out every session of the account. */
export async function resetPassword(
  deps: AuthDeps,
  input: { token: string; password: string },
  meta: RequestMeta,
): Promise<void> {
  const invalid = () => new AppError('INVALID_TOKEN', MESSAGES.invalidOrExpiredToken);
  const row = await selectLiveResetToken(deps.db, hashToken(input.token));
  if (!row) throw invalid();
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (db) => {
    if (!(await updateResetTokenUsed(db, row.id))) throw invalid();
    await updateUserPasswordById(db, row.userId, passwordHash);
    await expireUserResetTokens(db, row.userId);
    await revokeUserRefreshTokens(db, row.userId);
    await recordAudit(db, { actorId: row.userId, action: 'auth.password_reset', ip: meta.ip });
  });
}

/**
 * Checked on every authenticated request: see `selectSessionHolds`. Its answer may be kept by the process's
 * session cache (session-cache.ts) until the family's last expiry (`sessionUntil`).
 */
export function sessionHolds(
  db: Db,
  claims: AccessClaims,
): Promise<{ trialEndsAt: Date | null; sessionUntil: Date } | null> {
  return selectSessionHolds(db, claims);
}
