/**
 * The proposal as agreed (docs/product.md#signed-figures): once the client accepts or signs, what they agreed
 * to — the lines of their configuration and its total — is the proposal's figure everywhere (public page,
 * lists, cards, client page, dashboard, PDF), and the offer as sent stays available as "Proposta original".
 * Zod-free: the public page, the app and the server use the same functions.
 */
import {
  applyClientChoice,
  type ChoosableItem,
  type ClientChoice,
  completeChoice,
  defaultItems,
} from './client-choice.ts';
import type { ProposalStatus } from './proposal-status.ts';
import { computeTotals, type DiscountType, type Totals, type TotalsItem } from './totals.ts';

/**
 * The total the client agreed to, in cents: the chosen configuration's total when they chose one, else the
 * offer's; null until the proposal is accepted (signing accepts it, so a signed proposal has one too).
 */
export function agreedTotal(p: {
  status: ProposalStatus;
  totalValue: number;
  chosenTotal: number | null;
}): number | null {
  return p.status === 'accepted' ? (p.chosenTotal ?? p.totalValue) : null;
}

/** The figure a screen shows for a proposal: the agreed total once there is one, else the offer's total. */
export function shownTotal(p: { totalValue: number; agreedTotal: number | null }): number {
  return p.agreedTotal ?? p.totalValue;
}

/** Whether the agreed figure differs from the offer, so that screens also show "Proposta original". */
export function differsFromOffer(p: { totalValue: number; agreedTotal: number | null }): boolean {
  return p.agreedTotal !== null && p.agreedTotal !== p.totalValue;
}

/** The lines a document lists and totals: the client's configuration once chosen, else the offer's. */
export interface PricedLines<T> {
  /** Whether the lines are the client's chosen configuration. */
  chosen: boolean;
  /** The lines shown, each at its quantity (chosen or offered). Without a choice, every line of the offer. */
  lines: T[];
  /** The lines the totals count: the chosen ones, or the offer's default choice (for the IVA label). */
  priced: T[];
  /** The offer's lines the client left out (empty without a choice). */
  leftOut: T[];
  /** Totals of the priced lines, by the one shared computation (docs/product.md#totals). */
  totals: Totals;
}

/**
 * The lines and totals of a proposal as the client agreed to it (`choice` set) or as offered (`choice` null):
 * the PDF renderer and the public page both draw from this, so they cannot disagree.
 */
export function pricedLines<T extends ChoosableItem & TotalsItem>(input: {
  items: readonly T[];
  choice?: ClientChoice | null;
  discountType: DiscountType;
  discountValue: number;
  taxRate: number;
}): PricedLines<T> {
  const { items } = input;
  const choice = input.choice ?? null;
  const chosenLines = choice ? applyClientChoice(items, choice) : null;
  const complete = choice ? completeChoice(items, choice) : null;
  const leftOut = complete ? items.filter((_, index) => !complete.items[index]?.selected) : [];
  const priced = chosenLines ?? defaultItems(items);
  const totals = computeTotals({
    items: priced,
    discountType: input.discountType,
    discountValue: input.discountValue,
    taxRate: input.taxRate,
  });
  return { chosen: chosenLines !== null, lines: chosenLines ?? [...items], priced, leftOut, totals };
}
