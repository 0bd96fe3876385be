import { z } from 'zod';
import { roundRate } from '../limits.ts';
import { MESSAGES } from '../messages.ts';
import { addItemRangeIssues, LINE_CHOICE_FIELDS, LINE_TEXT_FIELDS } from './item-lines.ts';

/** Template categories (docs/product.md#templates). */
export const TEMPLATE_CATEGORIES = [
  'consultoria',
  'desenvolvimento',
  'design',
  'marketing',
  'vendas',
  'outro',
] as const;

export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

export const TEMPLATE_CATEGORY_LABELS: Record<(typeof TEMPLATE_CATEGORIES)[number], string> = {
  consultoria: 'Consultoria',
  desenvolvimento: 'Desenvolvimento',
  design: 'Design',
  marketing: 'Marketing',
  vendas: 'Vendas',
  outro: 'Outro',
};

export const TemplateBlockSchema = z.object({
  id: z.string().min(1).max(64),
  type: z.enum(['text', 'list']).default('text'),
  title: z.string().trim().max(300).default(''),
  content: z.string().max(20_000).default(''),
});

/**
 * A rate of a template line: at most two decimals, like a proposal's stored rate. Refused rather than rounded:
 * this schema also describes the answer, where a transform cannot be serialized.
 */
const RateSchema = z
  .number()
  .min(0)
  .max(100)
  .refine((v) => roundRate(v) === v, MESSAGES.rateDecimals);

/**
 * A template line carries what a proposal line carries (issue 37): name and description, optional and quantity
 * range, with the proposal's own rules (item-lines.ts). A line without a name is named by its description
 * (templates made before lines had names, and callers that still send only a description).
 */
export const TemplateItemSchema = z.object({
  id: z.string().min(1).max(64),
  ...LINE_TEXT_FIELDS,
  quantity: z.number().min(0).max(1_000_000).default(1),
  unit: z.string().trim().max(30).default('un'),
  /** Cents. */
  unitPrice: z.number().int().min(0).max(100_000_000_00).default(0),
  /** Percent, 0–100. */
  discount: RateSchema.default(0),
  /** Percent, 0–100, two decimals. */
  tax: RateSchema.default(23),
  ...LINE_CHOICE_FIELDS,
});
export type TemplateItem = z.infer<typeof TemplateItemSchema>;

export const TemplateContentSchema = z
  .object({
    blocks: z.array(TemplateBlockSchema).max(100).default([]),
    items: z.array(TemplateItemSchema).max(200).default([]),
  })
  // A range holds the quantity, as in a proposal (docs/product.md#client-choice).
  .superRefine((content, ctx) => addItemRangeIssues(content.items, ctx, ['items']));
export type TemplateContent = z.infer<typeof TemplateContentSchema>;

/**
 * What a create or update may send: a line without a rate takes the organization's normal rate (`normalRate` of
 * `vat.ts`: 22 % in Madeira, 16 % in the Azores; issue 37), filled in by the server, which knows the region.
 */
const TemplateContentInputSchema = z
  .object({
    blocks: z.array(TemplateBlockSchema).max(100).default([]),
    items: z
      .array(TemplateItemSchema.extend({ tax: RateSchema.optional() }))
      .max(200)
      .default([]),
  })
  .superRefine((content, ctx) => addItemRangeIssues(content.items, ctx, ['items']));

/** A reusable proposal template (docs/product.md#templates). */
export const TemplateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.enum(TEMPLATE_CATEGORIES),
  tags: z.array(z.string()),
  content: TemplateContentSchema,
  isGlobal: z.boolean(),
  useCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Template = z.infer<typeof TemplateSchema>;

/**
 * Tags trimmed, empty ones dropped, duplicates removed ignoring case, the first spelling kept
 * (docs/product.md#templates).
 */
export const TagsSchema = z
  .array(z.string().max(40))
  .max(20)
  .default([])
  .transform((tags) => {
    const seen = new Map<string, string>();
    for (const tag of tags.map((t) => t.trim()).filter(Boolean)) {
      const key = tag.toLocaleLowerCase('pt-PT');
      if (!seen.has(key)) seen.set(key, tag);
    }
    return [...seen.values()];
  });

export const TemplateInputSchema = z.object({
  name: z
    .string({ error: MESSAGES.templateNameRequired })
    .trim()
    .min(1, MESSAGES.templateNameRequired)
    .max(200),
  description: z
    .string()
    .trim()
    .max(2000)
    .nullish()
    .transform((v) => v || null),
  category: z.enum(TEMPLATE_CATEGORIES).default('outro'),
  tags: TagsSchema,
  content: TemplateContentInputSchema.default({ blocks: [], items: [] }),
  /** Platform templates: only a superadmin may set it. */
  isGlobal: z.boolean().default(false),
});
export type TemplateInput = z.input<typeof TemplateInputSchema>;

export const ListTemplatesQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  category: z.enum(TEMPLATE_CATEGORIES).optional(),
});

/**
 * A template line as the body of a proposal line (docs/product.md#templates, issue 37): name, description,
 * unit, price, discount, optional mode and range come along unchanged, so the proposal offers what the template
 * promised. A line without a name is named by its description; a quantity under 1 (templates allow 0) is 1, a
 * proposal's least; an IVA equal to `proposalRate` is left to the proposal (null).
 */
export function proposalLineFromTemplate(item: TemplateItem, proposalRate?: number) {
  const named = item.name !== '';
  return {
    name: named ? item.name : item.description,
    description: named ? item.description : '',
    quantity: Math.max(item.quantity, 1),
    unit: item.unit,
    unitPrice: item.unitPrice,
    discount: item.discount,
    tax: item.tax === proposalRate ? null : item.tax,
    // Left out when unset, so a plain line keeps the content it always had (its hash, docs/product.md#evidence).
    ...(item.optional ? { optional: item.optional } : {}),
    ...(item.minQuantity == null ? {} : { minQuantity: item.minQuantity }),
    ...(item.maxQuantity == null ? {} : { maxQuantity: item.maxQuantity }),
  };
}
