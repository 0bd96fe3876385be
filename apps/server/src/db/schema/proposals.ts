import type { ChosenConfiguration } from '@aceite/shared/client-choice';
import { PROPOSAL_STATUSES } from '@aceite/shared/proposal-status';
import { REJECTION_REASON_CODES } from '@aceite/shared/rejection-reasons';
import { DISCOUNT_TYPES } from '@aceite/shared/totals';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/** One priced line. Unit, discount and tax were added later: content stored before has none of them. */
export interface ProposalContentItem {
  name: string;
  description: string;
  quantity: number;
  unitPrice: number;
  unit?: string;
  discount?: number;
  tax?: number | null;
  optional?: 'selected' | 'unselected' | null;
  minQuantity?: number | null;
  maxQuantity?: number | null;
}

export interface ProposalContent {
  blocks: { title: string; content: string }[];
  items: ProposalContentItem[];
}

/** Evidence of the client's email code on an answered proposal (issue 20). */
export type AnswerVerificationRecord =
  | {
      method: 'email_code';
      maskedEmail: string;
      /** The full address the code went to (issue 34, H2): evidence only, screens show `maskedEmail`. */
      email?: string;
      sentAt: string;
      usedAt: string;
      outboxId: string | null;
    }
  | { method: 'none'; reason: 'disabled' | 'no_client_email' };

export const proposals = pgTable(
  'proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** A client with proposals cannot be deleted (409). */
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    description: text('description'),
    status: text('status', { enum: PROPOSAL_STATUSES }).notNull().default('draft'),
    currency: text('currency').notNull().default('EUR'),
    // Money in cents as bigint: an int4 tops out at €21 474 836,47 (issue 20); MAX_AMOUNT_CENTS bounds it.
    subtotal: bigint('subtotal', { mode: 'number' }).notNull().default(0),
    discountType: text('discount_type', { enum: DISCOUNT_TYPES }).notNull().default('percentage'),
    discountValue: numeric('discount_value', { precision: 15, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    discountAmount: bigint('discount_amount', { mode: 'number' }).notNull().default(0),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(23),
    taxAmount: bigint('tax_amount', { mode: 'number' }).notNull().default(0),
    totalValue: bigint('total_value', { mode: 'number' }).notNull().default(0),
    validUntil: date('valid_until'),
    content: jsonb('content')
      .$type<ProposalContent>()
      .notNull()
      .default(sql`'{"blocks":[],"items":[]}'::jsonb`),
    publicToken: text('public_token').notNull(),
    currentVersion: integer('current_version').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    /** The last view counted for the client (docs/product.md#reading): the list's "Última visualização". */
    lastViewedAt: timestamp('last_viewed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * The recipient frozen at the first sending (issue 34, H2; docs/product.md#recipient): the link, answer codes
     * and the client's emails go here, whatever the client record says later. Changed only by 'Alterar
     * destinatário'. Null before sending.
     */
    recipientName: text('recipient_name'),
    recipientEmail: text('recipient_email'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signedByName: text('signed_by_name'),
    signedByEmail: text('signed_by_email'),
    signatureData: text('signature_data'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    /** The client's reason code (docs/product.md#rejection-reasons); older rejections were set to 'other'. */
    rejectionReasonCode: text('rejection_reason_code', { enum: REJECTION_REASON_CODES }),
    /** 'Cancelar proposta' (docs/product.md#cancelling-a-proposal): when, and the member's required reason. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancellationReason: text('cancellation_reason'),
    /**
     * How the client who answered was verified (issue 20): the emailed code (sent when, to which masked
     * address, used when), or why no code was asked. Null until the client answers.
     */
    answerVerification: jsonb('answer_verification').$type<AnswerVerificationRecord>(),
    /**
     * What the client chose when accepting or signing (docs/product.md#client-choice): every item selected or
     * not with its quantity, the effective items and their totals. Null until then, and for a rejection.
     */
    clientChoice: jsonb('client_choice').$type<ChosenConfiguration>(),
    /** The total of the client's choice, in cents (what analytics count as won). Null until accepted. */
    chosenTotal: bigint('chosen_total', { mode: 'number' }),
    /**
     * Set when an admin removes an answered proposal (issue 20): the row, its evidence and files stay, it
     * leaves the working list and stats, and the audit log records who did it.
     */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /**
     * The accepted proposal this draft was reissued from ('Reemitir como nova versão', issue 22): the accepted
     * content stays frozen and the new draft shows what changed against it.
     */
    reissuedFromId: uuid('reissued_from_id').references((): AnyPgColumn => proposals.id, {
      onDelete: 'set null',
    }),
    /**
     * The proposal's number, 'ORC 2026/0042' (docs/product.md#proposal-numbers): assigned at creation from the
     * organization's counter of that Lisbon year, with the prefix of that day; never reused or renumbered.
     */
    // Set by the `proposals_assign_number` trigger (migration proposal-numbers-backfill) on every insert: the
    // null sent here is what asks for it, so no insert path can forget or race it.
    number: text('number')
      .notNull()
      .$defaultFn(() => sql`null`),
    numberYear: integer('number_year')
      .notNull()
      .$defaultFn(() => sql`null`),
    numberSeq: integer('number_seq')
      .notNull()
      .$defaultFn(() => sql`null`),
    /**
     * SHA-256 of what the last approval covered (`approvedContentSha256` of @aceite/shared/content-hash: priced
     * lines, client bounds, discount, IVA). Null until approved (docs/product.md#approvals, issue 34).
     */
    approvedContentSha256: text('approved_content_sha256'),
    /**
     * Set when a change to a proposal the client has re-opened its approval: until it is approved again the
     * client cannot decide and the public page says 'Em revisão' (docs/product.md#approvals, issue 34).
     */
    approvalReopenedAt: timestamp('approval_reopened_at', { withTimezone: true }),
    /**
     * "Pagamento por Débito Direto SEPA" (issue 39, docs/product.md#sepa-direct-debit): null when off; 'oneOff'
     * (OOFF, the accepted total) or 'monthly' (`sepaInstalments` months, FRST … FNAL) from
     * `sepaFirstCollectionDate`. The amounts follow from the accepted total (`sepaSchedule` of
     * @aceite/shared/sepa/schedule).
     */
    sepaPattern: text('sepa_pattern', { enum: ['oneOff', 'monthly'] }),
    sepaInstalments: integer('sepa_instalments'),
    sepaFirstCollectionDate: date('sepa_first_collection_date', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('proposals_public_token_key').on(t.publicToken),
    // One number once per organization and year, whatever the prefix (docs/product.md#proposal-numbers).
    uniqueIndex('proposals_org_number_key').on(t.organizationId, t.numberYear, t.numberSeq),
    // The list by status, newest first, and the sidebar counts (index-only).
    // Partial: the list and its counts read only proposals not archived, still index-only.
    index('proposals_org_status_created_idx')
      .on(t.organizationId, t.status, t.createdAt)
      .where(sql`${t.archivedAt} is null`),
    // The list newest first, and every analytics aggregate as an index-only scan: the columns the figures
    // read (status, value, owner, client) ride along, so the wide rows (content) are never visited.
    index('proposals_org_created_cover_idx').on(
      t.organizationId,
      t.createdAt,
      t.status,
      t.totalValue,
      t.ownerId,
      t.clientId,
    ),
    // Search by title (ILIKE '%…%'): trigram index (pg_trgm, created by the migration).
    index('proposals_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    // Search by number ('0042', '2026/0042', 'ORC 2026/0042'), likewise (docs/product.md#proposal-numbers).
    index('proposals_number_trgm_idx').using('gin', t.number.op('gin_trgm_ops')),
    index('proposals_client_idx').on(t.clientId),
    index('proposals_org_last_viewed_idx').on(t.organizationId, t.lastViewedAt),
    index('proposals_owner_idx').on(t.ownerId),
    check(
      'proposals_sepa_schedule_check',
      sql`(${t.sepaPattern} is null and ${t.sepaInstalments} is null and ${t.sepaFirstCollectionDate} is null) or (${t.sepaPattern} = 'oneOff' and ${t.sepaInstalments} is null and ${t.sepaFirstCollectionDate} is not null) or (${t.sepaPattern} = 'monthly' and ${t.sepaInstalments} between 2 and 60 and ${t.sepaFirstCollectionDate} is not null)`,
    ),
  ],
);

/**
 * The last number given per organization and Lisbon year (docs/product.md#proposal-numbers). Incremented with
 * one `INSERT … ON CONFLICT DO UPDATE … RETURNING` inside the creating transaction: the row lock serialises
 * concurrent creates across processes, and a deleted proposal never gives its number back.
 */
export const proposalNumberCounters = pgTable(
  'proposal_number_counters',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.year] })],
);
