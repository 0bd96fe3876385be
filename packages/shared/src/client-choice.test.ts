import { describe, expect, it } from 'vitest';
import {
  applyClientChoice,
  type ChoosableItem,
  completeChoice,
  defaultChoice,
  defaultItems,
  hasClientChoice,
  itemRangeProblem,
  validateChoice,
} from './client-choice.ts';
import { computeTotals } from './totals.ts';

const items = [
  { name: 'Site', quantity: 1, unitPrice: 100_000 },
  { name: 'Alojamento', quantity: 12, unitPrice: 1_000, minQuantity: 6, maxQuantity: 24 },
  { name: 'Manutenção', quantity: 1, unitPrice: 5_000, optional: 'selected' as const },
  { name: 'Logótipo', quantity: 1, unitPrice: 20_000, optional: 'unselected' as const },
  { name: 'Consultoria', quantity: 1.5, unitPrice: 4_000, minQuantity: 1, maxQuantity: 3 },
];

describe('client choice', () => {
  it('defaults to required and preselected items at their quantity', () => {
    expect(defaultChoice(items).items.map((e) => e.selected)).toEqual([true, true, true, false, true]);
    expect(defaultItems(items).map((i) => i.name)).toEqual([
      'Site',
      'Alojamento',
      'Manutenção',
      'Consultoria',
    ]);
  });

  it('applies the chosen selection and quantities, and the totals follow', () => {
    const choice = {
      items: [
        { index: 1, selected: true, quantity: 24 },
        { index: 2, selected: false, quantity: 1 },
        { index: 3, selected: true, quantity: 1 },
      ],
    };
    expect(validateChoice(items, choice)).toEqual([]);
    const chosen = applyClientChoice(items, choice);
    expect(chosen.map((i) => [i.name, i.quantity])).toEqual([
      ['Site', 1],
      ['Alojamento', 24],
      ['Logótipo', 1],
      ['Consultoria', 1.5],
    ]);
    const totals = computeTotals({
      items: chosen,
      discountType: 'percentage',
      discountValue: 0,
      taxRate: 23,
    });
    // 100 000 + 24 000 + 20 000 + 6 000 = 150 000; IVA 34 500.
    expect(totals).toEqual({
      subtotal: 150_000,
      discountAmount: 0,
      taxAmount: 34_500,
      totalValue: 184_500,
      taxBreakdown: [{ rate: 23, base: 150_000, tax: 34_500 }],
    });
    // Left-out items keep their default.
    expect(completeChoice(items, choice).items[0]).toEqual({ index: 0, selected: true, quantity: 1 });
  });

  it('refuses unknown and repeated items, a required item left out, and quantities out of range', () => {
    const problems = (entries: { index: number; selected: boolean; quantity: number }[]) =>
      validateChoice(items, { items: entries }).map((p) => p.message);
    expect(problems([{ index: 9, selected: true, quantity: 1 }])).toEqual([
      'A escolha refere um item que não existe na proposta.',
    ]);
    expect(problems([{ index: 1.5, selected: true, quantity: 1 }])).toHaveLength(1);
    expect(
      problems([
        { index: 2, selected: true, quantity: 1 },
        { index: 2, selected: false, quantity: 1 },
      ]),
    ).toEqual(['A escolha repete o item 3.']);
    expect(problems([{ index: 0, selected: false, quantity: 1 }])).toEqual([
      'O item 1 é obrigatório e não pode ser retirado.',
    ]);
    expect(problems([{ index: 0, selected: true, quantity: 2 }])).toEqual([
      'A quantidade do item 1 não pode ser alterada.',
    ]);
    expect(problems([{ index: 1, selected: true, quantity: 25 }])).toEqual([
      'A quantidade do item 2 deve estar entre 6 e 24.',
    ]);
    expect(problems([{ index: 1, selected: true, quantity: 5 }])).toHaveLength(1);
    expect(problems([{ index: 1, selected: true, quantity: 6.5 }])).toEqual([
      'A quantidade do item 2 deve ser um número inteiro.',
    ]);
    // A fractional quantity's range takes up to two decimals.
    expect(problems([{ index: 4, selected: true, quantity: 2.25 }])).toEqual([]);
    expect(problems([{ index: 4, selected: true, quantity: 2.255 }])).toHaveLength(1);
  });

  it('knows when there is anything to choose and checks an item’s own range', () => {
    expect(hasClientChoice(items)).toBe(true);
    expect(hasClientChoice([{ quantity: 2 }, { quantity: 1, minQuantity: 1, maxQuantity: 1 }])).toBe(false);
    const item = (over: Partial<ChoosableItem>): ChoosableItem => ({ quantity: 5, ...over });
    expect(itemRangeProblem(item({ minQuantity: 1, maxQuantity: 10 }))).toBeNull();
    expect(itemRangeProblem(item({ minQuantity: 6 }))?.field).toBe('minQuantity');
    expect(itemRangeProblem(item({ maxQuantity: 4 }))?.field).toBe('maxQuantity');
  });
});
