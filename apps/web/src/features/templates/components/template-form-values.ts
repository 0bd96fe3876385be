import type { ItemOptionalMode } from '@aceite/shared/client-choice';
import { MESSAGES } from '@aceite/shared/messages';
import { fromCents, toCents } from '@aceite/shared/money';
import { addItemRangeIssues } from '@aceite/shared/schemas/item-lines';
import {
  type Template,
  TemplateBlockSchema,
  type TemplateInput,
  TemplateInputSchema,
  TemplateItemSchema,
} from '@aceite/shared/schemas/templates';
import { DEFAULT_VAT_REGION, normalRate, type VatRegion } from '@aceite/shared/vat';
import { z } from 'zod';
import { ptNumber } from '@/lib/decimal';
import type { TemplateCategory } from '../api/keys';

/** The highest unit price the API accepts, in euros. */
export const MAX_UNIT_PRICE_EUROS = 100_000_000;

export const TEMPLATE_FORM_MESSAGES = {
  quantity: 'A quantidade deve ser igual ou superior a 0',
  discount: 'O desconto deve estar entre 0 e 100',
  tagTooLong: 'Cada etiqueta pode ter até 40 caracteres',
  tooManyTags: 'Pode usar até 20 etiquetas',
} as const;

/** Number fields hold numbers, or text read the pt-PT way (`ptNumber`). */
const numeric = ptNumber;

/** An empty field of the form is an absent value of the API. */
const emptyAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

const ItemFormSchema = TemplateItemSchema.extend({
  quantity: numeric(
    z
      .number({ error: TEMPLATE_FORM_MESSAGES.quantity })
      .min(0, TEMPLATE_FORM_MESSAGES.quantity)
      .max(1_000_000),
  ),
  /** Euros in the form; cents in the API. */
  unitPrice: numeric(
    z
      .number({ error: MESSAGES.unitPriceInvalid })
      .min(0, MESSAGES.unitPriceInvalid)
      .max(MAX_UNIT_PRICE_EUROS),
  ),
  discount: numeric(
    z
      .number({ error: TEMPLATE_FORM_MESSAGES.discount })
      .min(0, TEMPLATE_FORM_MESSAGES.discount)
      .max(100, MESSAGES.percentageTooHigh),
  ),
  tax: numeric(
    z
      .number({ error: MESSAGES.taxRateInvalid })
      .min(0, MESSAGES.taxRateInvalid)
      .max(100, MESSAGES.taxRateInvalid),
  ),
  // Empty choice fields are "none", as in the proposal editor; the bounds keep the shared rules and words.
  optional: z.preprocess(emptyAsNull, TemplateItemSchema.shape.optional),
  minQuantity: numeric(z.preprocess(emptyAsNull, TemplateItemSchema.shape.minQuantity)),
  maxQuantity: numeric(z.preprocess(emptyAsNull, TemplateItemSchema.shape.maxQuantity)),
});

/** The template form's rules: the shared input schema with prices in euros and the form's own messages. */
export const TemplateFormSchema = TemplateInputSchema.extend({
  tags: z
    .array(z.string().max(40, TEMPLATE_FORM_MESSAGES.tagTooLong))
    .max(20, TEMPLATE_FORM_MESSAGES.tooManyTags),
  content: z
    .object({
      blocks: z.array(TemplateBlockSchema).max(100),
      items: z.array(ItemFormSchema).max(200),
    })
    // The range holds the quantity: the shared rule, on the bound at fault (docs/product.md#client-choice).
    .superRefine((content, ctx) => addItemRangeIssues(content.items, ctx, ['items'])),
});

export type BlockType = 'text' | 'list';

export interface TemplateFormBlock {
  id: string;
  type: BlockType;
  title: string;
  content: string;
}

/** Number inputs hold '' while empty. */
type NumberField = number | string;

export interface TemplateFormItem {
  id: string;
  name: string;
  description: string;
  quantity: NumberField;
  unit: string;
  /** Euros as typed. */
  unitPrice: NumberField;
  discount: NumberField;
  tax: NumberField;
  /** '' required, or optional preselected/unselected (docs/product.md#client-choice). */
  optional: '' | ItemOptionalMode;
  /** The quantities the client may choose; empty: the quantity itself. */
  minQuantity: NumberField;
  maxQuantity: NumberField;
}

export interface TemplateFormValues {
  name: string;
  description: string;
  category: TemplateCategory;
  tags: string[];
  content: { blocks: TemplateFormBlock[]; items: TemplateFormItem[] };
}

/** Ids of new blocks and items; `randomUUID` needs a secure context, so there is a fallback. */
export function newId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export function newBlock(type: BlockType): TemplateFormBlock {
  return { id: newId(), type, title: '', content: '' };
}

/**
 * A new line: quantity 1, unit 'un' (docs/product.md#templates), no discount, the organization's normal IVA rate
 * (`normalRate` of `vat.ts`: 23 % on the mainland, 22 % in Madeira, 16 % in the Azores; issue 37).
 */
export function newItem(region: VatRegion = DEFAULT_VAT_REGION): TemplateFormItem {
  return {
    id: newId(),
    name: '',
    description: '',
    quantity: 1,
    unit: 'un',
    unitPrice: '',
    discount: 0,
    tax: normalRate(region),
    optional: '',
    minQuantity: '',
    maxQuantity: '',
  };
}

export function toFormValues(template?: Template): TemplateFormValues {
  if (!template) {
    return { name: '', description: '', category: 'outro', tags: [], content: { blocks: [], items: [] } };
  }
  return {
    name: template.name,
    description: template.description ?? '',
    category: template.category,
    tags: template.tags,
    content: {
      blocks: template.content.blocks.map((block) => ({ ...block })),
      items: template.content.items.map((item) => ({
        ...item,
        unitPrice: fromCents(item.unitPrice),
        optional: item.optional ?? '',
        minQuantity: item.minQuantity ?? '',
        maxQuantity: item.maxQuantity ?? '',
      })),
    },
  };
}

/** The request body for the form's values: texts trimmed, tags normalised, unit prices in cents by rounding. */
export function toTemplateInput(values: TemplateFormValues): TemplateInput {
  const parsed = TemplateFormSchema.parse(values);
  return TemplateInputSchema.parse({
    ...parsed,
    content: {
      blocks: parsed.content.blocks,
      items: parsed.content.items.map(({ optional, minQuantity, maxQuantity, ...item }) => ({
        ...item,
        unitPrice: toCents(item.unitPrice),
        // Left out when unset, as the proposal editor does: a plain line stays as it always was.
        ...(optional ? { optional } : {}),
        ...(minQuantity == null ? {} : { minQuantity }),
        ...(maxQuantity == null ? {} : { maxQuantity }),
      })),
    },
  });
}
