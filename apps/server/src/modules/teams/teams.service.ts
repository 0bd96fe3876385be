import { MESSAGES } from '@aceite/shared/messages';
import type { Team, TeamDetail, TeamInputSchema } from '@aceite/shared/schemas/teams';
import type { z } from 'zod';
import { assertCan } from '@/lib/access.ts';
import { AppError, fieldError } from '@/lib/app-error.ts';
import { type Pagination, toPagination } from '@/lib/pagination.ts';
import { type TenantContext, withTx } from '@/lib/tenant-scope.ts';
import { notify } from '@/modules/notifications/notifications.service.ts';
import { addedToTeamText } from '@/modules/notifications/notifications.texts.ts';
import {
  deleteTeamById,
  insertTeam,
  memberOfOrganization,
  selectTeamById,
  selectTeamMembers,
  selectTeams,
  type TeamWithManager,
  updateTeamById,
  updateUserTeam,
} from './teams.queries.ts';

type TeamInput = z.output<typeof TeamInputSchema>;

function toTeamDto({ team, manager, memberCount }: TeamWithManager): Team {
  return {
    id: team.id,
    name: team.name,
    description: team.description,
    managerId: team.managerId,
    manager,
    memberCount,
    createdAt: team.createdAt.toISOString(),
  };
}

const notFound = () => new AppError('NOT_FOUND', MESSAGES.teamNotFound);

async function assertManager(ctx: TenantContext, managerId: string | null): Promise<void> {
  if (managerId && !(await memberOfOrganization(ctx, managerId))) {
    throw fieldError('managerId', MESSAGES.managerInvalid);
  }
}

export async function listTeams(
  ctx: TenantContext,
  query: { search?: string; page: number; limit: number },
): Promise<{ data: Team[]; pagination: Pagination }> {
  const { rows, total } = await selectTeams(ctx, {
    search: query.search,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return { data: rows.map(toTeamDto), pagination: toPagination(query.page, query.limit, total) };
}

export async function getTeam(ctx: TenantContext, id: string): Promise<TeamDetail> {
  const row = await selectTeamById(ctx, id);
  if (!row) throw notFound();
  return { ...toTeamDto(row), members: await selectTeamMembers(ctx, id) };
}

export async function createTeam(ctx: TenantContext, input: TeamInput): Promise<TeamDetail> {
  assertCan(ctx.role, 'team:write');
  await assertManager(ctx, input.managerId);
  const row = await insertTeam(ctx, input);
  return getTeam(ctx, row.id);
}

export async function updateTeam(ctx: TenantContext, id: string, input: TeamInput): Promise<TeamDetail> {
  assertCan(ctx.role, 'team:write');
  await assertManager(ctx, input.managerId);
  if (!(await updateTeamById(ctx, id, input))) throw notFound();
  return getTeam(ctx, id);
}

/** A team with members cannot be deleted: 400 with the spec's message. */
export async function deleteTeam(ctx: TenantContext, id: string): Promise<void> {
  assertCan(ctx.role, 'team:write');
  const row = await selectTeamById(ctx, id);
  if (!row) throw notFound();
  if (row.memberCount > 0) throw new AppError('VALIDATION_ERROR', MESSAGES.teamHasMembers);
  await deleteTeamById(ctx, id);
}

/** Moves the user into this team (leaving any other) and tells them. */
export async function addMember(ctx: TenantContext, teamId: string, userId: string): Promise<TeamDetail> {
  assertCan(ctx.role, 'team:write');
  const team = await selectTeamById(ctx, teamId);
  if (!team) throw notFound();
  await withTx(ctx, async (tx) => {
    if (!(await updateUserTeam(tx, userId, teamId))) {
      throw fieldError('userId', MESSAGES.memberInvalid);
    }
    await notifyAddedToTeam(tx, userId, { id: teamId, name: team.team.name });
  });
  return getTeam(ctx, teamId);
}

/**
 * Tells a user they were put in a team (docs/product.md#notifications), whichever screen did it (team members
 * or the user's edit form); nobody is told about their own doing. Pass the transaction's context.
 */
export async function notifyAddedToTeam(
  ctx: TenantContext,
  userId: string,
  team: { id: string; name: string },
): Promise<void> {
  if (userId === ctx.userId) return;
  await notify(ctx.db, {
    organizationId: ctx.organizationId,
    userId,
    ...addedToTeamText(team),
  });
}

export async function removeMember(ctx: TenantContext, teamId: string, userId: string): Promise<TeamDetail> {
  assertCan(ctx.role, 'team:write');
  if (!(await selectTeamById(ctx, teamId))) throw notFound();
  if (!(await updateUserTeam(ctx, userId, null, teamId)))
    throw new AppError('NOT_FOUND', MESSAGES.userNotFound);
  return getTeam(ctx, teamId);
}
