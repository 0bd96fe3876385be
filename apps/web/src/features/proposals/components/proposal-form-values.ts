import {
  defaultItems,
  hasClientChoice,
  hasQuantityRange,
  type ItemOptionalMode,
  isOptionalItem,
} from '@aceite/shared/client-choice';
import { fromCents, parseDecimalPt, toCents } from '@aceite/shared/money';
import { type Proposal, ProposalInputSchema, type ProposalStatus } from '@aceite/shared/schemas/proposals';
import { proposalLineFromTemplate, TemplateContentSchema } from '@aceite/shared/schemas/templates';
import type { SepaPattern } from '@aceite/shared/sepa/patterns';
import {
  computeTotals,
  type DiscountType,
  type Totals,
  type TotalsInput,
  taxLabel,
} from '@aceite/shared/totals';
import type { FormErrors } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { z } from 'zod';

/** A number input's value: a number, or the text typed so far ("", "12,"). */
export type NumberValue = number | string;

export interface BlockValues {
  /** React key only; never sent. */
  key: string;
  title: string;
  content: string;
}

export interface ItemValues {
  key: string;
  name: string;
  description: string;
  quantity: NumberValue;
  /** "mês", "hora"…; empty for none. */
  unit: string;
  /** Euros, as typed; sent as cents. */
  unitPrice: NumberValue;
  /** The line's own discount, percent; empty is 0. */
  discount: NumberValue;
  /** The line's own IVA, percent; empty: the proposal's rate. */
  tax: NumberValue;
  /** '' required, or optional preselected/unselected (docs/product.md#client-choice). */
  optional: '' | ItemOptionalMode;
  /** The quantities the client may choose; empty: the quantity itself. */
  minQuantity: NumberValue;
  maxQuantity: NumberValue;
  /** At 0 %: the AT exemption code ("M07"); empty for none (docs/product.md#iva-per-line). */
  exemption: string;
}

/** The editor's state. Money is in euros here (what a person types) and in cents on the wire. */
export interface ProposalFormValues {
  title: string;
  clientId: string | null;
  description: string;
  /** `YYYY-MM-DD` or empty. */
  validUntil: string;
  status: ProposalStatus;
  blocks: BlockValues[];
  items: ItemValues[];
  discountType: DiscountType;
  /** Percent, or euros for a fixed discount. */
  discountValue: NumberValue;
  taxRate: NumberValue;
  ownerId: string | null;
  /** "Pagamento por Débito Direto SEPA" (docs/product.md#the-schedule-in-the-proposal). */
  sepaEnabled: boolean;
  sepaPattern: SepaPattern;
  /** Monthly instalments, as typed (2–60). */
  sepaInstalments: NumberValue;
  /** `YYYY-MM-DD` or empty. */
  sepaFirstCollectionDate: string;
}

export const DEFAULT_TAX_RATE = 23;

export function newBlock(values: Partial<Omit<BlockValues, 'key'>> = {}): BlockValues {
  return { key: randomId(), title: '', content: '', ...values };
}

export function newItem(values: Partial<Omit<ItemValues, 'key'>> = {}): ItemValues {
  // The price starts empty (counted as 0) so typing does not append to a 0 already in the field.
  return {
    key: randomId(),
    name: '',
    description: '',
    quantity: 1,
    unit: '',
    unitPrice: '',
    discount: 0,
    tax: '',
    optional: '',
    minQuantity: '',
    maxQuantity: '',
    exemption: '',
    ...values,
  };
}

/**
 * A blank proposal (docs/product.md#totals, #limits-and-defaults: status draft, percentage discount 0, tax
 * 23 %).
 */
export function emptyProposalValues(ownerId: string | null = null): ProposalFormValues {
  return {
    title: '',
    clientId: null,
    description: '',
    validUntil: '',
    status: 'draft',
    blocks: [],
    items: [],
    discountType: 'percentage',
    discountValue: 0,
    taxRate: DEFAULT_TAX_RATE,
    ownerId,
    sepaEnabled: false,
    sepaPattern: 'oneOff',
    sepaInstalments: '',
    sepaFirstCollectionDate: '',
  };
}

/** A saved proposal as editor values (cents → euros). */
export function valuesFromProposal(proposal: Proposal): ProposalFormValues {
  return {
    title: proposal.title,
    clientId: proposal.clientId,
    description: proposal.description ?? '',
    validUntil: proposal.validUntil ?? '',
    status: proposal.status,
    blocks: proposal.content.blocks.map((block) => newBlock(block)),
    items: proposal.content.items.map((item) =>
      newItem({
        name: item.name,
        description: item.description,
        quantity: item.quantity,
        unit: item.unit,
        unitPrice: fromCents(item.unitPrice),
        discount: item.discount,
        tax: item.tax ?? '',
        optional: item.optional ?? '',
        minQuantity: item.minQuantity ?? '',
        maxQuantity: item.maxQuantity ?? '',
        exemption: item.exemption ?? '',
      }),
    ),
    discountType: proposal.discountType,
    discountValue:
      proposal.discountType === 'fixed' ? fromCents(proposal.discountValue) : proposal.discountValue,
    taxRate: proposal.taxRate,
    ownerId: proposal.ownerId,
    sepaEnabled: proposal.sepa !== null,
    sepaPattern: proposal.sepa?.pattern ?? 'oneOff',
    sepaInstalments: proposal.sepa?.instalments ?? '',
    sepaFirstCollectionDate: proposal.sepa?.firstCollectionDate ?? '',
  };
}

/**
 * What the templates screen passes in navigation state (`{ template }`); read leniently, since history
 * state outlives deployments.
 */
export const TemplatePrefillSchema = z.object({
  name: z.string(),
  description: z.string().nullish(),
  content: TemplateContentSchema,
});
export type TemplatePrefill = z.infer<typeof TemplatePrefillSchema>;

/** The template in a navigation state, if there is a usable one. */
export function templateFromState(state: unknown): TemplatePrefill | null {
  if (typeof state !== 'object' || state === null || !('template' in state)) return null;
  const parsed = TemplatePrefillSchema.safeParse((state as { template: unknown }).template);
  return parsed.success ? parsed.data : null;
}

/**
 * A new proposal prefilled from a template: its name becomes the title; blocks keep title and text; each line
 * comes as the shared `proposalLineFromTemplate` makes it (name, description, unit, discount, IVA, optional
 * mode and range), so the proposal totals and offers what the template promised. When every line has the same
 * IVA it becomes the proposal's rate.
 */
export function valuesFromTemplate(
  template: TemplatePrefill,
  ownerId: string | null = null,
): ProposalFormValues {
  const rates = new Set(template.content.items.map((item) => item.tax));
  const sharedRate = rates.size === 1 ? [...rates][0] : undefined;
  return {
    ...emptyProposalValues(ownerId),
    ...(sharedRate === undefined ? {} : { taxRate: sharedRate }),
    title: template.name,
    description: template.description ?? '',
    blocks: template.content.blocks.map((block) => newBlock({ title: block.title, content: block.content })),
    items: template.content.items.map((item) => {
      const line = proposalLineFromTemplate(item, sharedRate);
      return newItem({
        name: line.name,
        description: line.description,
        quantity: line.quantity,
        unit: line.unit,
        unitPrice: fromCents(line.unitPrice),
        discount: line.discount,
        tax: line.tax ?? '',
        optional: line.optional ?? '',
        minQuantity: line.minQuantity ?? '',
        maxQuantity: line.maxQuantity ?? '',
      });
    }),
  };
}

/** A field's value as a number: NaN for empty text and for text the shared pt-PT reader refuses. */
function toNumber(value: NumberValue): number {
  if (typeof value === 'number') return value;
  const parsed = parseDecimalPt(value);
  return parsed.ok && parsed.value !== null ? parsed.value : Number.NaN;
}

const isBlank = (value: NumberValue) => typeof value === 'string' && !value.trim();

/**
 * Quantity is at least 1; anything invalid (empty, zero, negative, text) counts as 1
 * (docs/product.md#totals).
 */
export function normalizeQuantity(value: NumberValue): number {
  const n = toNumber(value);
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

/**
 * Euros typed by a person → integer cents, rounded (docs/product.md#totals); an empty field is 0, and text
 * that is not a pt-PT amount is NaN so the shared schema refuses it instead of saving 0.
 */
export function eurosToCents(value: NumberValue): number {
  if (isBlank(value)) return 0;
  const n = toNumber(value);
  return Number.isFinite(n) ? toCents(n) : Number.NaN;
}

/** Percent fields: empty is 0 for the discount; left as NaN for the tax so the schema names the problem. */
function percent(value: NumberValue, emptyAs: number): number {
  if (isBlank(value)) return emptyAs;
  return toNumber(value);
}

/** The API body built from the editor, before the shared schema checks it (the client may still be missing). */
export interface ProposalDraft {
  title: string;
  clientId: string | undefined;
  description: string | null;
  validUntil: string | null;
  status: ProposalStatus;
  content: {
    blocks: { title: string; content: string }[];
    items: {
      name: string;
      description: string;
      quantity: number;
      unit: string;
      unitPrice: number;
      discount: number;
      tax: number | null;
      optional?: ItemOptionalMode;
      minQuantity?: number;
      maxQuantity?: number;
      exemption: string | null;
    }[];
  };
  discountType: DiscountType;
  discountValue: number;
  taxRate: number;
  ownerId?: string;
  /** Null: off (docs/product.md#the-schedule-in-the-proposal). */
  sepa: { pattern: SepaPattern; instalments: number | null; firstCollectionDate: string } | null;
}

export interface ToInputOptions {
  /** Managers and admins may hand the proposal over; for others the field is left out. */
  includeOwner: boolean;
}

/** The SEPA terms as sent: an empty or unreadable number of instalments is NaN, so the schema names it. */
export function sepaDraft(values: ProposalFormValues): ProposalDraft['sepa'] {
  if (!values.sepaEnabled) return null;
  const monthly = values.sepaPattern === 'monthly';
  return {
    pattern: values.sepaPattern,
    instalments: monthly
      ? isBlank(values.sepaInstalments)
        ? Number.NaN
        : toNumber(values.sepaInstalments)
      : null,
    firstCollectionDate: values.sepaFirstCollectionDate,
  };
}

/** Editor values → the API body (cents, trimmed, invalid quantities as 1). */
export function toProposalDraft(values: ProposalFormValues, { includeOwner }: ToInputOptions): ProposalDraft {
  return {
    title: values.title.trim(),
    clientId: values.clientId ?? undefined,
    description: values.description.trim() || null,
    validUntil: values.validUntil || null,
    status: values.status,
    content: {
      blocks: values.blocks.map(({ title, content }) => ({ title, content })),
      items: values.items.map((item) => ({
        name: item.name.trim(),
        description: item.description.trim(),
        quantity: normalizeQuantity(item.quantity),
        unit: item.unit.trim(),
        unitPrice: eurosToCents(item.unitPrice),
        discount: percent(item.discount, 0),
        tax: isBlank(item.tax) ? null : toNumber(item.tax),
        // Left out when unset, so a line without a choice keeps the content it always had.
        ...(item.optional ? { optional: item.optional } : {}),
        ...(isBlank(item.minQuantity) ? {} : { minQuantity: toNumber(item.minQuantity) }),
        ...(isBlank(item.maxQuantity) ? {} : { maxQuantity: toNumber(item.maxQuantity) }),
        exemption: item.exemption || null,
      })),
    },
    discountType: values.discountType,
    discountValue:
      values.discountType === 'fixed' ? eurosToCents(values.discountValue) : percent(values.discountValue, 0),
    taxRate: percent(values.taxRate, Number.NaN),
    sepa: sepaDraft(values),
    ...(includeOwner && values.ownerId ? { ownerId: values.ownerId } : {}),
  };
}

const clamp = (n: number, min: number, max: number) => Math.min(Math.max(n, min), max);

/**
 * The live summary's input: exactly what would be sent, with values still being typed counted within their
 * limits (and refused text as 0) so the summary never shows NaN.
 */
function summaryInput(values: ProposalFormValues): TotalsInput {
  const draft = toProposalDraft(values, { includeOwner: false });
  const finite = (n: number) => (Number.isFinite(n) ? n : 0);
  // Priced as the client first sees it: unselected optional lines out (docs/product.md#client-choice).
  return {
    items: defaultItems(draft.content.items).map((item) => ({
      quantity: item.quantity,
      unitPrice: finite(item.unitPrice),
      discount: clamp(finite(item.discount), 0, 100),
      tax: item.tax === null ? null : clamp(finite(item.tax), 0, 100),
      exemption: item.exemption,
    })),
    discountType: draft.discountType,
    discountValue: Math.max(finite(draft.discountValue), 0),
    taxRate: clamp(finite(draft.taxRate), 0, 100),
  };
}

/** The live summary: the shared `computeTotals` (the server's own function) over what would be sent. */
export function formTotals(values: ProposalFormValues): Totals {
  return computeTotals(summaryInput(values));
}

/** The summary's IVA label for the editor's lines ("IVA (23 %)", or "IVA" with rates per line). */
export function formTaxLabel(values: ProposalFormValues): string {
  const input = summaryInput(values);
  return taxLabel(input.items, input.taxRate);
}

const SEPA_FIELDS: Record<string, keyof ProposalFormValues> = {
  pattern: 'sepaPattern',
  instalments: 'sepaInstalments',
  firstCollectionDate: 'sepaFirstCollectionDate',
};

/** An API or schema field path → the editor's field path (`content.items.0.unitPrice` → `items.0.unitPrice`). */
export function formPath(path: readonly PropertyKey[] | string): string {
  const parts = typeof path === 'string' ? path.split('.') : path.map(String);
  if (parts[0] === 'sepa') return SEPA_FIELDS[parts[1] ?? ''] ?? 'sepaEnabled';
  return (parts[0] === 'content' ? parts.slice(1) : parts).join('.');
}

/** Checks a draft with the shared API schema: the editor and the server say the same words. */
export function parseProposalDraft(draft: ProposalDraft) {
  return ProposalInputSchema.safeParse(draft);
}

/** A syntactically valid id, used only to let the schema's cross-field rules run (see below). */
const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';

/**
 * `@mantine/form` validation through the shared schema. Zod runs an object's refinements (the percentage
 * limit) only once its fields are valid, so the draft is checked a second time with title and client filled
 * in: a person sees every problem at once, not the discount's only after choosing a client.
 */
export function validateProposalValues(values: ProposalFormValues): FormErrors {
  const draft = toProposalDraft(values, { includeOwner: true });
  const errors: FormErrors = {};
  const passes = [draft, { ...draft, title: draft.title || 'x', clientId: draft.clientId ?? PLACEHOLDER_ID }];
  for (const pass of passes) {
    const result = parseProposalDraft(pass);
    if (result.success) continue;
    for (const issue of result.error.issues) {
      const path = formPath(issue.path);
      errors[path] ??= issue.message;
    }
  }
  return errors;
}

/**
 * The summary's word on the client's choice (docs/product.md#client-choice): the total is the default
 * choice's, and which lines the client may change. Null when there is nothing to choose.
 */
export function formChoiceNote(values: ProposalFormValues): string | null {
  const items = toProposalDraft(values, { includeOwner: false }).content.items;
  if (!hasClientChoice(items)) return null;
  const optional = items.filter(isOptionalItem).length;
  const unselected = items.filter((item) => item.optional === 'unselected').length;
  const ranges = items.filter(hasQuantityRange).length;
  const parts = [
    optional > 0 &&
      `${optional} ${optional === 1 ? 'item opcional' : 'itens opcionais'}` +
        (unselected > 0
          ? ` (${unselected} não ${unselected === 1 ? 'selecionado' : 'selecionados'}, fora do total)`
          : ''),
    ranges > 0 && `${ranges} ${ranges === 1 ? 'quantidade ajustável' : 'quantidades ajustáveis'}`,
  ].filter(Boolean);
  return `Total com a escolha predefinida; o cliente pode alterá-la: ${parts.join(', ')}.`;
}
