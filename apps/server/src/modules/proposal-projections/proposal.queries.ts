import type { ProposalStatus } from '@aceite/shared/proposal-status';
import { and, eq, inArray, not, type Placeholder, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/db/client.ts';
import { clients, organizations, proposals, users } from '@/db/schema/index.ts';
import { preparedOn } from '@/lib/prepared.ts';
import { readsByReference } from '@/lib/read-path.ts';
import { inTenant, sameTenant, type TenantContext } from '@/lib/tenant-scope.ts';

export type ProposalRow = typeof proposals.$inferSelect;
export type ProposalValues = Omit<
  typeof proposals.$inferInsert,
  'id' | 'organizationId' | 'createdAt' | 'updatedAt' | 'publicToken'
>;

/** The proposal's owner, joined under its own name (a proposal also names other users). */
export const owner = alias(users, 'owner');

export const clientColumns = {
  id: clients.id,
  name: clients.name,
  company: clients.company,
  email: clients.email,
  phone: clients.phone,
  taxId: clients.taxId,
};
export const ownerColumns = {
  id: owner.id,
  firstName: owner.firstName,
  lastName: owner.lastName,
  email: owner.email,
};

export type ProposalClient = {
  id: string;
  name: string;
  company: string | null;
  email: string;
  phone: string | null;
  taxId: string | null;
};
export type ProposalOwner = { id: string; firstName: string; lastName: string; email: string };

export interface ProposalWithRelations {
  proposal: ProposalRow;
  client: ProposalClient | null;
  owner: ProposalOwner;
}

/**
 * One proposal of the caller's organization with its client and owner: the organization's projection
 * (`toProposalDto`, proposal-dto.ts) is mapped from it.
 */
function proposalByIdQuery(db: Db, org: string | Placeholder, id: string | Placeholder) {
  return db
    .select({ proposal: proposals, client: clientColumns, owner: ownerColumns })
    .from(proposals)
    .leftJoin(clients, and(eq(clients.id, proposals.clientId), sameTenant(clients, proposals)))
    .innerJoin(owner, and(eq(owner.id, proposals.ownerId), sameTenant(owner, proposals)))
    .where(and(eq(proposals.organizationId, org), eq(proposals.id, id)))
    .limit(1);
}

export async function selectProposalById(
  ctx: TenantContext,
  id: string,
): Promise<ProposalWithRelations | undefined> {
  if (readsByReference(ctx.db)) return (await proposalByIdQuery(ctx.db, ctx.organizationId, id))[0];
  // The most frequent read: a named statement built once (issue 26).
  const [row] = await preparedOn(ctx.db, 'proposal_by_id', (db) =>
    proposalByIdQuery(db, sql.placeholder('org'), sql.placeholder('id')).prepare('proposal_by_id'),
  ).execute({ org: ctx.organizationId, id });
  return row;
}

/**
 * Updates the proposal; with `unlessIn`, only while its status is none of those (a client's answer that lands
 * between the editor's read and this write is never overwritten). Undefined when no row was updated.
 */
export async function updateProposalById(
  ctx: TenantContext,
  id: string,
  values: Partial<ProposalValues>,
  opts: { unlessIn?: readonly ProposalStatus[] } = {},
): Promise<ProposalRow | undefined> {
  const [row] = await ctx.db
    .update(proposals)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        inTenant(proposals, ctx),
        eq(proposals.id, id),
        opts.unlessIn?.length ? not(inArray(proposals.status, [...opts.unlessIn])) : undefined,
      ),
    )
    .returning();
  return row;
}

/** Locks the proposal row for a send (status change, version snapshot and email in one transaction). */
export async function selectProposalForUpdate(ctx: TenantContext, id: string) {
  const [row] = await ctx.db
    .select()
    .from(proposals)
    .where(and(inTenant(proposals, ctx), eq(proposals.id, id)))
    .for('update')
    .limit(1);
  return row;
}

export async function selectOrganizationBranding(ctx: TenantContext) {
  const [row] = await ctx.db
    .select({
      name: organizations.name,
      branding: organizations.branding,
      settings: organizations.settings,
      timezone: organizations.timezone,
    })
    .from(organizations)
    .where(eq(organizations.id, ctx.organizationId))
    .limit(1);
  return row;
}

export async function selectUserFullName(ctx: TenantContext, userId: string): Promise<string> {
  const [row] = await ctx.db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(inTenant(users, ctx), eq(users.id, userId)))
    .limit(1);
  return row ? `${row.firstName} ${row.lastName}` : '';
}
