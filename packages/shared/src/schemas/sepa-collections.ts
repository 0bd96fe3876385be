import { z } from 'zod';
import { SEPA_MESSAGES } from '../sepa/messages.ts';
import { SEPA_RETURN_REASON_CODES } from '../sepa/return-reasons.ts';
import { DateOnlySchema } from './common.ts';

/*
 * Pagamentos (issue 39, docs/product.md#mandates-collections-and-the-file): the mandates the clients signed, their
 * collections, and the SEPA files exported. The debtor's IBAN is always masked here; only the file has it whole.
 */

export const MANDATE_STATUSES = ['active', 'revoked'] as const;
export type MandateStatus = (typeof MANDATE_STATUSES)[number];
export const COLLECTION_STATUSES = ['due', 'submitted', 'paid', 'returned'] as const;
export type CollectionStatus = (typeof COLLECTION_STATUSES)[number];
export const PAIN008_VERSIONS = ['001.02', '001.08'] as const;
export type Pain008VersionChoice = (typeof PAIN008_VERSIONS)[number];

/** The badges of "Cobranças" (docs/product.md#mandates-collections-and-the-file). */
export const COLLECTION_STATUS_LABELS: Record<CollectionStatus, string> = {
  due: 'Por cobrar',
  submitted: 'Submetida',
  paid: 'Paga',
  returned: 'Devolvida',
};
export const MANDATE_STATUS_LABELS: Record<MandateStatus, string> = { active: 'Ativo', revoked: 'Revogado' };

const page = {
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
};

export const ListMandatesQuerySchema = z.object({
  status: z.enum(MANDATE_STATUSES).optional(),
  ...page,
});

export const MandateSchema = z.object({
  id: z.string(),
  proposalId: z.string(),
  proposalNumber: z.string().nullable(),
  proposalTitle: z.string(),
  reference: z.string(),
  debtorName: z.string(),
  /** `PT50 •••• … 0154`: never the whole IBAN. */
  debtorIbanMasked: z.string(),
  debtorBic: z.string().nullable(),
  signedAt: z.string(),
  status: z.enum(MANDATE_STATUSES),
  revokedAt: z.string().nullable(),
  collections: z.object({
    total: z.number().int(),
    due: z.number().int(),
    submitted: z.number().int(),
    paid: z.number().int(),
    returned: z.number().int(),
  }),
});
export type Mandate = z.infer<typeof MandateSchema>;

export const ListCollectionsQuerySchema = z.object({
  status: z.enum(COLLECTION_STATUSES).optional(),
  from: DateOnlySchema.optional(),
  to: DateOnlySchema.optional(),
  ...page,
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

export const CollectionSchema = z.object({
  id: z.string(),
  mandateId: z.string(),
  mandateReference: z.string(),
  mandateStatus: z.enum(MANDATE_STATUSES),
  proposalId: z.string(),
  proposalNumber: z.string().nullable(),
  proposalTitle: z.string(),
  debtorName: z.string(),
  debtorIbanMasked: z.string(),
  sequence: z.number().int(),
  sequenceType: z.enum(['FRST', 'RCUR', 'OOFF', 'FNAL']),
  collectionDate: z.string(),
  amountCents: z.number().int(),
  endToEndId: z.string(),
  status: z.enum(COLLECTION_STATUSES),
  /** Still 'due' and its date has passed: "Em atraso" (an export dated at least today + SEPA_NOTICE_DAYS re-dates it). */
  overdue: z.boolean(),
  exportId: z.string().nullable(),
  submittedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  returnedAt: z.string().nullable(),
  returnReason: z.enum(SEPA_RETURN_REASON_CODES).nullable(),
  preNotifiedAt: z.string().nullable(),
  /**
   * The mandate has no debtor email (the client answered with none known): no pre-notification can be sent, so
   * while due the collection is "Pré-aviso por enviar" and no export takes it (docs/product.md#mandates-collections-and-the-file).
   */
  debtorEmailMissing: z.boolean(),
});
export type Collection = z.infer<typeof CollectionSchema>;

export const CreateExportSchema = z.object({
  collectionDate: DateOnlySchema,
  version: z.enum(PAIN008_VERSIONS, { error: SEPA_MESSAGES.sepaVersionInvalid }).default('001.02'),
});
export type CreateExportInput = z.input<typeof CreateExportSchema>;

export const SepaExportSchema = z.object({
  id: z.string(),
  messageId: z.string(),
  version: z.enum(PAIN008_VERSIONS),
  collectionDate: z.string(),
  numberOfTransactions: z.number().int(),
  controlSumCents: z.number().int(),
  createdAt: z.string(),
});
export type SepaExport = z.infer<typeof SepaExportSchema>;

export const ListExportsQuerySchema = z.object({ ...page });

export const ReturnCollectionSchema = z.object({
  reason: z.enum(SEPA_RETURN_REASON_CODES, { error: SEPA_MESSAGES.sepaReturnReasonInvalid }),
});

/** `collection.exported` (docs/integrations.md#events): the file handed to the bank and what it carries. */
export const CollectionExportedEventDataSchema = SepaExportSchema.extend({
  collections: z.array(CollectionSchema),
});

/** `collection.returned`: the collection with the R-transaction reason, code and Portuguese label. */
export const CollectionReturnedEventDataSchema = CollectionSchema.extend({
  returnReasonLabel: z.string(),
});
