import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
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
