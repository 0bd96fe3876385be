import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    company: text('company'),
    /** Lower-cased; unique within the organization. */
    email: text('email').notNull(),
    phone: text('phone'),
    taxId: text('tax_id'),
    street: text('street'),
    city: text('city'),
    postalCode: text('postal_code'),
    country: text('country').notNull().default('Portugal'),
    notes: text('notes'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('clients_org_email_key').on(t.organizationId, t.email),
    index('clients_org_name_idx').on(t.organizationId, sql`lower(${t.name})`),
    // The proposals search matches client name and company with ILIKE '%…%' (pg_trgm).
    index('clients_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('clients_company_trgm_idx').using('gin', t.company.op('gin_trgm_ops')),
  ],
);
