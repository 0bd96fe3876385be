import { type ChoiceTotalsInput, type ChoosableItem, clientTotalRange } from './client-choice.ts';
import { formatPercent } from './format-percent.ts';
import { formatMoney } from './money.ts';
import { type Actor, can } from './permissions.ts';
import type { TotalsItem } from './totals.ts';

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

/**
 * What the policy reads of a proposal: its owner, priced items (with what the client may choose) and discount.
 * The figures are computed here from the items, so the rule always sees the client's whole range.
 */
export interface ApprovalSubject extends ChoiceTotalsInput {
  ownerId: string;
  items: readonly (ChoosableItem & TotalsItem & { discount?: number | null })[];
}

/**
 * The largest discount the proposal gives, as a percentage: the proposal's own (a fixed discount as its share of
 * the subtotal of the smallest choice, where it weighs most) or any line's (docs/decisions.md, "Issue 24 —
 * approvals").
 */
export function largestDiscountPercent(p: ApprovalSubject, range = clientTotalRange(p)): number {
  const { subtotal, discountAmount } = range.smallest;
  const own =
    p.discountType === 'percentage' ? p.discountValue : subtotal > 0 ? (discountAmount * 100) / subtotal : 0;
  const lines = p.items.map((i) => i.discount ?? 0);
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
 * Whether this proposal needs approval before `actor` sends or shares it: the largest total the client can
 * choose is at or above the threshold
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
  if (minTotal === null && minDiscount === null) return false;
  // The largest total the client can choose, not the default one (issue 34, M1).
  const range = clientTotalRange(proposal);
  const meets =
    (minTotal !== null && range.max >= minTotal) ||
    (minDiscount !== null && largestDiscountPercent(proposal, range) >= minDiscount);
  if (!meets) return false;
  const skipsOwn =
    settings?.approvalSelfApproves !== false &&
    proposal.ownerId === actor.userId &&
    can(actor.role, 'proposal:approve');
  return !skipsOwn;
}

/** A rule of the policy the proposal meets: which one, the proposal's figure and the organization's limit. */
export interface ApprovalReason {
  rule: 'total' | 'discount';
  /** Cents (total, the largest the client can choose) or percent (discount). */
  value: number;
  limit: number;
}

/**
 * Which rules of the policy the proposal meets (issue 37: the message names the rule), whoever sends it: the
 * same figures `needsApproval` reads. Empty when no rule is on or none is met.
 */
export function approvalReasons(
  settings: Readonly<Record<string, unknown>> | null | undefined,
  proposal: ApprovalSubject,
): ApprovalReason[] {
  const minTotal = positive(settings?.approvalMinTotal);
  const minDiscount = positive(settings?.approvalMinDiscountPercent);
  const reasons: ApprovalReason[] = [];
  if (minTotal === null && minDiscount === null) return reasons;
  const range = clientTotalRange(proposal);
  if (minTotal !== null && range.max >= minTotal)
    reasons.push({ rule: 'total', value: range.max, limit: minTotal });
  const discount = largestDiscountPercent(proposal, range);
  if (minDiscount !== null && discount >= minDiscount)
    reasons.push({ rule: 'discount', value: Math.round(discount * 100) / 100, limit: minDiscount });
  return reasons;
}

/**
 * A reason in the salesperson's words: "O total (6 150,00 €) é igual ou superior a 5 000,00 €, o limite definido
 * pela organização."
 */
export function approvalReasonText(reason: ApprovalReason): string {
  return reason.rule === 'total'
    ? `O total (${formatMoney(reason.value)}) é igual ou superior a ${formatMoney(reason.limit)}, o limite definido pela organização.`
    : `O desconto (${formatPercent(reason.value)}) é igual ou superior a ${formatPercent(reason.limit)}, o limite definido pela organização.`;
}

/** One row of a proposal's approval history, as `approvalParties` reads it (newest first). */
export interface ApprovalHistoryEntry {
  action: string;
  actorId: string | null;
  previousOwnerId?: string | null;
}

/**
 * Who may not approve the pending request when the organization does not let people approve their own (issue
 * 34, M3): whoever asked for it (or re-opened it by a change after sending), and every owner the proposal had
 * since (the hand-overs recorded while it was pending). The pending request starts after the last approval,
 * return or automatic reset. `history` is newest first; the current owner is excluded by the policy itself.
 */
export function approvalParties(history: readonly ApprovalHistoryEntry[]): string[] {
  const parties = new Set<string>();
  for (const entry of history) {
    if (entry.action === 'approved' || entry.action === 'returned' || entry.action === 'reset') break;
    if ((entry.action === 'requested' || entry.action === 'reopened') && entry.actorId) {
      parties.add(entry.actorId);
    }
    if (entry.action === 'handed_over' && entry.previousOwnerId) parties.add(entry.previousOwnerId);
  }
  return [...parties];
}
