import { describe, expect, it } from 'vitest';
import { ProposalInputSchema, ProposalItemSchema } from './proposals.ts';
import { TagsSchema, TemplateInputSchema, TemplateItemSchema } from './templates.ts';

describe('TagsSchema (docs/product.md#templates)', () => {
  it('trims, drops empty tags and removes duplicates ignoring case, keeping the first spelling', () => {
    expect(TagsSchema.parse([' Web ', 'web', '', '  ', 'WEB', 'Design', 'Ótimo', 'ótimo'])).toEqual([
      'Web',
      'Design',
      'Ótimo',
    ]);
  });

  it('defaults to no tags and refuses more than 20', () => {
    expect(TagsSchema.parse(undefined)).toEqual([]);
    expect(TagsSchema.safeParse(Array.from({ length: 21 }, (_, i) => `t${i}`)).success).toBe(false);
  });
});

describe('TemplateItemSchema: a template line carries what a proposal line carries (issue 37)', () => {
  const line = { id: 'i1', quantity: 2, unitPrice: 1000 };

  it('keeps the name apart from the description, and the optional mode and the range', () => {
    const parsed = TemplateInputSchema.parse({
      name: 'Pacote',
      content: {
        items: [
          {
            ...line,
            name: ' Manutenção ',
            description: 'Atualizações mensais',
            optional: 'unselected',
            minQuantity: 1,
            maxQuantity: 12,
          },
        ],
      },
    });
    expect(parsed.content.items[0]).toMatchObject({
      name: 'Manutenção',
      description: 'Atualizações mensais',
      optional: 'unselected',
      minQuantity: 1,
      maxQuantity: 12,
    });
  });

  it('applies the proposal line rules, with the same words', () => {
    const template = (item: object) =>
      TemplateInputSchema.safeParse({ name: 'Pacote', content: { items: [{ ...line, ...item }] } });
    const proposal = (item: object) =>
      ProposalItemSchema.safeParse({ ...line, ...item }).error?.issues[0]?.message ??
      ProposalInputSchema.safeParse({
        title: 'x',
        clientId: '00000000-0000-4000-8000-000000000000',
        content: { items: [{ ...line, ...item }] },
      }).error?.issues[0]?.message;
    for (const bad of [
      { optional: 'talvez' },
      { minQuantity: 0 },
      { maxQuantity: 'muitos' },
      { minQuantity: 3 },
      { maxQuantity: 1 },
      { name: 'x'.repeat(301) },
    ]) {
      const result = template(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.message, JSON.stringify(bad)).toBe(proposal(bad));
    }
  });

  it('the range issue names the bound at fault', () => {
    const result = TemplateInputSchema.safeParse({
      name: 'Pacote',
      content: { items: [line, { ...line, id: 'i2', maxQuantity: 1 }] },
    });
    expect(result.error?.issues[0]?.path).toEqual(['content', 'items', 1, 'maxQuantity']);
  });

  it('reads a line saved before names: no name, no choice', () => {
    const parsed = TemplateItemSchema.parse({ ...line, description: 'Design' });
    expect(parsed).toMatchObject({ name: '', description: 'Design' });
    expect(parsed.optional).toBeUndefined();
  });
});
