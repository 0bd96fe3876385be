import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import {
  organizations,
  passwordResetTokens,
  refreshTokens,
  ssoConnections,
  ssoDomains,
  teams,
  users,
} from '@/db/schema/index.ts';
import { executePrepared } from '@/lib/prepared.ts';

export type UserRow = typeof users.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** A user with the names of their team and organization, as the User DTO needs them. */
export interface UserWithRelations extends UserRow {
  team: { id: string; name: string } | null;
  organization: {
    id: string;
    name: string;
    isActive: boolean;
    timezone: string;
    trialEndsAt: Date | null;
  } | null;
}

const userWithRelations = {
  user: users,
  team: { id: teams.id, name: teams.name },
  organization: {
    id: organizations.id,
    name: organizations.name,
    isActive: organizations.isActive,
    timezone: organizations.timezone,
    trialEndsAt: organizations.trialEndsAt,
  },
};

function selectUsers(db: Db) {
  return db
    .select(userWithRelations)
    .from(users)
    .leftJoin(teams, eq(teams.id, users.teamId))
    .leftJoin(organizations, eq(organizations.id, users.organizationId));
}

function toUserWithRelations(row: {
  user: UserRow;
  team: UserWithRelations['team'];
  organization: UserWithRelations['organization'];
}): UserWithRelations {
  return { ...row.user, team: row.team, organization: row.organization };
}

export async function selectUserByEmail(db: Db, email: string): Promise<UserWithRelations | undefined> {
  const [row] = await selectUsers(db).where(eq(users.email, email)).limit(1);
  return row && toUserWithRelations(row);
}

export async function selectUserById(db: Db, id: string): Promise<UserWithRelations | undefined> {
  const [row] = await selectUsers(db).where(eq(users.id, id)).limit(1);
  return row && toUserWithRelations(row);
}

export async function insertOrganization(
  db: Db,
  values: { name: string; domain: string | null; plan?: string; trialEndsAt?: Date | null },
) {
  const [org] = await db.insert(organizations).values(values).returning({ id: organizations.id });
  if (!org) throw new Error('organization insert returned nothing');
  return org;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<{ id: string }> {
  const [user] = await db.insert(users).values(values).returning({ id: users.id });
  if (!user) throw new Error('user insert returned nothing');
  return user;
}

export async function updateUserLastLogin(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
}

export async function updateUserPasswordById(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function insertRefreshToken(db: Db, values: typeof refreshTokens.$inferInsert): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

export async function selectRefreshTokenByHash(
  db: Db,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Marks a token rotated only if it still is current; false when a concurrent refresh won the race. */
export async function updateRefreshTokenRotated(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: new Date() })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

/** A current (not rotated, revoked or expired) refresh token of a family, if the family is still live. */
export async function selectLiveFamilyToken(
  db: Db,
  familyId: string,
  userId: string,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        isNull(refreshTokens.rotatedAt),
        gt(refreshTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row;
}

export async function revokeRefreshFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeUserRefreshTokens(db: Db, userId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

export async function insertPasswordResetToken(
  db: Db,
  values: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

/** A reset token that is unused and not expired. */
export async function selectLiveResetToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row;
}

/** Uses a reset token once: false when it was already used or expired meanwhile. */
export async function updateResetTokenUsed(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.id, id),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: passwordResetTokens.id });
  return rows.length === 1;
}

/** Any other live reset links of the user stop working once one is used. */
export async function expireUserResetTokens(db: Db, userId: string): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/**
 * Whether an access token's session still holds, in one statement of two primary-key/index look-ups (issue 20):
 * its refresh family is neither revoked nor expired (logout, reset, reuse, the end of an impersonation, a
 * deactivation or a role change all revoke it), and the user is still active, of the same role and organization,
 * in an active organization. An impersonation token's family is the superadmin's, who must still be active.
 */
export async function selectSessionHolds(
  db: Db,
  claims: {
    userId: string;
    organizationId: string | null;
    role: string;
    sessionId: string;
    impersonatorId?: string;
  },
): Promise<{ trialEndsAt: Date | null; sessionUntil: Date } | null> {
  // Every authenticated request runs it: a named statement built once (issue 26). It reads the organization's
  // trial end on the way, so the read-only rule (lib/read-only.ts) costs no query of its own, and the family's
  // last expiry, past which the per-process cache (session-cache.ts) must not keep the answer.
  const [row] = await executePrepared<{
    session_until: Date | string | null;
    ok: boolean;
    trial_ends_at: Date | string | null;
  }>(
    db,
    'session_holds',
    () => sql`
    select (
      select max(r.expires_at) from ${refreshTokens} r join ${users} owner on owner.id = r.user_id
       where r.family_id = ${sql.placeholder('sessionId')} and r.user_id = ${sql.placeholder('familyOwner')}
         and r.revoked_at is null and r.expires_at > now() and owner.is_active
    ) as session_until,
    exists (
      select 1 from ${users} u
       where u.id = ${sql.placeholder('userId')} and u.is_active and u.role = ${sql.placeholder('role')}
         and u.organization_id is not distinct from ${sql.placeholder('organizationId')}::uuid
         and not exists (select 1 from ${organizations} o where o.id = u.organization_id and not o.is_active)
    ) as ok,
    (select o.trial_ends_at from ${organizations} o
      where o.id = ${sql.placeholder('organizationId')}::uuid) as trial_ends_at`,
    {
      sessionId: claims.sessionId,
      familyOwner: claims.impersonatorId ?? claims.userId,
      userId: claims.userId,
      role: claims.role,
      organizationId: claims.organizationId,
    },
  );
  if (row?.ok !== true || row.session_until === null) return null;
  return {
    trialEndsAt: row.trial_ends_at === null ? null : new Date(row.trial_ends_at),
    sessionUntil: new Date(row.session_until),
  };
}

/**
 * "Exigir SSO" for one member (docs/product.md#single-sign-on): the connection of their organization enforces
 * it and their email's domain is one of its verified domains (the others could not sign in through it), and
 * who the break-glass admin is. The plan is answered too: enforcement holds only while it includes SSO.
 */
export async function selectSsoEnforcement(
  db: Db,
  organizationId: string,
  emailDomain: string,
): Promise<{ breakGlassUserId: string | null; plan: string } | undefined> {
  const [row] = await db
    .select({ breakGlassUserId: ssoConnections.breakGlassUserId, plan: organizations.plan })
    .from(ssoConnections)
    .innerJoin(organizations, eq(organizations.id, ssoConnections.organizationId))
    .innerJoin(
      ssoDomains,
      and(
        eq(ssoDomains.organizationId, ssoConnections.organizationId),
        eq(ssoDomains.domain, emailDomain),
        isNotNull(ssoDomains.verifiedAt),
      ),
    )
    .where(and(eq(ssoConnections.organizationId, organizationId), eq(ssoConnections.enforce, true)))
    .limit(1);
  return row;
}
