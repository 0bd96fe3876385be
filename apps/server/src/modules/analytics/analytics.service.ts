import { REJECTION_REASON_CODES } from '@aceite/shared/rejection-reasons';
import type {
  AnalyticsOverview,
  AnalyticsQuery,
  LossReason,
  TeamPerformance,
  TimePoint,
  TopClient,
  UserPerformance,
} from '@aceite/shared/schemas/analytics';
import type { ProposalSummary } from '@aceite/shared/schemas/proposals';
import type { TenantContext } from '@/lib/tenant-scope.ts';
import { listLatestProposals } from '@/modules/proposals/proposals.service.ts';
import {
  selectByTeam,
  selectByUser,
  selectLossReasons,
  selectOverTime,
  selectOverview,
  selectTopClients,
} from './analytics.queries.ts';

/**
 * Won ÷ sent-or-later × 100 with one decimal; 0 when nothing was sent
 * (docs/product.md#analytics-and-dashboard).
 */
export function conversionRate(won: number, sent: number): number {
  return sent === 0 ? 0 : Math.round((won / sent) * 1000) / 10;
}

const n = (v: number | string) => Number(v);

export async function getOverview(ctx: TenantContext, q: AnalyticsQuery): Promise<AnalyticsOverview> {
  const row = await selectOverview(ctx, q);
  const count = n(row.count);
  const value = n(row.value);
  return {
    totalProposals: count,
    totalValue: value,
    acceptedProposals: n(row.won),
    acceptedValue: n(row.wonValue),
    sentProposals: n(row.sent),
    conversionRate: conversionRate(n(row.won), n(row.sent)),
    avgProposalValue: count === 0 ? 0 : Math.round(value / count),
    totalClients: row.clients,
    activeUsers: row.users,
    cancelledProposals: row.cancelled,
    openProposals: row.open,
    openValue: n(row.openValue),
  };
}

export async function getProposalsOverTime(ctx: TenantContext, q: AnalyticsQuery): Promise<TimePoint[]> {
  return (await selectOverTime(ctx, q)).map((r) => ({
    period: r.period,
    count: n(r.count),
    value: n(r.value),
    acceptedCount: n(r.won),
    acceptedValue: n(r.wonValue),
  }));
}

export async function getProposalsByUser(
  ctx: TenantContext,
  q: AnalyticsQuery,
  limit: number,
): Promise<UserPerformance[]> {
  return (await selectByUser(ctx, q, limit)).map((r) => ({
    userId: r.userId,
    userName: `${r.firstName} ${r.lastName}`,
    userEmail: r.email,
    proposalCount: n(r.count),
    acceptedCount: n(r.won),
    totalValue: n(r.value),
    conversionRate: conversionRate(n(r.won), n(r.sent)),
  }));
}

export async function getProposalsByTeam(ctx: TenantContext, q: AnalyticsQuery): Promise<TeamPerformance[]> {
  return (await selectByTeam(ctx, q)).map((r) => ({
    teamId: r.teamId,
    teamName: r.teamName,
    proposalCount: n(r.count),
    acceptedCount: n(r.won),
    totalValue: n(r.value),
    conversionRate: conversionRate(n(r.won), n(r.sent)),
  }));
}

export async function getTopClients(
  ctx: TenantContext,
  q: AnalyticsQuery,
  limit: number,
): Promise<TopClient[]> {
  return (await selectTopClients(ctx, q, limit)).map((r) => ({
    clientId: r.clientId,
    clientName: r.clientName,
    clientCompany: r.clientCompany,
    proposalCount: n(r.count),
    acceptedCount: n(r.won),
    totalValue: n(r.value),
  }));
}

/** The latest proposals, for the dashboard. */
export async function getRecentActivity(ctx: TenantContext, limit: number): Promise<ProposalSummary[]> {
  return listLatestProposals(ctx, limit);
}

/** "Motivos de perda": every reason code with its count and value, in the dialog's order. */
export async function getLossReasons(ctx: TenantContext, q: AnalyticsQuery): Promise<LossReason[]> {
  const rows = new Map((await selectLossReasons(ctx, q)).map((r) => [r.reasonCode, r]));
  return REJECTION_REASON_CODES.map((reasonCode) => {
    const row = rows.get(reasonCode);
    return { reasonCode, count: row ? n(row.count) : 0, value: row ? n(row.value) : 0 };
  });
}
