import { z } from 'zod';
import { SHOWN_CONTENT_FIELDS, type ShownContent } from '../content-hash.ts';
import { ShownSepaSchema } from '../sepa/schedule.ts';
import {
  ChosenConfigurationSchema,
  PROPOSAL_STATUSES,
  ProposalContentSchema,
  TaxBreakdownRowSchema,
} from './proposals.ts';

/**
 * The proposal as its client sees it, the one projection of what the page, the PDF and the seal show
 * (docs/architecture.md, "The shown proposal"): the public page's schema extends it, the content hash picks
 * its bound fields from it (`SHOWN_CONTENT_FIELDS` of content-hash.ts), the PDF data is it plus the
 * organization's branding. No internal ids, no emails but the owner's. The server builds it with one loader
 * and one mapper (`loadShownProposal`, modules/proposal-projections). To add a field the client sees, add it here.
 */
export const ShownProposalSchema = z.object({
  /** 'ORC 2026/0042' (docs/product.md#proposal-numbers). */
  number: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(PROPOSAL_STATUSES),
  currency: z.string(),
  content: ProposalContentSchema,
  subtotal: z.number().int(),
  discountType: z.enum(['percentage', 'fixed']),
  discountValue: z.number(),
  discountAmount: z.number().int(),
  taxRate: z.number(),
  taxAmount: z.number().int(),
  /** The table by rate (docs/product.md#totals). */
  taxBreakdown: z.array(TaxBreakdownRowSchema),
  totalValue: z.number().int(),
  validUntil: z.string().nullable(),
  client: z
    .object({ name: z.string(), company: z.string().nullable(), taxId: z.string().nullable() })
    .nullable(),
  owner: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  /** What the client chose when accepting (docs/product.md#client-choice); null until then. */
  clientChoice: ChosenConfigurationSchema.nullable(),
  /**
   * "Pagamento por Débito Direto SEPA" (docs/product.md#sepa-direct-debit): the schedule's terms and the
   * creditor the mandate names; null when off. The amounts follow from the total (`sepaSchedule`).
   */
  sepa: ShownSepaSchema.nullable(),
  createdAt: z.string(),
});
export type ShownProposal = z.infer<typeof ShownProposalSchema>;

/** The fields a decision is bound to, picked from the shown proposal (the hash of content-hash.ts). */
export const ShownContentSchema = ShownProposalSchema.pick(
  Object.fromEntries(SHOWN_CONTENT_FIELDS.map((field) => [field, true])) as {
    [K in (typeof SHOWN_CONTENT_FIELDS)[number]]: true;
  },
);

// Every bound field is a field of the shown proposal, of a type the hash accepts: checked by the compiler.
type Bound = z.infer<typeof ShownContentSchema>;
const boundIsShownContent: (b: Bound) => ShownContent = (b) => b;
void boundIsShownContent;

/** The organization as the page and the PDF show it: its name, colour, logo and NIF (docs/product.md#tax-ids). */
export const ShownOrganizationSchema = z.object({
  name: z.string(),
  primaryColor: z.string(),
  logo: z.string().nullable(),
  /** The organization's NIF (docs/product.md#tax-ids), null when it set none. */
  taxId: z.string().nullable(),
});
export type ShownOrganization = z.infer<typeof ShownOrganizationSchema>;
