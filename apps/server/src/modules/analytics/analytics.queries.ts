import {
  CLIENT_HAS_SEEN_STATUSES,
  isBeforeSent,
  PROPOSAL_STATUSES,
  type ProposalStatus,
  WON_STATUSES,
} from '@aceite/shared/proposal-status';
import type { AnalyticsQuery } from '@aceite/shared/schemas/analytics';
import { and, count, desc, eq, gt, isNotNull, type SQL, sql } from 'drizzle-orm';
import { clients, organizations, proposalClientTallies, proposals, teams, users } from '@/db/schema/index.ts';
import { preparedOn } from '@/lib/prepared.ts';
import { selectTallies, tallyOf } from '@/lib/proposal-tallies.ts';
import { readsByReference } from '@/lib/read-path.ts';
import { inTenant, type Scope, sameTenant } from '@/lib/tenant-scope.ts';

/** `status in (…)` over one of the shared groups, written as literals (constants, never input). */
const statusIn = (group: readonly ProposalStatus[]): SQL =>
  sql`${proposals.status} in (${sql.raw(group.map((s) => `'${s}'`).join(','))})`;

/**
 * Sent or later (neither before sent nor cancelled) and won, as docs/product.md#analytics-and-dashboard
 * defines them.
 */
const SENT_OR_LATER = statusIn(PROPOSAL_STATUSES.filter((s) => !isBeforeSent(s) && s !== 'cancelled'));
const WON = statusIn(WON_STATUSES);
/** Waiting for the client's answer. */
const OPEN = statusIn(CLIENT_HAS_SEEN_STATUSES);

/**
 * A proposal's value: what the client chose when they accepted with optional items or quantities, else its
 * total (docs/product.md#client-choice).
 */
const VALUE = sql`coalesce(${proposals.chosenTotal}, ${proposals.totalValue})`;

const totals = {
  count: sql<number>`count(*)::int`,
  value: sql<number>`coalesce(sum(${VALUE}), 0)::bigint`,
  sent: sql<number>`(count(*) filter (where ${SENT_OR_LATER}))::int`,
  won: sql<number>`(count(*) filter (where ${WON}))::int`,
  wonValue: sql<number>`coalesce(sum(${VALUE}) filter (where ${WON}), 0)::bigint`,
};

async function organizationTimezone(ctx: Scope): Promise<string> {
  const [row] = await ctx.db
    .select({ tz: organizations.timezone })
    .from(organizations)
    .where(eq(organizations.id, ctx.organizationId));
  return row?.tz ?? 'Europe/Lisbon';
}

/**
 * The proposals in scope: the organization's, not cancelled, created within the dates (inclusive, in the
 * organization's timezone), of one owner or of the owners in one team.
 */
async function scope(
  ctx: Scope,
  q: AnalyticsQuery,
  statuses: SQL = sql`${proposals.status} <> 'cancelled'`,
): Promise<{ where: SQL; tz: string }> {
  const tz = await organizationTimezone(ctx);
  const where = and(
    inTenant(proposals, ctx),
    statuses,
    q.startDate
      ? sql`${proposals.createdAt} >= (${q.startDate}::date::timestamp at time zone ${tz})`
      : undefined,
    q.endDate
      ? sql`${proposals.createdAt} < ((${q.endDate}::date + 1)::timestamp at time zone ${tz})`
      : undefined,
    q.userId ? eq(proposals.ownerId, q.userId) : undefined,
    q.teamId
      ? sql`${proposals.ownerId} in (select ${users.id} from ${users} where ${users.teamId} = ${q.teamId} and ${users.organizationId} = ${ctx.organizationId})`
      : undefined,
  ) as SQL;
  return { where, tz };
}

/**
 * The whole organization, no filter: the dashboard's default, which the tallies kept by the writes answer
 * (issue 26). A filtered request (dates, a member, a team) is computed from the proposals.
 */
const unfiltered = (ctx: Scope, q: AnalyticsQuery) =>
  !q.startDate && !q.endDate && !q.userId && !q.teamId && !readsByReference(ctx.db);

const isSentOrLater = (s: string) => !isBeforeSent(s as ProposalStatus) && s !== 'cancelled';
const isWonStatus = (s: string) => (WON_STATUSES as readonly string[]).includes(s);
const isOpen = (s: string) => (CLIENT_HAS_SEEN_STATUSES as readonly string[]).includes(s);

/** The overview's figures from the tallies, with the same groups as the SQL above (archived ones included). */
async function overviewFromTallies(ctx: Scope) {
  const [tallies, [clientCount], [userCount]] = await Promise.all([
    selectTallies(ctx),
    ctx.db.select({ n: count() }).from(clients).where(inTenant(clients, ctx)),
    ctx.db
      .select({ n: count() })
      .from(users)
      .where(and(inTenant(users, ctx), eq(users.isActive, true))),
  ]);
  const all = tallyOf(tallies, (s) => s !== 'cancelled');
  const won = tallyOf(tallies, isWonStatus);
  const open = tallyOf(tallies, isOpen);
  return {
    count: all.n,
    value: all.value,
    sent: tallyOf(tallies, isSentOrLater).n,
    won: won.n,
    wonValue: won.value,
    clients: clientCount?.n ?? 0,
    users: userCount?.n ?? 0,
    open: open.n,
    openValue: open.value,
    cancelled: tallyOf(tallies, (s) => s === 'cancelled').n,
  };
}

export async function selectOverview(ctx: Scope, q: AnalyticsQuery) {
  if (unfiltered(ctx, q)) return overviewFromTallies(ctx);
  const { where } = await scope(ctx, q);
  const { where: cancelledWhere } = await scope(ctx, q, sql`${proposals.status} = 'cancelled'`);
  const [[row], [open], [cancelled], [clientCount], [userCount]] = await Promise.all([
    ctx.db.select(totals).from(proposals).where(where),
    ctx.db
      .select({ n: count(), value: sql<number>`coalesce(sum(${VALUE}), 0)::bigint` })
      .from(proposals)
      .where(and(where, OPEN)),
    ctx.db.select({ n: count() }).from(proposals).where(cancelledWhere),
    ctx.db.select({ n: count() }).from(clients).where(inTenant(clients, ctx)),
    ctx.db
      .select({ n: count() })
      .from(users)
      .where(and(inTenant(users, ctx), eq(users.isActive, true))),
  ]);
  return {
    ...(row ?? { count: 0, value: 0, sent: 0, won: 0, wonValue: 0 }),
    clients: clientCount?.n ?? 0,
    users: userCount?.n ?? 0,
    open: open?.n ?? 0,
    openValue: open?.value ?? 0,
    cancelled: cancelled?.n ?? 0,
  };
}

/**
 * The figures of `totals`, aliased so an aggregating subquery can expose them. Every figure is additive, so
 * partial aggregates (per owner, per month) can be summed again outside.
 */
const aliasedTotals = () => ({
  count: totals.count.as('count'),
  value: totals.value.as('value'),
  sent: totals.sent.as('sent'),
  won: totals.won.as('won'),
  wonValue: totals.wonValue.as('won_value'),
});

/** Sums of per-group partials (one owner's or one month's figures), for a second level of grouping. */
const summed = (p: {
  count: SQL.Aliased;
  value: SQL.Aliased;
  sent: SQL.Aliased;
  won: SQL.Aliased;
  wonValue: SQL.Aliased;
}) => ({
  count: sql<number>`sum(${p.count})::int`,
  value: sql<number>`sum(${p.value})::bigint`,
  sent: sql<number>`sum(${p.sent})::int`,
  won: sql<number>`sum(${p.won})::int`,
  wonValue: sql<number>`sum(${p.wonValue})::bigint`,
});

/**
 * The scope's figures per owner: one index-only pass over the covering index with a 50-group hash; users and
 * teams are joined to these few rows afterwards instead of to every proposal.
 */
function perOwner(ctx: Scope, where: SQL) {
  return ctx.db
    .select({ ownerId: sql<string>`${proposals.ownerId}`.as('owner_id'), ...aliasedTotals() })
    .from(proposals)
    .where(where)
    .groupBy(proposals.ownerId)
    .as('per_owner');
}

/**
 * One index range scan per month of the scope (month bounds computed once each in the organization's
 * timezone), instead of converting and sorting every proposal: grouping by a computed month made PostgreSQL
 * sort 100,000 rows (it cannot estimate the number of months) and cost ~3× as much. Months without
 * proposals are left out, as before (the screen fills them with zeros).
 */
export async function selectOverTime(ctx: Scope, q: AnalyticsQuery) {
  const { where, tz } = await scope(ctx, q);
  const result = await ctx.db.execute<{
    period: string;
    count: number;
    value: number;
    sent: number;
    won: number;
    wonValue: number;
  }>(sql`
    select to_char(m, 'YYYY-MM') as "period", t."count", t."value", t."sent", t."won", t."wonValue"
      from generate_series(
             date_trunc('month', (select min(${proposals.createdAt}) from ${proposals} where ${where}) at time zone ${tz}),
             (select max(${proposals.createdAt}) from ${proposals} where ${where}) at time zone ${tz},
             interval '1 month') as m
      cross join lateral (
        select ${totals.count} as "count", ${totals.value} as "value", ${totals.sent} as "sent",
               ${totals.won} as "won", ${totals.wonValue} as "wonValue"
          from ${proposals}
         where ${where}
           and ${proposals.createdAt} >= (m at time zone ${tz})
           and ${proposals.createdAt} < ((m + interval '1 month') at time zone ${tz})) as t
     where t."count" > 0
     order by m`);
  return result.rows;
}

export async function selectByUser(ctx: Scope, q: AnalyticsQuery, limit: number) {
  const { where } = await scope(ctx, q);
  const owners = perOwner(ctx, where);
  return ctx.db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      count: owners.count,
      value: owners.value,
      sent: owners.sent,
      won: owners.won,
      wonValue: owners.wonValue,
    })
    .from(owners)
    .innerJoin(users, and(eq(users.id, owners.ownerId), inTenant(users, ctx)))
    .orderBy(desc(owners.value), users.id)
    .limit(limit);
}

export async function selectByTeam(ctx: Scope, q: AnalyticsQuery) {
  const { where } = await scope(ctx, q);
  const owners = perOwner(ctx, where);
  const figures = summed(owners);
  return ctx.db
    .select({ teamId: teams.id, teamName: teams.name, ...figures })
    .from(owners)
    .innerJoin(users, and(eq(users.id, owners.ownerId), inTenant(users, ctx)))
    .innerJoin(teams, and(eq(teams.id, users.teamId), sameTenant(teams, users)))
    .groupBy(teams.id)
    .orderBy(sql`sum(${owners.value}) desc`, teams.id);
}

/**
 * Aggregates by client id first (an index-only scan of the covering index), ranks, and only then joins the
 * few winning clients for their names: joining 100,000 proposals to their clients before grouping costs ~3×.
 */
export async function selectTopClients(ctx: Scope, q: AnalyticsQuery, limit: number) {
  if (unfiltered(ctx, q)) return topClientsFromTallies(ctx, limit);
  const { where } = await scope(ctx, q);
  const ranked = ctx.db
    .select({ clientId: sql<string>`${proposals.clientId}`.as('client_id'), ...aliasedTotals() })
    .from(proposals)
    .where(and(where, isNotNull(proposals.clientId)))
    .groupBy(proposals.clientId)
    .orderBy(sql`value desc`, proposals.clientId)
    .limit(limit)
    .as('ranked');
  return ctx.db
    .select({
      clientId: clients.id,
      clientName: clients.name,
      clientCompany: clients.company,
      count: ranked.count,
      value: ranked.value,
      sent: ranked.sent,
      won: ranked.won,
      wonValue: ranked.wonValue,
    })
    .from(ranked)
    .innerJoin(clients, and(eq(clients.id, ranked.clientId), inTenant(clients, ctx)))
    .orderBy(desc(ranked.value), clients.id);
}

/**
 * Rejected proposals in scope per reason code ("Motivos de perda", docs/product.md#rejection-reasons); a
 * rejection without a code counts as 'other'.
 */
export async function selectLossReasons(ctx: Scope, q: AnalyticsQuery) {
  const { where } = await scope(ctx, q, sql`${proposals.status} = 'rejected'`);
  const code = sql<string>`coalesce(${proposals.rejectionReasonCode}, 'other')`;
  return ctx.db
    .select({
      reasonCode: code,
      count: sql<number>`count(*)::int`,
      value: sql<number>`coalesce(sum(${proposals.totalValue}), 0)::bigint`,
    })
    .from(proposals)
    .where(where)
    .groupBy(code);
}

/**
 * Unfiltered top clients from the per-client tallies kept by the writes (issue 26): the first rows of
 * `(organization_id, value desc, client_id)` among clients with proposals, the same order as the query above.
 */
async function topClientsFromTallies(ctx: Scope, limit: number) {
  const t = proposalClientTallies;
  return preparedOn(ctx.db, 'top_clients_tallies', (db) =>
    db
      .select({
        clientId: clients.id,
        clientName: clients.name,
        clientCompany: clients.company,
        count: t.count,
        value: t.value,
        won: t.won,
      })
      .from(t)
      .innerJoin(clients, and(eq(clients.id, t.clientId), sameTenant(clients, t)))
      .where(and(eq(t.organizationId, sql.placeholder('org')), gt(t.count, 0)))
      .orderBy(desc(t.value), t.clientId)
      .limit(sql.placeholder('limit'))
      .prepare('top_clients_tallies'),
  ).execute({ org: ctx.organizationId, limit });
}
