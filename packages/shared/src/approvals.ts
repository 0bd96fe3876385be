import { type Actor, can } from './permissions.ts';

/**
 * The approval policy (docs/product.md#approvals) in one pure function: the server refuses to send or share a
 * proposal it applies to until approved, and the screens explain why. Zod-free, like the statuses.
 */

/** The organization's settings, as stored (flat keys; see the getters in `schemas/users.ts`). */
export interface ApprovalSettings {
  /** Cents, IVA included; null or absent: the rule is off. */
  approvalMinTotal?: number | null;
  /** 0–100; null or absent: the rule is off. */
  approvalMinDiscountPercent?: number | null;
  /** Admins and managers skip the approval of their own proposals; absent means on. */
  approvalSelfApproves?: boolean;
}

/** What the policy reads of a proposal: its owner, totals and discounts (the proposal's and each line's). */
export interface ApprovalSubject {
  ownerId: string;
  totalValue: number;
  subtotal: number;
  discountType: 'percentage' | 'fixed';
  discountValue: number;
  discountAmount: number;
  items?: readonly { discount?: number | null }[];
}

/**
 * The largest discount the proposal gives, as a percentage: the proposal's own (a fixed discount as its share of
 * the subtotal) or any line's (docs/decisions.md, "Issue 24 — approvals").
 */
export function largestDiscountPercent(p: ApprovalSubject): number {
  const own =
    p.discountType === 'percentage'
      ? p.discountValue
      : p.subtotal > 0
        ? (p.discountAmount * 100) / p.subtotal
        : 0;
  const lines = (p.items ?? []).map((i) => i.discount ?? 0);
  return Math.max(own, 0, ...lines);
}

/** Whether the organization has any approval rule on. */
export function approvalPolicyOn(settings: Readonly<Record<string, unknown>> | null | undefined): boolean {
  return (
    positive(settings?.approvalMinTotal) !== null || positive(settings?.approvalMinDiscountPercent) !== null
  );
}

function positive(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null;
}

/**
 * Whether this proposal needs approval before `actor` sends or shares it: the total is at or above the threshold
 * or the largest discount at or above its percentage (either rule may be off), unless the actor is an admin or
 * manager sending their own proposal and the organization lets them skip it (the default).
 */
export function needsApproval(
  settings: Readonly<Record<string, unknown>> | null | undefined,
  proposal: ApprovalSubject,
  actor: Actor,
): boolean {
  const minTotal = positive(settings?.approvalMinTotal);
  const minDiscount = positive(settings?.approvalMinDiscountPercent);
  const meets =
    (minTotal !== null && proposal.totalValue >= minTotal) ||
    (minDiscount !== null && largestDiscountPercent(proposal) >= minDiscount);
  if (!meets) return false;
  const skipsOwn =
    settings?.approvalSelfApproves !== false &&
    proposal.ownerId === actor.userId &&
    can(actor.role, 'proposal:approve');
  return !skipsOwn;
}
