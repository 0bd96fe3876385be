import type { Role } from '@aceite/shared/permissions';
import type { ProposalStatus } from '@aceite/shared/proposal-status';
import type { ProposalSort } from '@aceite/shared/schemas/proposals';
import { and, count, desc, eq, ilike, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { clients, proposals, sepaCreditors } from '@/db/schema/index.ts';
import { preparedOn } from '@/lib/prepared.ts';
import { countOf, countsByStatus, selectTallies } from '@/lib/proposal-tallies.ts';
import { readsByReference } from '@/lib/read-path.ts';
import { likePattern } from '@/lib/search.ts';
import { inTenant, sameTenant, type TenantContext } from '@/lib/tenant-scope.ts';
import {
  clientColumns,
  owner,
  ownerColumns,
  type ProposalClient,
  type ProposalOwner,
  type ProposalValues,
} from '@/modules/proposal-projections/proposal.queries.ts';

// The reads and writes of one proposal every proposal module shares live in modules/proposal-projections.
export {
  type ProposalClient,
  type ProposalOwner,
  type ProposalValues,
  type ProposalWithRelations,
  selectOrganizationBranding,
  selectProposalById,
  selectProposalForUpdate,
  selectUserFullName,
  updateProposalById,
} from '@/modules/proposal-projections/proposal.queries.ts';

export type ProposalRow = typeof proposals.$inferSelect;

/**
 * Search matches the title, the number (docs/product.md#proposal-numbers), or the client's name or company. The client side is an id array from its own
 * trigram-indexed lookup, so PostgreSQL ORs two index scans (title trigram, client id) instead of joining and
 * scanning every proposal of the organization.
 */
function listFilter(
  ctx: TenantContext,
  opts: { status?: ProposalStatus; search?: string; only?: SQL },
): SQL | undefined {
  const pattern = opts.search ? likePattern(opts.search) : undefined;
  const matchingClients = pattern
    ? ctx.db
        .select({ id: clients.id })
        .from(clients)
        .where(and(inTenant(clients, ctx), or(ilike(clients.name, pattern), ilike(clients.company, pattern))))
    : undefined;
  return and(
    inTenant(proposals, ctx),
    isNull(proposals.archivedAt),
    opts.status ? eq(proposals.status, opts.status) : undefined,
    // A named filter of another part of the module ('Para aprovar', docs/product.md#approvals).
    opts.only,
    pattern && matchingClients
      ? or(
          ilike(proposals.title, pattern),
          ilike(proposals.number, pattern),
          sql`${proposals.clientId} = any(array(${matchingClients}))`,
        )
      : undefined,
  );
}

/** The list's columns, its client and owner. */
function listQuery(db: Db) {
  return db
    .select({
      id: proposals.id,
      number: proposals.number,
      title: proposals.title,
      status: proposals.status,
      currency: proposals.currency,
      totalValue: proposals.totalValue,
      chosenTotal: proposals.chosenTotal,
      validUntil: proposals.validUntil,
      clientId: proposals.clientId,
      ownerId: proposals.ownerId,
      // A signed proposal is stored as accepted; lists show it as 'Assinada' (issue 19).
      signedAt: proposals.signedAt,
      createdAt: proposals.createdAt,
      updatedAt: proposals.updatedAt,
      lastViewedAt: proposals.lastViewedAt,
      client: { id: clients.id, name: clients.name, company: clients.company },
      owner: { id: owner.id, firstName: owner.firstName, lastName: owner.lastName },
    })
    .from(proposals)
    .leftJoin(clients, and(eq(clients.id, proposals.clientId), sameTenant(clients, proposals)))
    .innerJoin(owner, and(eq(owner.id, proposals.ownerId), sameTenant(owner, proposals)));
}

/** "Última visualização" (docs/product.md#reading): the client's latest view first, never-viewed ones last. */
const listOrder = (sort: ProposalSort | undefined) =>
  sort === 'lastViewed'
    ? [sql`${proposals.lastViewedAt} desc nulls last`, desc(proposals.createdAt), desc(proposals.id)]
    : [desc(proposals.createdAt), desc(proposals.id)];

/**
 * The page of the usual list (no search, no named filter), as one of four named statements (issue 26): the
 * same SQL as `listQuery` with the filter written by `listFilter`, built once per handle.
 */
function preparedPage(
  ctx: TenantContext,
  status: ProposalStatus | undefined,
  sort: ProposalSort | undefined,
) {
  const byStatus = status !== undefined;
  const lastViewed = sort === 'lastViewed';
  const name = `proposals_page${byStatus ? '_status' : ''}${lastViewed ? '_last_viewed' : ''}`;
  return preparedOn(ctx.db, name, (db) =>
    listQuery(db)
      .where(
        and(
          eq(proposals.organizationId, sql.placeholder('org')),
          isNull(proposals.archivedAt),
          byStatus
            ? eq(proposals.status, sql.placeholder('status') as Placeholder<string, ProposalStatus>)
            : undefined,
        ),
      )
      .orderBy(...listOrder(sort))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
}

export async function selectProposals(
  ctx: TenantContext,
  opts: {
    status?: ProposalStatus;
    search?: string;
    sort?: ProposalSort;
    only?: SQL;
    limit: number;
    offset: number;
    withTotal?: boolean;
  },
) {
  // The usual list (issue 26): its page from a named statement and its total from the tallies the writes keep,
  // instead of counting every proposal of the organization on every page.
  if (!opts.search && !opts.only && !readsByReference(ctx.db)) {
    const [rows, tallies] = await Promise.all([
      preparedPage(ctx, opts.status, opts.sort).execute({
        org: ctx.organizationId,
        status: opts.status,
        limit: opts.limit,
        offset: opts.offset,
      }),
      opts.withTotal === false ? undefined : selectTallies(ctx),
    ]);
    const total = tallies
      ? countOf(tallies, (status, archived) => !archived && (!opts.status || status === opts.status))
      : 0;
    return { rows, total };
  }
  const where = listFilter(ctx, opts);
  const [rows, [totals] = []] = await Promise.all([
    listQuery(ctx.db)
      .where(where)
      .orderBy(...listOrder(opts.sort))
      .limit(opts.limit)
      .offset(opts.offset),
    // Index-only on (organization_id, status, created_at) when not searching; still every row of the
    // organization, so callers that show no pager (the dashboard) skip it.
    opts.withTotal === false ? [] : ctx.db.select({ n: count() }).from(proposals).where(where),
  ]);
  return { rows, total: totals?.n ?? 0 };
}

/** How many proposals of the organization a named filter finds (the sidebar's 'Para aprovar'). */
export async function countProposals(ctx: TenantContext, only: SQL | undefined): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(proposals).where(listFilter(ctx, { only }));
  return row?.n ?? 0;
}

/** The organization's proposals per status, archived ones left out (the sidebar's counts). */
export async function countProposalsByStatus(ctx: TenantContext): Promise<{ status: string; n: number }[]> {
  if (readsByReference(ctx.db)) {
    return ctx.db
      .select({ status: proposals.status, n: count() })
      .from(proposals)
      .where(and(inTenant(proposals, ctx), isNull(proposals.archivedAt)))
      .groupBy(proposals.status);
  }
  return countsByStatus(await selectTallies(ctx));
}

export async function insertProposal(
  ctx: TenantContext,
  values: ProposalValues & { publicToken: string },
): Promise<ProposalRow> {
  const [row] = await ctx.db
    .insert(proposals)
    .values({ ...values, organizationId: ctx.organizationId })
    .returning();
  if (!row) throw new Error('proposal insert returned nothing');
  return row;
}

/** Archives an answered proposal (once); its status when it was archived, undefined when nothing changed. */
export async function archiveProposalById(
  ctx: TenantContext,
  id: string,
): Promise<ProposalStatus | undefined> {
  const [row] = await ctx.db
    .update(proposals)
    .set({ archivedAt: new Date() })
    .where(and(inTenant(proposals, ctx), eq(proposals.id, id), isNull(proposals.archivedAt)))
    .returning({ status: proposals.status });
  return row?.status;
}

export async function deleteProposalById(ctx: TenantContext, id: string): Promise<boolean> {
  const rows = await ctx.db
    .delete(proposals)
    .where(and(inTenant(proposals, ctx), eq(proposals.id, id)))
    .returning({ id: proposals.id });
  return rows.length === 1;
}

/**
 * The proposal's client and owner-to-be, both looked up in the caller's organization in one statement: null
 * for the client when it is not there; no row at all (owner null) when the owner is not. `ownerActive` tells
 * whether the owner may still be given proposals.
 */
export async function selectReferences(
  ctx: TenantContext,
  clientId: string,
  ownerId: string,
): Promise<{
  client: ProposalClient | null;
  owner: ProposalOwner | null;
  ownerActive: boolean;
  ownerRole: Role | null;
}> {
  const [row] = await ctx.db
    .select({
      client: clientColumns,
      owner: ownerColumns,
      ownerActive: owner.isActive,
      ownerRole: owner.role,
    })
    .from(owner)
    .leftJoin(clients, and(inTenant(clients, ctx), eq(clients.id, clientId)))
    .where(and(inTenant(owner, ctx), eq(owner.id, ownerId)))
    .limit(1);
  return row ?? { client: null, owner: null, ownerActive: false, ownerRole: null };
}

/** Whether the client exists in the caller's organization. */
export async function clientExists(ctx: TenantContext, clientId: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: clients.id })
    .from(clients)
    .where(and(inTenant(clients, ctx), eq(clients.id, clientId)))
    .limit(1);
  return !!row;
}

/** Whether the organization saved its SEPA creditor (Configurações → Pagamentos, issue 39). */
export async function sepaCreditorSaved(ctx: TenantContext): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: sepaCreditors.organizationId })
    .from(sepaCreditors)
    .where(inTenant(sepaCreditors, ctx))
    .limit(1);
  return row !== undefined;
}
