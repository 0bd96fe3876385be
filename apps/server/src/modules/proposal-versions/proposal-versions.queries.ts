import { and, desc, eq, max } from 'drizzle-orm';
import { type ProposalSnapshot, proposals, proposalVersions, users } from '@/db/schema/index.ts';
import { inTenant, type Scope, sameTenant } from '@/lib/tenant-scope.ts';

const versionColumns = {
  version: proposalVersions,
  creator: { firstName: users.firstName, lastName: users.lastName },
};

export async function selectVersions(ctx: Scope, proposalId: string) {
  return ctx.db
    .select(versionColumns)
    .from(proposalVersions)
    .leftJoin(users, and(eq(users.id, proposalVersions.createdBy), sameTenant(users, proposalVersions)))
    .where(and(inTenant(proposalVersions, ctx), eq(proposalVersions.proposalId, proposalId)))
    .orderBy(desc(proposalVersions.versionNumber));
}

export async function selectVersion(ctx: Scope, proposalId: string, versionNumber: number) {
  const [row] = await ctx.db
    .select(versionColumns)
    .from(proposalVersions)
    .leftJoin(users, and(eq(users.id, proposalVersions.createdBy), sameTenant(users, proposalVersions)))
    .where(
      and(
        inTenant(proposalVersions, ctx),
        eq(proposalVersions.proposalId, proposalId),
        eq(proposalVersions.versionNumber, versionNumber),
      ),
    )
    .limit(1);
  return row;
}

export async function selectLatestVersion(ctx: Scope, proposalId: string) {
  const [row] = await ctx.db
    .select()
    .from(proposalVersions)
    .where(and(inTenant(proposalVersions, ctx), eq(proposalVersions.proposalId, proposalId)))
    .orderBy(desc(proposalVersions.versionNumber))
    .limit(1);
  return row;
}

/** The proposal, locked for the numbering of its next version. */
export async function selectProposalForVersion(ctx: Scope, proposalId: string) {
  const [row] = await ctx.db
    .select()
    .from(proposals)
    .where(and(inTenant(proposals, ctx), eq(proposals.id, proposalId)))
    .for('update')
    .limit(1);
  return row;
}

export async function insertVersion(
  ctx: Scope,
  values: { proposalId: string; changeNotes: string; snapshot: ProposalSnapshot; createdBy: string | null },
): Promise<number> {
  const [current] = await ctx.db
    .select({ n: max(proposalVersions.versionNumber) })
    .from(proposalVersions)
    .where(and(inTenant(proposalVersions, ctx), eq(proposalVersions.proposalId, values.proposalId)));
  const versionNumber = (current?.n ?? 0) + 1;
  await ctx.db
    .insert(proposalVersions)
    .values({ ...values, organizationId: ctx.organizationId, versionNumber });
  await ctx.db
    .update(proposals)
    .set({ currentVersion: versionNumber })
    .where(and(inTenant(proposals, ctx), eq(proposals.id, values.proposalId)));
  return versionNumber;
}
