import { checkFeature, checkLimit, type FeatureKind, type LimitKind } from '@aceite/shared/plans';
import type { PlanUsage, UsageFigure } from '@aceite/shared/schemas/plan-usage';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type Envelope } from '@/lib/api-client';

/*
 * The plan and its usage (docs/product.md#plans), in the shared API layer (`src/api/`): Configurações → Plano
 * shows it, and the users and templates screens read it to disable an action the plan refuses before the user
 * tries (docs/architecture.md, "Where things go").
 */

export const planUsageKeys = {
  all: ['plan-usage'] as const,
};

/** Admins only (403 for the other roles). */
export async function getPlanUsage(signal?: AbortSignal): Promise<PlanUsage> {
  const { data } = await apiClient.get<Envelope<PlanUsage>>('/settings/organization/usage', { signal });
  return data;
}

export const planUsageQueryOptions = () =>
  queryOptions({ queryKey: planUsageKeys.all, queryFn: ({ signal }) => getPlanUsage(signal) });

export function usePlanUsage(options: { enabled?: boolean } = {}) {
  return useQuery({ ...planUsageQueryOptions(), enabled: options.enabled ?? true });
}

/** The usage figure a limit is checked against. */
export function figureOf(usage: PlanUsage, kind: LimitKind): UsageFigure {
  switch (kind) {
    case 'proposalsPerMonth':
      return usage.proposalsThisMonth;
    case 'users':
      return usage.users;
    case 'templates':
      return usage.templates;
    case 'storageBytes':
      return usage.storageBytes;
  }
}

/**
 * Why the plan refuses one more `kind`, in the server's own words (the shared `checkLimit`), or null while it
 * fits or the usage is unknown (not loaded, or not an admin: the server still refuses with 403 PLAN_LIMIT).
 */
export function usePlanLimitReason(kind: LimitKind, enabled: boolean): string | null {
  const usage = usePlanUsage({ enabled });
  if (!usage.data) return null;
  const verdict = checkLimit(usage.data.plan, kind, figureOf(usage.data, kind).used);
  return verdict.ok ? null : verdict.message;
}

/**
 * Why the plan lacks a feature (API keys, webhooks, SSO, the white-label; the server's words), or null when it has
 * it or the usage is unknown. `enabled: false` skips the read (an Enterprise panel asks only once its own answer
 * says the feature is not available).
 */
export function usePlanFeatureReason(kind: FeatureKind, enabled = true): string | null {
  const usage = usePlanUsage({ enabled });
  if (!usage.data) return null;
  const verdict = checkFeature(usage.data.plan, kind);
  return verdict.ok ? null : verdict.message;
}
