import { and, count, desc, eq, gt, ilike, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/db/client.ts';
import { invites, organizations, refreshTokens, teams, users } from '@/db/schema/index.ts';
import { likePattern } from '@/lib/search.ts';
import { inTenant, type Scope, sameTenant } from '@/lib/tenant-scope.ts';

export type MemberRow = typeof users.$inferSelect & { team: { id: string; name: string } | null };
export type InviteRow = typeof invites.$inferSelect;

const memberColumns = { user: users, team: { id: teams.id, name: teams.name } };
const toMember = (r: {
  user: typeof users.$inferSelect;
  team: { id: string; name: string } | null;
}): MemberRow => ({
  ...r.user,
  team: r.team,
});

export async function selectMembers(
  ctx: Scope,
  opts: { search?: string; limit: number; offset: number },
): Promise<{ rows: MemberRow[]; total: number }> {
  const pattern = opts.search ? likePattern(opts.search) : undefined;
  const where = and(
    inTenant(users, ctx),
    pattern
      ? or(
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(users.email, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        )
      : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    ctx.db
      .select(memberColumns)
      .from(users)
      .leftJoin(teams, and(eq(teams.id, users.teamId), sameTenant(teams, users)))
      .where(where)
      .orderBy(sql`lower(${users.firstName})`, sql`lower(${users.lastName})`, users.id)
      .limit(opts.limit)
      .offset(opts.offset),
    ctx.db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows: rows.map(toMember), total: totals?.n ?? 0 };
}

export async function selectMemberById(ctx: Scope, id: string): Promise<MemberRow | undefined> {
  const [row] = await ctx.db
    .select(memberColumns)
    .from(users)
    .leftJoin(teams, and(eq(teams.id, users.teamId), sameTenant(teams, users)))
    .where(and(inTenant(users, ctx), eq(users.id, id)))
    .limit(1);
  return row && toMember(row);
}

export async function updateMemberById(
  ctx: Scope,
  id: string,
  values: Partial<Pick<typeof users.$inferInsert, 'firstName' | 'lastName' | 'role' | 'teamId' | 'isActive'>>,
): Promise<boolean> {
  const rows = await ctx.db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(inTenant(users, ctx), eq(users.id, id)))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function revokeSessionsOf(db: Db, userId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** The organization's team, or undefined (another organization's team included). */
export async function selectTeam(
  ctx: Scope,
  teamId: string,
): Promise<{ id: string; name: string } | undefined> {
  const [row] = await ctx.db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(inTenant(teams, ctx), eq(teams.id, teamId)))
    .limit(1);
  return row;
}

/** Whether the address belongs to a member of the caller's organization. */
export async function emailIsMember(ctx: Scope, email: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(inTenant(users, ctx), eq(users.email, email)))
    .limit(1);
  return !!row;
}

export async function emailHasAccount(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return !!row;
}

const inviter = alias(users, 'inviter');

export async function selectPendingInvites(ctx: Scope) {
  return ctx.db
    .select({ invite: invites, inviter: { firstName: inviter.firstName, lastName: inviter.lastName } })
    .from(invites)
    .leftJoin(inviter, and(eq(inviter.id, invites.invitedBy), sameTenant(inviter, invites)))
    .where(and(inTenant(invites, ctx), isNull(invites.acceptedAt)))
    .orderBy(desc(invites.createdAt));
}

export async function selectPendingInviteByEmail(ctx: Scope, email: string): Promise<InviteRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(invites)
    .where(
      and(
        inTenant(invites, ctx),
        eq(invites.email, email),
        isNull(invites.acceptedAt),
        gt(invites.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row;
}

export async function selectInviteById(ctx: Scope, id: string): Promise<InviteRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(invites)
    .where(and(inTenant(invites, ctx), eq(invites.id, id), isNull(invites.acceptedAt)))
    .limit(1);
  return row;
}

export async function insertInvite(ctx: Scope, values: Omit<typeof invites.$inferInsert, 'organizationId'>) {
  const [row] = await ctx.db
    .insert(invites)
    .values({ ...values, organizationId: ctx.organizationId })
    .returning();
  if (!row) throw new Error('invite insert returned nothing');
  return row;
}

export async function updateInviteToken(ctx: Scope, id: string, tokenHash: string, expiresAt: Date) {
  const [row] = await ctx.db
    .update(invites)
    .set({ tokenHash, expiresAt })
    .where(and(inTenant(invites, ctx), eq(invites.id, id), isNull(invites.acceptedAt)))
    .returning();
  return row;
}

export async function deleteInviteById(ctx: Scope, id: string): Promise<boolean> {
  const rows = await ctx.db
    .delete(invites)
    .where(and(inTenant(invites, ctx), eq(invites.id, id), isNull(invites.acceptedAt)))
    .returning({ id: invites.id });
  return rows.length === 1;
}

/** An invitation by its secret token, for the public accept page (unscoped: the token is the key). */
export async function selectLiveInviteByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ invite: invites, organization: { id: organizations.id, name: organizations.name } })
    .from(invites)
    .innerJoin(organizations, eq(organizations.id, invites.organizationId))
    .where(
      and(eq(invites.tokenHash, tokenHash), isNull(invites.acceptedAt), gt(invites.expiresAt, sql`now()`)),
    )
    .limit(1);
  return row;
}

export async function markInviteAccepted(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(invites)
    .set({ acceptedAt: new Date() })
    .where(and(eq(invites.id, id), isNull(invites.acceptedAt)))
    .returning({ id: invites.id });
  return rows.length === 1;
}

export async function insertInvitedUser(db: Db, values: typeof users.$inferInsert): Promise<string> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  return row.id;
}

export async function selectUserName(db: Db, id: string): Promise<string> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, id));
  return row ? `${row.firstName} ${row.lastName}` : '';
}

/**
 * Serializes changes to who administers the organization: the organization's row is locked until the
 * transaction ends, so two admins deactivating or demoting each other at once cannot both succeed.
 */
export async function lockOrganization(ctx: Scope): Promise<void> {
  await ctx.db.execute(sql`select 1 from ${organizations} where id = ${ctx.organizationId} for update`);
}

/** Active admins of the organization other than this user. */
export async function countOtherActiveAdmins(ctx: Scope, exceptId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        inTenant(users, ctx),
        eq(users.role, 'admin'),
        eq(users.isActive, true),
        sql`${users.id} <> ${exceptId}`,
      ),
    );
  return row?.n ?? 0;
}
