import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * The organization's own host for the client-facing pages (white-label, issue 40; docs/product.md#white-label):
 * one per organization, verified by one organization at most. It serves `/p/{token}`, `/verificar` and the public API
 * only once verified (the TXT record `_aceite-verification.<domain>` holds the token, as for SSO domains).
 */
export const customDomains = pgTable(
  'custom_domains',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    verificationToken: text('verification_token').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Verified by one organization at most; an unverified claim never blocks the domain's owner.
  (t) => [uniqueIndex('custom_domains_verified_key').on(t.domain).where(sql`${t.verifiedAt} is not null`)],
);
