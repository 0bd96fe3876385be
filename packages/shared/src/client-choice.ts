/**
 * Optional items and quantity ranges the client chooses on the public page (docs/product.md#client-choice).
 * Zod-free: the public page, the editor and the server run the same functions, and the effective items they
 * return are what `computeTotals` is given.
 */
import { formatDecimalPt } from './money.ts';
import { computeTotals, type Totals, type TotalsInput, type TotalsItem } from './totals.ts';

/** How an item is offered: absent/null is required; optional items are shown preselected or unselected. */
export const ITEM_OPTIONAL_MODES = ['selected', 'unselected'] as const;
export type ItemOptionalMode = (typeof ITEM_OPTIONAL_MODES)[number];

/** What the choice functions read of an item (a `ProposalItem` fits). */
export interface ChoosableItem {
  quantity: number;
  optional?: ItemOptionalMode | null;
  minQuantity?: number | null;
  maxQuantity?: number | null;
}

/** One line of the client's choice: the item by its position in the proposal's items. */
export interface ClientChoiceItem {
  index: number;
  selected: boolean;
  quantity: number;
}

/** What the client chose: one entry per item (items left out take their default). */
export interface ClientChoice {
  items: ClientChoiceItem[];
}

/** Whether the item may be left out by the client. */
export function isOptionalItem(item: ChoosableItem): boolean {
  return item.optional === 'selected' || item.optional === 'unselected';
}

/** The quantities the client may choose: the range, or just the item's quantity without one. */
export function quantityRange(item: ChoosableItem): { min: number; max: number } {
  return { min: item.minQuantity ?? item.quantity, max: item.maxQuantity ?? item.quantity };
}

/** Whether the client may change the item's quantity. */
export function hasQuantityRange(item: ChoosableItem): boolean {
  const { min, max } = quantityRange(item);
  return min < max;
}

/** Whether the client can change anything at all (the public page then shows the choice controls). */
export function hasClientChoice(items: readonly ChoosableItem[]): boolean {
  return items.some((item) => isOptionalItem(item) || hasQuantityRange(item));
}

/**
 * Whole units are counted when the owner counts in whole units (quantity and range all integers); a range
 * around a fractional quantity (1,5 horas) accepts any amount with at most two decimals.
 */
export function requiresWholeQuantity(item: ChoosableItem): boolean {
  const { min, max } = quantityRange(item);
  return [item.quantity, min, max].every(Number.isInteger);
}

/** The choice of a client who changes nothing: required and preselected items at their quantity. */
export function defaultChoice(items: readonly ChoosableItem[]): ClientChoice {
  return {
    items: items.map((item, index) => ({
      index,
      selected: item.optional !== 'unselected',
      quantity: item.quantity,
    })),
  };
}

/** Why a choice is refused, in Portuguese, with the item's position (for the page and the 400's field). */
export interface ChoiceProblem {
  index: number | null;
  message: string;
}

function itemLabel(index: number): string {
  return `o item ${index + 1}`;
}

/**
 * The problems of a choice (empty when valid): an unknown or repeated item, a required item deselected, a
 * quantity outside the item's range or not a whole number when the item counts whole units.
 */
export function validateChoice(items: readonly ChoosableItem[], choice: ClientChoice): ChoiceProblem[] {
  const problems: ChoiceProblem[] = [];
  const seen = new Set<number>();
  for (const entry of choice.items) {
    const item = Number.isInteger(entry.index) ? items[entry.index] : undefined;
    if (!item) {
      problems.push({ index: null, message: 'A escolha refere um item que não existe na proposta.' });
      continue;
    }
    if (seen.has(entry.index)) {
      problems.push({ index: entry.index, message: `A escolha repete ${itemLabel(entry.index)}.` });
      continue;
    }
    seen.add(entry.index);
    if (!entry.selected && !isOptionalItem(item)) {
      problems.push({
        index: entry.index,
        message: `O item ${entry.index + 1} é obrigatório e não pode ser retirado.`,
      });
    }
    const { min, max } = quantityRange(item);
    if (!Number.isFinite(entry.quantity) || entry.quantity < min || entry.quantity > max) {
      problems.push({
        index: entry.index,
        message:
          min === max
            ? `A quantidade do item ${entry.index + 1} não pode ser alterada.`
            : `A quantidade do item ${entry.index + 1} deve estar entre ${formatQuantity(min)} e ${formatQuantity(max)}.`,
      });
    } else if (requiresWholeQuantity(item) && !Number.isInteger(entry.quantity)) {
      problems.push({
        index: entry.index,
        message: `A quantidade do item ${entry.index + 1} deve ser um número inteiro.`,
      });
    } else if (Math.round(entry.quantity * 100) !== entry.quantity * 100) {
      problems.push({
        index: entry.index,
        message: `A quantidade do item ${entry.index + 1} aceita no máximo duas casas decimais.`,
      });
    }
  }
  return problems;
}

/** The whole choice: every item, those the client left out at their default. Assumes a valid choice. */
export function completeChoice(items: readonly ChoosableItem[], choice: ClientChoice): ClientChoice {
  const byIndex = new Map(choice.items.map((entry) => [entry.index, entry]));
  return {
    items: defaultChoice(items).items.map((fallback) => {
      const entry = byIndex.get(fallback.index);
      return entry ? { index: fallback.index, selected: entry.selected, quantity: entry.quantity } : fallback;
    }),
  };
}

/** The effective items: the selected ones, each at its chosen quantity (what `computeTotals` is given). */
export function applyClientChoice<T extends ChoosableItem>(items: readonly T[], choice: ClientChoice): T[] {
  const complete = completeChoice(items, choice);
  return complete.items.flatMap((entry) => {
    const item = items[entry.index];
    return item && entry.selected ? [{ ...item, quantity: entry.quantity }] : [];
  });
}

/** The items as priced when the client has not chosen (the proposal's total). */
export function defaultItems<T extends ChoosableItem>(items: readonly T[]): T[] {
  return applyClientChoice(items, defaultChoice(items));
}

/**
 * Problems of an item's own settings, for the editor and the proposal's schema: min ≤ quantity ≤ max.
 * Returns the field and the message, or null.
 */
export function itemRangeProblem(
  item: ChoosableItem,
): { field: 'minQuantity' | 'maxQuantity'; message: string } | null {
  if (item.minQuantity != null && item.minQuantity > item.quantity) {
    return { field: 'minQuantity', message: 'A quantidade mínima não pode ser superior à quantidade.' };
  }
  if (item.maxQuantity != null && item.maxQuantity < item.quantity) {
    return { field: 'maxQuantity', message: 'A quantidade máxima não pode ser inferior à quantidade.' };
  }
  return null;
}

function formatQuantity(value: number): string {
  return formatDecimalPt(value, { maxDecimals: 3 });
}

/**
 * What the lists of lines (editor detail, public page, PDF) say of a line the client may change:
 * "Opcional", "Opcional, não incluído no total", "Quantidade de 6 a 24"; null for a plain line.
 */
export function itemChoiceNote(item: ChoosableItem): string | null {
  const notes: string[] = [];
  if (item.optional === 'selected') notes.push('Opcional');
  if (item.optional === 'unselected') notes.push('Opcional, não incluído no total');
  if (hasQuantityRange(item)) {
    const { min, max } = quantityRange(item);
    notes.push(`Quantidade de ${formatQuantity(min)} a ${formatQuantity(max)}`);
  }
  return notes.length > 0 ? notes.join(' · ') : null;
}

/** A chosen line as stored with the decision: what the client gets, at the chosen quantity. */
export interface ChosenItem {
  index: number;
  name: string;
  quantity: number;
  unit: string;
  unitPrice: number;
  discount: number;
  tax: number | null;
}

/**
 * The client's configuration as stored with an acceptance (the proposal's `client_choice`, the decision's
 * chain event and audit row): the whole choice, the items it gives and its totals (cents).
 */
export interface ChosenConfiguration {
  choice: ClientChoice;
  items: ChosenItem[];
  subtotal: number;
  discountAmount: number;
  taxAmount: number;
  totalValue: number;
}

/** The largest choice the client can make: every item in, each at the top of its range. */
export function largestChoice(items: readonly ChoosableItem[]): ClientChoice {
  return {
    items: items.map((item, index) => ({ index, selected: true, quantity: quantityRange(item).max })),
  };
}

/** The smallest choice the client can make: optional items out, every other at the bottom of its range. */
export function smallestChoice(items: readonly ChoosableItem[]): ClientChoice {
  return {
    items: items.map((item, index) => ({
      index,
      selected: !isOptionalItem(item),
      quantity: quantityRange(item).min,
    })),
  };
}

/** What the range of totals is computed from: a proposal's priced items, discount and IVA. */
export interface ChoiceTotalsInput extends Omit<TotalsInput, 'items'> {
  items: readonly (ChoosableItem & TotalsItem)[];
}

/** The totals (cents, IVA included) the client may end up with, and the figures at each end. */
export interface ClientTotalRange {
  min: number;
  max: number;
  /** The totals of the smallest choice (a fixed discount weighs most there). */
  smallest: Totals;
  /** The totals of the largest choice. */
  largest: Totals;
}

/**
 * The range of totals the client's choice spans (docs/product.md#approvals): from every optional item left out
 * and each range at its minimum, to every optional item in at its maximum quantity. The approval rule is
 * evaluated on `max` (the server's check and the approval screen read this one function), so what the client
 * may add is never outside the policy.
 */
export function clientTotalRange(p: ChoiceTotalsInput): ClientTotalRange {
  const totalsOf = (choice: ClientChoice) =>
    computeTotals({
      items: applyClientChoice(p.items, choice),
      discountType: p.discountType,
      discountValue: p.discountValue,
      taxRate: p.taxRate,
    });
  const smallest = totalsOf(smallestChoice(p.items));
  const largest = totalsOf(largestChoice(p.items));
  return {
    min: Math.min(smallest.totalValue, largest.totalValue),
    max: Math.max(smallest.totalValue, largest.totalValue),
    smallest,
    largest,
  };
}
