import { and, count, eq, ilike, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { teams, users } from '@/db/schema/index.ts';
import { likePattern } from '@/lib/search.ts';
import { inTenant, type Scope, sameTenant } from '@/lib/tenant-scope.ts';

const manager = alias(users, 'manager');
// Written out with an explicit alias: drizzle may leave columns unqualified, which inside the subquery
// would silently mean users.id.
// The organization repeated beside the team: docs/scale.md#what-citus-routes.
const memberCount = sql<number>`(select count(*)::int from users m
  where m.team_id = "teams"."id" and m.organization_id = "teams"."organization_id")`;

const teamColumns = {
  team: teams,
  manager: { id: manager.id, firstName: manager.firstName, lastName: manager.lastName, email: manager.email },
  memberCount,
};

export type TeamRow = typeof teams.$inferSelect;
export interface TeamWithManager {
  team: TeamRow;
  manager: { id: string; firstName: string; lastName: string; email: string } | null;
  memberCount: number;
}

export async function selectTeams(
  ctx: Scope,
  opts: { search?: string; limit: number; offset: number },
): Promise<{ rows: TeamWithManager[]; total: number }> {
  const where = and(
    inTenant(teams, ctx),
    opts.search ? ilike(teams.name, likePattern(opts.search)) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    ctx.db
      .select(teamColumns)
      .from(teams)
      .leftJoin(manager, and(eq(manager.id, teams.managerId), sameTenant(manager, teams)))
      .where(where)
      .orderBy(sql`lower(${teams.name})`, teams.id)
      .limit(opts.limit)
      .offset(opts.offset),
    ctx.db.select({ n: count() }).from(teams).where(where),
  ]);
  return { rows, total: totals?.n ?? 0 };
}

export async function selectTeamById(ctx: Scope, id: string): Promise<TeamWithManager | undefined> {
  const [row] = await ctx.db
    .select(teamColumns)
    .from(teams)
    .leftJoin(manager, and(eq(manager.id, teams.managerId), sameTenant(manager, teams)))
    .where(and(inTenant(teams, ctx), eq(teams.id, id)))
    .limit(1);
  return row;
}

export async function selectTeamMembers(ctx: Scope, teamId: string) {
  return ctx.db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      isActive: users.isActive,
    })
    .from(users)
    .where(and(inTenant(users, ctx), eq(users.teamId, teamId)))
    .orderBy(sql`lower(${users.firstName})`, sql`lower(${users.lastName})`);
}

export async function insertTeam(
  ctx: Scope,
  values: { name: string; description: string | null; managerId: string | null },
): Promise<TeamRow> {
  const [row] = await ctx.db
    .insert(teams)
    .values({ ...values, organizationId: ctx.organizationId })
    .returning();
  if (!row) throw new Error('team insert returned nothing');
  return row;
}

export async function updateTeamById(
  ctx: Scope,
  id: string,
  values: { name: string; description: string | null; managerId: string | null },
): Promise<boolean> {
  const rows = await ctx.db
    .update(teams)
    .set({ ...values, updatedAt: new Date() })
    .where(and(inTenant(teams, ctx), eq(teams.id, id)))
    .returning({ id: teams.id });
  return rows.length === 1;
}

export async function deleteTeamById(ctx: Scope, id: string): Promise<boolean> {
  const rows = await ctx.db
    .delete(teams)
    .where(and(inTenant(teams, ctx), eq(teams.id, id)))
    .returning({ id: teams.id });
  return rows.length === 1;
}

/** Sets or clears a member's team (a user is in at most one team). */
export async function updateUserTeam(
  ctx: Scope,
  userId: string,
  teamId: string | null,
  onlyFromTeam?: string,
): Promise<boolean> {
  const rows = await ctx.db
    .update(users)
    .set({ teamId, updatedAt: new Date() })
    .where(
      and(
        inTenant(users, ctx),
        eq(users.id, userId),
        onlyFromTeam ? eq(users.teamId, onlyFromTeam) : undefined,
      ),
    )
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function memberOfOrganization(ctx: Scope, userId: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(inTenant(users, ctx), eq(users.id, userId)))
    .limit(1);
  return !!row;
}
