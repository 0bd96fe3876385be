import { MESSAGES } from '@aceite/shared/messages';
import type { Proposal } from '@aceite/shared/schemas/proposals';
import { SEPA_MESSAGES } from '@aceite/shared/sepa/messages';
import { computeTotals } from '@aceite/shared/totals';
import { describe, expect, it } from 'vitest';
import {
  emptyProposalValues,
  eurosToCents,
  formChoiceNote,
  formPath,
  formTotals,
  newItem,
  normalizeQuantity,
  type ProposalFormValues,
  templateFromState,
  toProposalDraft,
  validateProposalValues,
  valuesFromProposal,
  valuesFromTemplate,
} from './proposal-form-values';
import { formSepaSchedule } from './sepa-preview';

const CLIENT_ID = '7c1a4f32-3b8e-4c1e-9a55-0f7b8e2d4c11';

function values(overrides: Partial<ProposalFormValues> = {}): ProposalFormValues {
  return { ...emptyProposalValues(), title: 'Website', clientId: CLIENT_ID, ...overrides };
}

describe('normalizeQuantity', () => {
  it.each([
    ['', 1],
    [0, 1],
    [-3, 1],
    [0.5, 1],
    ['abc', 1],
    [Number.NaN, 1],
    [1, 1],
    [2.5, 2.5],
    ['3', 3],
    ['1,5', 1.5],
  ])('turns %p into %p', (input, expected) => {
    expect(normalizeQuantity(input)).toBe(expected);
  });
});

describe('eurosToCents', () => {
  it.each([
    [12.34, 1234],
    ['12,34', 1234],
    ['1 234,5', 123450],
    [0.1 + 0.2, 30],
    [19.999, 2000],
    ['', 0],
  ])('turns %p € into %p cents, rounding', (input, expected) => {
    expect(eurosToCents(input)).toBe(expected);
  });
});

describe('toProposalDraft', () => {
  it('sends money in cents, quantities of at least 1, trimmed text and no empty optionals', () => {
    const draft = toProposalDraft(
      values({
        title: '  Website  ',
        description: '   ',
        items: [newItem({ name: ' Design ', quantity: '', unitPrice: '99,99' })],
        discountType: 'fixed',
        discountValue: '10,5',
        taxRate: 6,
      }),
      { includeOwner: false },
    );
    expect(draft).toMatchObject({
      title: 'Website',
      description: null,
      validUntil: null,
      content: { items: [{ name: 'Design', description: '', quantity: 1, unitPrice: 9999 }], blocks: [] },
      discountType: 'fixed',
      discountValue: 1050,
      taxRate: 6,
    });
    expect(draft).not.toHaveProperty('ownerId');
  });

  it('includes the owner only for people who may hand proposals over', () => {
    const owned = values({ ownerId: '1b6f1a47-61f2-4d36-8f39-1bd6fa0f7c90' });
    expect(toProposalDraft(owned, { includeOwner: true }).ownerId).toBe(owned.ownerId);
    expect(toProposalDraft(owned, { includeOwner: false }).ownerId).toBeUndefined();
  });
});

describe('formTotals', () => {
  it('matches computeTotals over the same cents', () => {
    const form = values({
      items: [
        newItem({ quantity: 3, unitPrice: '19,99' }),
        newItem({ quantity: 1.5, unitPrice: 120 }),
        newItem({ quantity: 0, unitPrice: '0,01' }),
      ],
      discountType: 'percentage',
      discountValue: 12.5,
      taxRate: 23,
    });
    expect(formTotals(form)).toEqual(
      computeTotals({
        items: [
          { quantity: 3, unitPrice: 1999 },
          { quantity: 1.5, unitPrice: 12000 },
          { quantity: 1, unitPrice: 1 },
        ],
        discountType: 'percentage',
        discountValue: 12.5,
        taxRate: 23,
      }),
    );
  });

  it('never shows NaN while a tax rate is being typed', () => {
    const totals = formTotals(values({ items: [newItem({ unitPrice: 10 })], taxRate: '' }));
    expect(totals).toMatchObject({ subtotal: 1000, discountAmount: 0, taxAmount: 0, totalValue: 1000 });
  });
});

describe('validateProposalValues', () => {
  it("asks for title and client with the spec's message", () => {
    const errors = validateProposalValues(emptyProposalValues());
    expect(errors.title).toBe(MESSAGES.proposalRequired);
    expect(errors.clientId).toBe(MESSAGES.proposalRequired);
  });

  it('refuses a percentage over 100 and a tax rate outside 0–100', () => {
    const errors = validateProposalValues(values({ discountValue: 120, taxRate: 101 }));
    expect(errors.discountValue).toBe(MESSAGES.percentageTooHigh);
    expect(errors.taxRate).toBe(MESSAGES.taxRateInvalid);
  });

  it('reports a percentage over 100 even before a client is chosen', () => {
    const errors = validateProposalValues({ ...emptyProposalValues(), discountValue: 150 });
    expect(errors).toMatchObject({
      title: MESSAGES.proposalRequired,
      clientId: MESSAGES.proposalRequired,
      discountValue: MESSAGES.percentageTooHigh,
    });
  });

  it('accepts a complete proposal', () => {
    expect(validateProposalValues(values({ items: [newItem({ unitPrice: 5 })] }))).toEqual({});
  });
});

describe('formPath', () => {
  it('maps API paths onto the editor fields', () => {
    expect(formPath('content.items.2.unitPrice')).toBe('items.2.unitPrice');
    expect(formPath(['content', 'blocks', 0, 'title'])).toBe('blocks.0.title');
    expect(formPath('clientId')).toBe('clientId');
  });
});

describe('template prefill', () => {
  const template = {
    id: '0b7d3c1a-6a2f-4d0e-9c8b-1a2b3c4d5e6f',
    name: 'Consultoria estratégica',
    description: 'Diagnóstico e plano',
    category: 'consultoria',
    tags: [],
    isGlobal: false,
    useCount: 3,
    content: {
      blocks: [{ id: 'b1', type: 'text', title: 'Introdução', content: 'Olá' }],
      items: [
        {
          id: 'i1',
          description: 'Workshop',
          quantity: 2,
          unit: 'dia',
          unitPrice: 45000,
          discount: 10,
          tax: 23,
        },
        {
          id: 'i2',
          description: 'Relatório',
          quantity: 0,
          unit: 'un',
          unitPrice: 12345,
          discount: 0,
          tax: 23,
        },
      ],
    },
  };

  it('reads the template from navigation state and ignores anything else', () => {
    expect(templateFromState({ template })?.name).toBe('Consultoria estratégica');
    expect(templateFromState(null)).toBeNull();
    expect(templateFromState({ template: { name: 3 } })).toBeNull();
  });

  it('maps name, description, blocks and items (a line without a name: description → name, cents → euros)', () => {
    const prefill = templateFromState({ template });
    if (!prefill) throw new Error('template not read');
    const form = valuesFromTemplate(prefill, 'owner-1');
    expect(form).toMatchObject({
      title: 'Consultoria estratégica',
      description: 'Diagnóstico e plano',
      clientId: null,
      status: 'draft',
      taxRate: 23,
      ownerId: 'owner-1',
      blocks: [{ title: 'Introdução', content: 'Olá' }],
      items: [
        { name: 'Workshop', description: '', quantity: 2, unitPrice: 450 },
        { name: 'Relatório', description: '', quantity: 1, unitPrice: 123.45 },
      ],
    });
  });

  it('carries a package: line names apart from descriptions, optional add-ons and ranges (issue 37)', () => {
    const prefill = templateFromState({
      template: {
        ...template,
        content: {
          blocks: [],
          items: [
            {
              id: 'p1',
              name: 'Site',
              description: 'Cinco páginas',
              quantity: 1,
              unitPrice: 100_000,
              tax: 23,
            },
            {
              id: 'p2',
              name: 'Manutenção',
              description: 'Atualizações',
              quantity: 6,
              unit: 'mês',
              unitPrice: 5_000,
              tax: 23,
              optional: 'unselected',
              minQuantity: 3,
              maxQuantity: 12,
            },
          ],
        },
      },
    });
    if (!prefill) throw new Error('template not read');
    const form = valuesFromTemplate(prefill);
    expect(form.items).toMatchObject([
      { name: 'Site', description: 'Cinco páginas', optional: '', minQuantity: '', maxQuantity: '' },
      {
        name: 'Manutenção',
        description: 'Atualizações',
        optional: 'unselected',
        minQuantity: 3,
        maxQuantity: 12,
      },
    ]);
    const sent = toProposalDraft(form, { includeOwner: false }).content.items;
    expect(sent[0]).not.toHaveProperty('optional');
    expect(sent[1]).toMatchObject({ optional: 'unselected', minQuantity: 3, maxQuantity: 12, quantity: 6 });
  });
});

describe('valuesFromProposal', () => {
  it('shows cents as euros, and a fixed discount in euros', () => {
    const proposal = {
      title: 'P',
      clientId: CLIENT_ID,
      description: null,
      validUntil: '2026-12-31',
      status: 'viewed',
      content: { blocks: [], items: [{ name: 'A', description: '', quantity: 2, unitPrice: 1050 }] },
      discountType: 'fixed',
      discountValue: 2500,
      taxRate: 23,
      ownerId: 'owner-1',
    } as unknown as Proposal;
    expect(valuesFromProposal(proposal)).toMatchObject({
      description: '',
      validUntil: '2026-12-31',
      status: 'viewed',
      items: [{ name: 'A', quantity: 2, unitPrice: 10.5 }],
      discountValue: 25,
    });
  });
});

describe('optional items and quantity ranges (docs/product.md#client-choice)', () => {
  const choosing = () =>
    values({
      items: [
        newItem({ name: 'Site', unitPrice: 1000 }),
        newItem({ name: 'Logótipo', unitPrice: 200, optional: 'unselected' }),
        newItem({ name: 'Alojamento', quantity: 12, unitPrice: 10, minQuantity: 6, maxQuantity: 24 }),
      ],
    });

  it('sends the choice fields only where set, and totals the default choice', () => {
    const items = toProposalDraft(choosing(), { includeOwner: false }).content.items;
    expect(items[0]).not.toHaveProperty('optional');
    expect(items[0]).not.toHaveProperty('minQuantity');
    expect(items[1]).toMatchObject({ optional: 'unselected' });
    expect(items[2]).toMatchObject({ minQuantity: 6, maxQuantity: 24 });
    // 1000 + 120 € (the unselected logo is out), IVA 23 %.
    expect(formTotals(choosing())).toMatchObject({ subtotal: 112_000, totalValue: 137_760 });
    expect(formChoiceNote(choosing())).toBe(
      'Total com a escolha predefinida; o cliente pode alterá-la: 1 item opcional (1 não selecionado, fora do total), 1 quantidade ajustável.',
    );
    expect(formChoiceNote(values({ items: [newItem({ name: 'A' })] }))).toBeNull();
  });

  it('refuses a range that does not hold the quantity', () => {
    const errors = validateProposalValues(
      values({ items: [newItem({ name: 'A', quantity: 5, unitPrice: 1, maxQuantity: 4 })] }),
    );
    expect(errors['items.0.maxQuantity']).toBe('A quantidade máxima não pode ser inferior à quantidade.');
  });
});

describe('SEPA schedule in the editor (docs/product.md#the-schedule-in-the-proposal)', () => {
  const priced = (overrides: Partial<ProposalFormValues> = {}) =>
    values({
      items: [newItem({ name: 'Avença', quantity: 1, unitPrice: '100' })],
      taxRate: 0,
      discountValue: 0,
      ...overrides,
    });

  it('sends null when off and the terms when on', () => {
    expect(toProposalDraft(priced(), { includeOwner: false }).sepa).toBeNull();
    const on = priced({
      sepaEnabled: true,
      sepaPattern: 'monthly',
      sepaInstalments: 3,
      sepaFirstCollectionDate: '2099-07-01',
    });
    expect(toProposalDraft(on, { includeOwner: false }).sepa).toEqual({
      pattern: 'monthly',
      instalments: 3,
      firstCollectionDate: '2099-07-01',
    });
    expect(
      toProposalDraft({ ...on, sepaPattern: 'oneOff' }, { includeOwner: false }).sepa?.instalments,
    ).toBeNull();
  });

  it('previews the schedule over the live total: FRST, RCUR, FNAL a month apart, the cents summing up', () => {
    const on = priced({
      sepaEnabled: true,
      sepaPattern: 'monthly',
      sepaInstalments: 3,
      sepaFirstCollectionDate: '2099-01-31',
      items: [newItem({ name: 'Avença', quantity: 1, unitPrice: '100' })],
      taxRate: 0,
      // 100 € with no IVA, the exemption given so the totals are what they are.
    });
    const schedule = formSepaSchedule(on);
    expect(schedule.map((i) => [i.sequenceType, i.collectionDate, i.amountCents])).toEqual([
      ['FRST', '2099-01-31', 3334],
      ['RCUR', '2099-02-28', 3333],
      ['FNAL', '2099-03-31', 3333],
    ]);
    expect(formSepaSchedule({ ...on, sepaPattern: 'oneOff' })).toEqual([
      { sequence: 1, sequenceType: 'OOFF', collectionDate: '2099-01-31', amountCents: 10000 },
    ]);
  });

  it('shows nothing while the terms are incomplete, and names the wrong field in Portuguese', () => {
    const wrong = priced({
      sepaEnabled: true,
      sepaPattern: 'monthly',
      sepaInstalments: 1,
      sepaFirstCollectionDate: '',
    });
    expect(formSepaSchedule(wrong)).toEqual([]);
    const errors = validateProposalValues(wrong);
    expect(errors.sepaInstalments).toBe(SEPA_MESSAGES.sepaInstalmentsInvalid);
    expect(errors.sepaFirstCollectionDate).toBe(SEPA_MESSAGES.sepaFirstCollectionDateInvalid);
    expect(formPath('sepa')).toBe('sepaEnabled');
    expect(formPath('sepa.instalments')).toBe('sepaInstalments');
  });

  it('reads the terms of a saved proposal', () => {
    const proposal = {
      ...({} as Proposal),
      title: 'X',
      clientId: CLIENT_ID,
      description: null,
      validUntil: null,
      status: 'draft',
      content: { blocks: [], items: [] },
      discountType: 'percentage',
      discountValue: 0,
      taxRate: 23,
      ownerId: CLIENT_ID,
      sepa: { pattern: 'monthly', instalments: 6, firstCollectionDate: '2099-07-01' },
    } as Proposal;
    expect(valuesFromProposal(proposal)).toMatchObject({
      sepaEnabled: true,
      sepaPattern: 'monthly',
      sepaInstalments: 6,
      sepaFirstCollectionDate: '2099-07-01',
    });
  });
});
