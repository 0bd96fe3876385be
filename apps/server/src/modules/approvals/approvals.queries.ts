import { and, desc, eq, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { proposalApprovals, proposals, teams, users } from '@/db/schema/index.ts';
import { mayApprove } from '@/lib/access.ts';
import { inTenant, sameTenant, type TenantContext } from '@/lib/tenant-scope.ts';

type ApprovalAction = (typeof proposalApprovals.$inferInsert)['action'];

export async function insertApprovalEvent(
  ctx: TenantContext,
  values: {
    proposalId: string;
    action: ApprovalAction;
    actorId: string | null;
    note: string | null;
    contentSha256?: string | null;
    previousOwnerId?: string | null;
  },
): Promise<void> {
  await ctx.db.insert(proposalApprovals).values({ ...values, organizationId: ctx.organizationId });
}

/** The proposal's approval history, newest first, with the name of who acted. */
export async function selectApprovalEvents(ctx: TenantContext, proposalId: string) {
  return ctx.db
    .select({
      id: proposalApprovals.id,
      action: proposalApprovals.action,
      note: proposalApprovals.note,
      actorId: proposalApprovals.actorId,
      previousOwnerId: proposalApprovals.previousOwnerId,
      contentSha256: proposalApprovals.contentSha256,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: proposalApprovals.createdAt,
    })
    .from(proposalApprovals)
    .leftJoin(users, and(eq(users.id, proposalApprovals.actorId), sameTenant(users, proposalApprovals)))
    .where(and(inTenant(proposalApprovals, ctx), eq(proposalApprovals.proposalId, proposalId)))
    .orderBy(desc(proposalApprovals.createdAt), desc(proposalApprovals.id))
    .limit(100);
}

const member = alias(users, 'member');

/**
 * The managers of the owner's team (docs/product.md#approvals): the team's manager and the members of the team
 * with the manager role, active. Empty when the owner is in no team.
 */
export async function selectOwnerTeamManagerIds(ctx: TenantContext, ownerId: string): Promise<string[]> {
  const [owner] = await ctx.db
    .select({ teamId: users.teamId, managerId: teams.managerId })
    .from(users)
    .leftJoin(teams, and(inTenant(teams, ctx), eq(teams.id, users.teamId)))
    .where(and(inTenant(users, ctx), eq(users.id, ownerId)))
    .limit(1);
  if (!owner?.teamId) return [];
  const rows = await ctx.db
    .select({ id: member.id })
    .from(member)
    .where(
      and(
        inTenant(member, ctx),
        eq(member.isActive, true),
        eq(member.role, 'manager'),
        or(eq(member.teamId, owner.teamId), owner.managerId ? eq(member.id, owner.managerId) : undefined),
      ),
    );
  return rows.map((r) => r.id);
}

/** The organization's active admins (they approve any proposal). */
export async function selectActiveAdminIds(ctx: TenantContext): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(inTenant(users, ctx), eq(users.isActive, true), eq(users.role, 'admin')));
  return rows.map((r) => r.id);
}

/**
 * The caller neither asked for the pending approval (nor re-opened it) nor owned the proposal since (the SQL
 * form of `approvalParties` of @aceite/shared/approvals, issue 34, M3): the pending request is what follows the
 * last approval, return or automatic reset.
 */
function notPartyToPendingRequest(userId: string): SQL {
  return sql`not exists (
    select 1 from ${proposalApprovals} pa
     where pa.proposal_id = ${proposals.id}
       and ((pa.action in ('requested', 'reopened') and pa.actor_id = ${userId})
         or (pa.action = 'handed_over' and pa.previous_owner_id = ${userId}))
       and pa.created_at > coalesce((
         select max(pb.created_at) from ${proposalApprovals} pb
          where pb.proposal_id = ${proposals.id} and pb.action in ('approved', 'returned', 'reset')
       ), '-infinity'::timestamptz))`;
}

/**
 * The proposals awaiting the caller's approval ('Para aprovar'), as a filter on `proposals`: in review and owned
 * by someone the caller may approve for (any member for an admin; a member of a team the manager manages or
 * belongs to, for a manager). Their own, and those they asked for or owned since, only when `selfApproves`. Nothing for other roles or an API key.
 */
export function awaitingApprovalOf(ctx: TenantContext, selfApproves: boolean): SQL | undefined {
  // In review before sending, or re-opened by a change after sending (issue 34).
  const inReview = or(eq(proposals.status, 'in_review'), isNotNull(proposals.approvalReopenedAt));
  const own = selfApproves
    ? undefined
    : and(ne(proposals.ownerId, ctx.userId), notPartyToPendingRequest(ctx.userId));
  if (!mayApprove(ctx)) return sql`false`;
  if (ctx.role === 'admin') return and(inReview, own);
  const managedTeams = ctx.db
    .select({ id: teams.id })
    .from(teams)
    .where(
      and(
        inTenant(teams, ctx),
        or(
          eq(teams.managerId, ctx.userId),
          sql`${teams.id} = (select ${users.teamId} from ${users} where ${users.id} = ${ctx.userId})`,
        ),
      ),
    );
  const members = ctx.db
    .select({ id: member.id })
    .from(member)
    .where(and(inTenant(member, ctx), inArray(member.teamId, managedTeams)));
  const ownedByTeam = selfApproves
    ? or(inArray(proposals.ownerId, members), eq(proposals.ownerId, ctx.userId))
    : inArray(proposals.ownerId, members);
  return and(inReview, own, ownedByTeam);
}

/** A member's role (the policy is applied as the owner would send the proposal). */
export async function selectUserRole(ctx: TenantContext, userId: string) {
  const [row] = await ctx.db
    .select({ role: users.role })
    .from(users)
    .where(and(inTenant(users, ctx), eq(users.id, userId)))
    .limit(1);
  return row?.role ?? null;
}

/** Active members by id, with their role: the people who may approve, named (issue 37). */
export async function selectActiveMembers(
  ctx: TenantContext,
  ids: readonly string[],
): Promise<{ id: string; firstName: string; lastName: string; role: (typeof users.$inferSelect)['role'] }[]> {
  if (ids.length === 0) return [];
  return ctx.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(users)
    .where(and(inTenant(users, ctx), eq(users.isActive, true), inArray(users.id, [...ids])))
    .orderBy(users.firstName, users.lastName);
}
