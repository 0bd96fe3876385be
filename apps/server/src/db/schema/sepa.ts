import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { proposals } from './proposals.ts';
import { users } from './users.ts';

/**
 * The organization as a SEPA Direct Debit creditor (Configurações → Pagamentos, issue 39;
 * docs/product.md#sepa-direct-debit): the name, the creditor identifier and the account the collections go
 * into, and the default collection pattern. One row per organization, its own table rather than the settings
 * JSON: the mandates and collections of the next steps point at it, and the IBAN stays out of the organization
 * row every screen reads (docs/decisions.md, "SEPA").
 */
export const sepaCreditors = pgTable(
  'sepa_creditors',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    creditorIdentifier: text('creditor_identifier').notNull(),
    iban: text('iban').notNull(),
    bic: text('bic'),
    /** 'oneOff' (OOFF, the accepted total) or 'monthly' (FRST, RCUR…, FNAL over `instalments` months). */
    defaultPattern: text('default_pattern').notNull().default('oneOff'),
    defaultInstalments: integer('default_instalments'),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sepa_creditors_pattern_check', sql`${t.defaultPattern} in ('oneOff', 'monthly')`),
    check(
      'sepa_creditors_instalments_check',
      sql`(${t.defaultPattern} = 'oneOff' and ${t.defaultInstalments} is null) or (${t.defaultPattern} = 'monthly' and ${t.defaultInstalments} between 2 and 60)`,
    ),
  ],
);

/**
 * A debit authorisation the client signed with the acceptance (issue 39, docs/product.md#sepa-direct-debit):
 * one per accepted proposal with SEPA on. The reference is unique per creditor (the organization); the
 * creditor's name and identifier are kept as they were at signing, so a later change of the settings is sent as
 * an amendment. The IBAN is held whole (the export needs it) and shown masked everywhere else.
 */
export const sepaMandates = pgTable(
  'sepa_mandates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    /** The mandate reference (`MndtId`): at most 35 characters of the SEPA set (isSepaIdentifier). */
    reference: text('reference').notNull(),
    debtorName: text('debtor_name').notNull(),
    debtorIban: text('debtor_iban').notNull(),
    debtorBic: text('debtor_bic'),
    /**
     * Where the pre-notifications go: the address the acceptance's one-time code went to (the proposal's
     * recipient), else the signer's (migration 0042). Null when the client answered with no email known: such a
     * mandate's collections are never marked pre-notified nor exported (docs/product.md#mandates-collections-and-the-file).
     */
    debtorEmail: text('debtor_email'),
    creditorName: text('creditor_name').notNull(),
    creditorIdentifier: text('creditor_identifier').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    /** 'active' or 'revoked' (by the creditor, or after the debtor's refusal). */
    status: text('status', { enum: ['active', 'revoked'] })
      .notNull()
      .default('active'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sepa_mandates_org_reference_key').on(t.organizationId, t.reference),
    uniqueIndex('sepa_mandates_proposal_key').on(t.proposalId),
    index('sepa_mandates_org_created_idx').on(t.organizationId, t.createdAt),
    check('sepa_mandates_status_check', sql`${t.status} in ('active', 'revoked')`),
  ],
);

/**
 * A file of collections handed to the bank ("Exportar ficheiro SEPA"): the message id the bank sees (unique per
 * creditor), the version, the collection date, and the XML as it was written, so it can be downloaded again.
 */
export const sepaExports = pgTable(
  'sepa_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    version: text('version', { enum: ['001.02', '001.08'] }).notNull(),
    collectionDate: date('collection_date', { mode: 'string' }).notNull(),
    numberOfTransactions: integer('number_of_transactions').notNull(),
    controlSumCents: bigint('control_sum_cents', { mode: 'number' }).notNull(),
    xml: text('xml').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sepa_exports_org_message_key').on(t.organizationId, t.messageId),
    index('sepa_exports_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/**
 * One debit of a mandate's schedule (`sepaSchedule`): created at acceptance, 'due' until exported,
 * then 'submitted', and 'paid' or 'returned' (with the R-transaction reason code) as the bank reports.
 */
export const sepaCollections = pgTable(
  'sepa_collections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    mandateId: uuid('mandate_id')
      .notNull()
      .references(() => sepaMandates.id, { onDelete: 'cascade' }),
    /** 1-based place in the schedule. */
    sequence: integer('sequence').notNull(),
    sequenceType: text('sequence_type', { enum: ['FRST', 'RCUR', 'OOFF', 'FNAL'] }).notNull(),
    collectionDate: date('collection_date', { mode: 'string' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** `EndToEndId`: unique per creditor, at most 35 characters. */
    endToEndId: text('end_to_end_id').notNull(),
    status: text('status', { enum: ['due', 'submitted', 'paid', 'returned'] })
      .notNull()
      .default('due'),
    exportId: uuid('export_id').references(() => sepaExports.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    /** The ISO 20022 reason of a return (R-transaction), e.g. 'AM04', 'MD01', 'MS02'. */
    returnReason: text('return_reason'),
    /** When the pre-notification email was queued (once per collection). */
    preNotifiedAt: timestamp('pre_notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sepa_collections_org_end_to_end_key').on(t.organizationId, t.endToEndId),
    uniqueIndex('sepa_collections_mandate_sequence_key').on(t.mandateId, t.sequence),
    index('sepa_collections_org_status_date_idx').on(t.organizationId, t.status, t.collectionDate),
    check('sepa_collections_amount_check', sql`${t.amountCents} > 0`),
    check('sepa_collections_status_check', sql`${t.status} in ('due', 'submitted', 'paid', 'returned')`),
  ],
);
