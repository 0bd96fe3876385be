import type { PlanId } from '@aceite/shared/plans';
import type { BillingPeriod } from '@aceite/shared/pricing';

/*
 * Payment collection behind one interface (issue 38; docs/decisions.md, "Plans: upgrades before payment
 * collection"). Every "Mudar de plano" request goes through the provider: today the one provider is "manual"
 * (the superadmin applies the plan by hand and invoices outside the product). A provider that collects
 * payment (a checkout, a mandate) answers how the request continues, and later calls back to apply the plan.
 */

export interface PlanChangeRequest {
  organizationId: string;
  requestId: string;
  plan: PlanId;
  billingPeriod: BillingPeriod;
}

/** What happens to a request next: waits for the superadmin ("manual"), or the customer pays at a URL. */
export type PlanChangeOutcome = { kind: 'awaiting-superadmin' } | { kind: 'checkout'; url: string };

export interface BillingProvider {
  readonly name: string;
  /** Called once the request is recorded, in its transaction's aftermath; never applies the plan itself. */
  requestPlanChange(request: PlanChangeRequest): Promise<PlanChangeOutcome>;
}

/** The superadmin applies the plan in the platform screens; nothing is charged here. */
export const manualBilling: BillingProvider = {
  name: 'manual',
  async requestPlanChange() {
    return { kind: 'awaiting-superadmin' };
  },
};
