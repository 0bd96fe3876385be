import { z } from 'zod';
import { type ChosenConfiguration, quantityRange } from '../client-choice.ts';
import { MAX_AMOUNT_CENTS, MAX_YEAR, MIN_YEAR, roundRate } from '../limits.ts';
import { MESSAGES } from '../messages.ts';
import { PROPOSAL_STATUSES } from '../proposal-status.ts';
import { REJECTION_REASON_CODES } from '../rejection-reasons.ts';
import { SEPA_MESSAGES } from '../sepa/messages.ts';
import { SEPA_MAX_INSTALMENTS, SEPA_MIN_INSTALMENTS, SEPA_PATTERNS } from '../sepa/patterns.ts';
import { stripBidiControls } from '../text.ts';
import { computeTotals, lineTaxRate } from '../totals.ts';
import { VAT_EXEMPTION_CODES } from '../vat.ts';
import { DateOnlySchema as DateOnly } from './common.ts';
import { addItemRangeIssues, LINE_CHOICE_FIELDS, LINE_TEXT_FIELDS } from './item-lines.ts';

// The statuses, their labels, colours and groups live in ../proposal-status.ts (zod-free, so the public page can
// use them); re-exported here for the schemas' callers.
export {
  ANSWERED_STATUSES,
  CLIENT_HAS_SEEN_STATUSES,
  FORM_STATUSES,
  PROPOSAL_STATUSES,
  type ProposalStatus,
  STATUS_COLORS,
  STATUS_LABELS,
} from '../proposal-status.ts';

export const ProposalBlockSchema = z.object({
  title: z.string().trim().max(300).default(''),
  content: z.string().max(50_000).default(''),
});

export const ProposalItemSchema = z.object({
  // Name and description, then optional and range below: the fields a template line shares (item-lines.ts).
  ...LINE_TEXT_FIELDS,
  quantity: z
    .number({ error: MESSAGES.quantityInvalid })
    .min(1, MESSAGES.quantityInvalid)
    .max(1_000_000)
    .default(1),
  /** How the price is counted ("mês", "hora"); shown as "15,00 € / mês". Empty: no unit shown. */
  unit: z.string().trim().max(30).default(''),
  /** Cents. */
  unitPrice: z
    .number({ error: MESSAGES.unitPriceInvalid })
    .int()
    .min(0, MESSAGES.unitPriceInvalid)
    .max(100_000_000_00)
    .default(0),
  /** The line's own discount, percent 0–100 (templates have one per line too). */
  discount: z
    .number({ error: MESSAGES.lineDiscountInvalid })
    .min(0, MESSAGES.lineDiscountInvalid)
    .max(100, MESSAGES.lineDiscountInvalid)
    .default(0),
  /** The line's IVA, percent 0–100; null: the proposal's `taxRate`. */
  tax: z
    .number({ error: MESSAGES.taxRateInvalid })
    .min(0, MESSAGES.taxRateInvalid)
    .max(100, MESSAGES.taxRateInvalid)
    .nullable()
    .default(null),
  ...LINE_CHOICE_FIELDS,
  /**
   * Why a line at 0 % charges no IVA: an AT exemption code ("M07", `vat.ts`); required when the line's rate is 0
   * (docs/product.md#iva-per-line), dropped at any other rate.
   */
  exemption: z
    .string({ error: MESSAGES.vatExemptionUnknown })
    .refine((code) => (VAT_EXEMPTION_CODES as readonly string[]).includes(code), MESSAGES.vatExemptionUnknown)
    .nullable()
    .default(null),
});
export type ProposalItem = z.infer<typeof ProposalItemSchema>;

export const ProposalContentSchema = z.object({
  blocks: z.array(ProposalBlockSchema).max(100).default([]),
  items: z.array(ProposalItemSchema).max(500).default([]),
});
export type ProposalContent = z.infer<typeof ProposalContentSchema>;

/** Stored content as the API returns it: lines saved before units, line discounts and IVA get their defaults. */
export function completeContent(content: {
  blocks: ProposalContent['blocks'];
  items: (Omit<ProposalItem, 'unit' | 'discount' | 'tax' | 'exemption'> &
    Partial<Pick<ProposalItem, 'unit' | 'discount' | 'tax' | 'exemption'>>)[];
}): ProposalContent {
  return {
    blocks: content.blocks,
    items: content.items.map((item) => ({
      ...item,
      unit: item.unit ?? '',
      discount: item.discount ?? 0,
      tax: item.tax ?? null,
      exemption: item.exemption ?? null,
    })),
  };
}

/** `ChosenConfiguration` of client-choice.ts, as the API returns it. */
export const ChosenConfigurationSchema = z.object({
  choice: z.object({
    items: z.array(z.object({ index: z.number().int(), selected: z.boolean(), quantity: z.number() })),
  }),
  items: z.array(
    z.object({
      index: z.number().int(),
      name: z.string(),
      quantity: z.number(),
      unit: z.string(),
      unitPrice: z.number().int(),
      discount: z.number(),
      tax: z.number().nullable(),
    }),
  ),
  subtotal: z.number().int(),
  discountAmount: z.number().int(),
  taxAmount: z.number().int(),
  totalValue: z.number().int(),
}) satisfies z.ZodType<ChosenConfiguration>;

/** One row of the table by rate, as the API returns it (`Totals['taxBreakdown']`). */
export const TaxBreakdownRowSchema = z.object({
  rate: z.number(),
  base: z.number().int(),
  tax: z.number().int(),
  exemption: z.string().optional(),
});

const PersonSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});

/**
 * "Pagamento por Débito Direto SEPA" of a proposal (issue 39, docs/product.md#the-schedule-in-the-proposal): the
 * schedule's terms; the amounts always follow from the total (`sepaSchedule`), never stored before acceptance.
 */
export const ProposalSepaSchema = z.object({
  pattern: z.enum(SEPA_PATTERNS),
  /** Null for a one-off collection; 2–60 monthly instalments. */
  instalments: z.number().int().nullable(),
  /** YYYY-MM-DD: the first (or only) debit, moved later at acceptance when too near (`termsOnAcceptance`). */
  firstCollectionDate: z.string(),
});
export type ProposalSepa = z.infer<typeof ProposalSepaSchema>;

/** What a member writes: null turns it off; absent keeps what the proposal has (a partial PUT). */
export const ProposalSepaInputSchema = z
  .object({
    pattern: z.enum(SEPA_PATTERNS, { error: SEPA_MESSAGES.sepaPatternInvalid }),
    instalments: z.number({ error: SEPA_MESSAGES.sepaInstalmentsInvalid }).nullish(),
    firstCollectionDate: z
      .string({ error: SEPA_MESSAGES.sepaFirstCollectionDateInvalid })
      .pipe(z.iso.date(SEPA_MESSAGES.sepaFirstCollectionDateInvalid))
      .refine((v) => {
        const year = Number(v.slice(0, 4));
        return year >= MIN_YEAR && year <= MAX_YEAR;
      }, SEPA_MESSAGES.sepaFirstCollectionDateInvalid),
  })
  .superRefine((v, ctx) => {
    const n = v.instalments;
    if (v.pattern === 'monthly') {
      if (
        n === null ||
        n === undefined ||
        !Number.isInteger(n) ||
        n < SEPA_MIN_INSTALMENTS ||
        n > SEPA_MAX_INSTALMENTS
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['instalments'],
          message: SEPA_MESSAGES.sepaInstalmentsInvalid,
        });
      }
    } else if (n !== null && n !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['instalments'], message: SEPA_MESSAGES.sepaOneOffNoInstalments });
    }
  })
  .transform((v) => ({
    pattern: v.pattern,
    instalments: v.pattern === 'monthly' ? (v.instalments ?? null) : null,
    firstCollectionDate: v.firstCollectionDate,
  }));

/** A proposal as the API returns it (docs/product.md#life-cycle-of-a-proposal); money in cents. */
export const ProposalSchema = z.object({
  id: z.uuid(),
  /** 'ORC 2026/0042', assigned at creation (docs/product.md#proposal-numbers). */
  number: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  clientId: z.uuid().nullable(),
  client: z
    .object({
      id: z.uuid(),
      name: z.string(),
      company: z.string().nullable(),
      email: z.string(),
      phone: z.string().nullable(),
      /** docs/product.md#tax-ids */
      taxId: z.string().nullable(),
    })
    .nullable(),
  status: z.enum(PROPOSAL_STATUSES),
  currency: z.string(),
  subtotal: z.number().int(),
  discountType: z.enum(['percentage', 'fixed']),
  discountValue: z.number(),
  discountAmount: z.number().int(),
  taxRate: z.number(),
  taxAmount: z.number().int(),
  /** The table by rate (docs/product.md#totals): the shared `savedTaxBreakdown` of the stored lines. */
  taxBreakdown: z.array(TaxBreakdownRowSchema),
  totalValue: z.number().int(),
  /**
   * The total the client agreed to once they accept or sign: their configuration's total, or `totalValue` when
   * they changed nothing; null until then (docs/product.md#signed-figures). Screens show it in place of
   * `totalValue` and keep `totalValue` as "Proposta original".
   */
  agreedTotal: z.number().int().nullable(),
  validUntil: z.string().nullable(),
  content: ProposalContentSchema,
  /** "Pagamento por Débito Direto SEPA": the schedule's terms, null when off (docs/product.md#the-schedule-in-the-proposal). */
  sepa: ProposalSepaSchema.nullable(),
  /** Only for those who may send the proposal (whoever holds it can answer as the client); null otherwise. */
  publicToken: z.string().nullable(),
  currentVersion: z.number().int(),
  ownerId: z.uuid(),
  owner: PersonSchema,
  viewCount: z.number().int(),
  sentAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  /** What the client wrote when rejecting; null when they gave none. */
  rejectionReason: z.string().nullable(),
  /** The client's reason code (docs/product.md#rejection-reasons); null unless rejected. */
  rejectionReasonCode: z.enum(REJECTION_REASON_CODES).nullable(),
  /** 'Cancelar proposta' (docs/product.md#cancelling-a-proposal): when and why; null unless cancelled. */
  cancelledAt: z.string().nullable(),
  cancellationReason: z.string().nullable(),
  signedAt: z.string().nullable(),
  /**
   * Who the proposal was sent to, frozen at the first sending (issue 34, H2; docs/product.md#recipient): the link,
   * the answer codes and the client's emails go there; 'Alterar destinatário' changes it. Null before sending.
   */
  recipient: z.object({ name: z.string(), email: z.string() }).nullable(),
  /** Who signed on the public page, and the drawn signature (PNG data URL); null until signed. */
  signedByName: z.string().nullable(),
  signedByEmail: z.string().nullable(),
  signatureData: z.string().nullable(),
  /**
   * How the client who answered proved control of their email (issue 20): the one-time code (sent to the
   * masked address at `sentAt`, used at `usedAt`), or why none was asked. Null until answered on the page.
   */
  answerVerification: z
    .discriminatedUnion('method', [
      z.object({
        method: z.literal('email_code'),
        maskedEmail: z.string(),
        sentAt: z.string(),
        usedAt: z.string(),
        outboxId: z.string().nullable(),
      }),
      z.object({ method: z.literal('none'), reason: z.enum(['disabled', 'no_client_email']) }),
    ])
    .nullable(),
  /**
   * The optional items and quantities the client chose when accepting, with the chosen items and totals
   * (docs/product.md#client-choice); null until accepted on the page.
   */
  clientChoice: ChosenConfigurationSchema.nullable(),
  /** When an admin archived it (answered proposals are archived, never deleted); null otherwise. */
  archivedAt: z.string().nullable(),
  /**
   * The accepted proposal this draft was reissued from ('Reemitir como nova versão'); its detail shows what
   * changed against it (docs/product.md#evidence). Null otherwise.
   */
  reissuedFromId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Proposal = z.infer<typeof ProposalSchema>;

/** A card of the proposals list. */
export const ProposalSummarySchema = ProposalSchema.pick({
  id: true,
  number: true,
  title: true,
  status: true,
  currency: true,
  totalValue: true,
  agreedTotal: true,
  validUntil: true,
  clientId: true,
  ownerId: true,
  signedAt: true,
  createdAt: true,
  updatedAt: true,
}).extend({
  client: z.object({ id: z.uuid(), name: z.string(), company: z.string().nullable() }).nullable(),
  owner: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() }),
  /** The client's last counted view, or null (docs/product.md#reading). */
  lastViewedAt: z.string().nullable().optional(),
});
export type ProposalSummary = z.infer<typeof ProposalSummarySchema>;

/** Create and update body. Totals are computed by the server; any sent by a client are ignored. */
export const ProposalInputSchema = z
  .object({
    title: z.string({ error: MESSAGES.proposalRequired }).trim().min(1, MESSAGES.proposalRequired).max(300),
    clientId: z.uuid({ error: MESSAGES.proposalRequired }),
    description: z
      .string()
      .trim()
      .max(20_000)
      .nullish()
      .transform((v) => v || null),
    validUntil: DateOnly.nullish().transform((v) => v ?? null),
    /**
     * Optional with no default: a create without it makes a draft, an update without it keeps the current
     * status, so an integration that changes a title never withdraws a sent proposal (docs/integrations.md#updates).
     */
    status: z.enum(PROPOSAL_STATUSES).optional(),
    content: ProposalContentSchema.default({ blocks: [], items: [] }),
    /**
     * "Pagamento por Débito Direto SEPA" (docs/product.md#the-schedule-in-the-proposal): the terms to turn it on,
     * null to turn it off; absent keeps what the proposal has.
     */
    sepa: ProposalSepaInputSchema.nullable().optional(),
    discountType: z.enum(['percentage', 'fixed']).default('percentage'),
    /** Percent (0–100, two decimals) or cents, by discountType. */
    discountValue: z.number().min(0).max(MAX_AMOUNT_CENTS, MESSAGES.proposalTotalTooHigh).default(0),
    /** Percent, stored with two decimals: rounded here, so every figure is computed with the stored rate. */
    taxRate: z
      .number({ error: MESSAGES.taxRateInvalid })
      .min(0, MESSAGES.taxRateInvalid)
      .max(100, MESSAGES.taxRateInvalid)
      .transform(roundRate)
      .default(23),
    /** Hand the proposal to another user of the organization (manager and admin only). */
    ownerId: z.uuid().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.discountType === 'percentage' && v.discountValue > 100) {
      ctx.addIssue({ code: 'custom', path: ['discountValue'], message: MESSAGES.percentageTooHigh });
    }
    if (v.discountType === 'fixed' && !Number.isInteger(v.discountValue)) {
      ctx.addIssue({
        code: 'custom',
        path: ['discountValue'],
        message: 'O desconto fixo é indicado em cêntimos',
      });
    }
    addItemRangeIssues(v.content.items, ctx, ['content', 'items']);
    // The sum of the lines is bounded as a whole: each line is within its limits, 500 of them may not be.
    // Each line at the most the client may choose, so no choice can go past the bound either.
    const { subtotal } = computeTotals({
      items: v.content.items.map((item) => ({ ...item, quantity: quantityRange(item).max })),
      discountType: 'fixed',
      discountValue: 0,
      taxRate: 0,
    });
    if (subtotal > MAX_AMOUNT_CENTS) {
      ctx.addIssue({ code: 'custom', path: ['content', 'items'], message: MESSAGES.proposalTotalTooHigh });
    }
    // A line without IVA says why, on the line itself, also when it inherits a 0 % proposal rate
    // (docs/product.md#iva-per-line).
    v.content.items.forEach((item, index) => {
      if (lineTaxRate(item, v.taxRate) === 0 && !item.exemption) {
        ctx.addIssue({
          code: 'custom',
          path: ['content', 'items', index, 'exemption'],
          message: MESSAGES.vatExemptionRequired,
        });
      }
    });
  })
  // A percentage is a rate: two decimals, like the tax (the column holds two). An exemption only means
  // something at 0 %: kept nowhere else.
  .transform((v) => ({
    ...v,
    discountValue: v.discountType === 'percentage' ? roundRate(v.discountValue) : v.discountValue,
    content: {
      ...v.content,
      items: v.content.items.map((item) =>
        lineTaxRate(item, v.taxRate) === 0 ? item : { ...item, exemption: null },
      ),
    },
  }));
export type ProposalInput = z.input<typeof ProposalInputSchema>;

/** `PUT /proposals/{id}?notifyClient=true`: email the client that a proposal they have seen was updated. */
export const UpdateProposalQuerySchema = z.object({
  notifyClient: z
    .enum(['true', 'false'], { error: 'Indique true ou false' })
    .default('false')
    .transform((v) => v === 'true'),
});

/** The proposals list's orders: newest first (the default) or by the client's last view. */
export const PROPOSAL_SORTS = ['created', 'lastViewed'] as const;
export type ProposalSort = (typeof PROPOSAL_SORTS)[number];

export const ListProposalsQuerySchema = z.object({
  status: z.enum(PROPOSAL_STATUSES).optional(),
  search: z.string().trim().max(200).optional(),
  /** `lastViewed`: the client's most recent view first, never-viewed last (docs/product.md#reading). */
  sort: z.enum(PROPOSAL_SORTS).optional(),
  /** 'Para aprovar': only the proposals awaiting the caller's approval (docs/product.md#approvals). */
  awaitingMyApproval: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(24),
});

/** `GET /proposals/stats` (docs/product.md#screens-and-navigation). */
export const ProposalStatsSchema = z.object({
  byStatus: z.record(z.enum(PROPOSAL_STATUSES), z.number().int()),
  total: z.number().int(),
  /** The proposals awaiting the caller's approval ('Para aprovar', docs/product.md#approvals). */
  awaitingMyApproval: z.number().int().optional(),
});
export type ProposalStats = z.infer<typeof ProposalStatsSchema>;

/** 'Alterar destinatário' of a sent proposal (issue 34, H2; docs/product.md#recipient). */
export const ChangeRecipientInputSchema = z.object({
  name: z
    .string({ error: MESSAGES.recipientNameRequired })
    .overwrite(stripBidiControls)
    .trim()
    .min(1, MESSAGES.recipientNameRequired)
    .max(200),
  email: z
    .string({ error: MESSAGES.emailInvalid })
    .trim()
    .toLowerCase()
    .min(1, MESSAGES.emailInvalid)
    .max(254, MESSAGES.emailInvalid)
    .pipe(z.email(MESSAGES.emailInvalid)),
});
export type ChangeRecipientInput = z.infer<typeof ChangeRecipientInputSchema>;

/**
 * 'Duplicar' (docs/product.md#duplicating-a-proposal): optionally for another client of the organization
 * ('Duplicar para outro cliente', issue 37); absent is the same client.
 */
export const DuplicateProposalInputSchema = z.object({
  clientId: z.uuid({ error: MESSAGES.proposalClientInvalid }).optional(),
});
export type DuplicateProposalInput = z.infer<typeof DuplicateProposalInputSchema>;

/** A line whose IVA the copy moved to the current region's equivalent (`ratesForRegion` of `vat.ts`). */
export const VatRateChangeSchema = z.object({
  line: z.number().int().min(0),
  from: z.number(),
  to: z.number(),
});

/**
 * The copy, and what it changed on the way: the lines whose IVA now follows the organization's current region,
 * and the notice the editor shows about it (null when no rate changed).
 */
export const DuplicatedProposalSchema = ProposalSchema.extend({
  vatRateChanges: z.array(VatRateChangeSchema),
  vatNotice: z.string().nullable(),
});
export type DuplicatedProposal = z.infer<typeof DuplicatedProposalSchema>;
