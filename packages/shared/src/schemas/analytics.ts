import { z } from 'zod';
import { REJECTION_REASON_CODES } from '../rejection-reasons.ts';
import { DateOnlySchema as DateOnly } from './common.ts';
import { ProposalSummarySchema } from './proposals.ts';

/**
 * Filters of the analytics report; dates are inclusive, in the organization's timezone
 * (docs/product.md#analytics-and-dashboard).
 */
export const AnalyticsQuerySchema = z.object({
  startDate: DateOnly.optional(),
  endDate: DateOnly.optional(),
  userId: z.uuid().optional(),
  teamId: z.uuid().optional(),
});
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

export const LimitQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) });

/** Dashboard and report cards (docs/product.md#analytics-and-dashboard); money in cents. */
export const AnalyticsOverviewSchema = z.object({
  totalProposals: z.number().int(),
  totalValue: z.number().int(),
  acceptedProposals: z.number().int(),
  acceptedValue: z.number().int(),
  sentProposals: z.number().int(),
  /** Won ÷ sent-or-later × 100, one decimal; 0 when nothing was sent. */
  conversionRate: z.number(),
  avgProposalValue: z.number().int(),
  totalClients: z.number().int(),
  activeUsers: z.number().int(),
  /** Cancelled proposals in the same scope: left out of every other figure, but the proposals list shows them. */
  cancelledProposals: z.number().int(),
  /** Sent, viewed or under negotiation: waiting for the client's answer. */
  openProposals: z.number().int(),
  openValue: z.number().int(),
});
export type AnalyticsOverview = z.infer<typeof AnalyticsOverviewSchema>;

export const TimePointSchema = z.object({
  /** 'YYYY-MM' (month buckets). */
  period: z.string(),
  count: z.number().int(),
  value: z.number().int(),
  acceptedCount: z.number().int(),
  acceptedValue: z.number().int(),
});
export type TimePoint = z.infer<typeof TimePointSchema>;

export const UserPerformanceSchema = z.object({
  userId: z.uuid(),
  userName: z.string(),
  userEmail: z.string(),
  proposalCount: z.number().int(),
  acceptedCount: z.number().int(),
  totalValue: z.number().int(),
  conversionRate: z.number(),
});
export type UserPerformance = z.infer<typeof UserPerformanceSchema>;

export const TeamPerformanceSchema = z.object({
  teamId: z.uuid(),
  teamName: z.string(),
  proposalCount: z.number().int(),
  acceptedCount: z.number().int(),
  totalValue: z.number().int(),
  conversionRate: z.number(),
});
export type TeamPerformance = z.infer<typeof TeamPerformanceSchema>;

export const TopClientSchema = z.object({
  clientId: z.uuid(),
  clientName: z.string(),
  clientCompany: z.string().nullable(),
  proposalCount: z.number().int(),
  acceptedCount: z.number().int(),
  /** Σ totalValue of the client's proposals in scope (cancelled excluded). */
  totalValue: z.number().int(),
});
export type TopClient = z.infer<typeof TopClientSchema>;

export const RecentActivitySchema = z.array(ProposalSummarySchema);

/**
 * "Motivos de perda" (docs/product.md#rejection-reasons): the rejected proposals in scope per reason code,
 * every code listed (zero when none), in the dialog's order; value is Σ totalValue in cents.
 */
export const LossReasonSchema = z.object({
  reasonCode: z.enum(REJECTION_REASON_CODES),
  count: z.number().int(),
  value: z.number().int(),
});
export type LossReason = z.infer<typeof LossReasonSchema>;
