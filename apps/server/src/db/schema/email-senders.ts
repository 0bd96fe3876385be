import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * The organization's own sender of its emails to clients (white-label, issue 40; docs/product.md#white-label):
 * one per organization. Used only once verified: the TXT record `_aceite-verification.<domain>` holds the token
 * (as for SSO and custom domains) and `<selector>._domainkey.<domain>` publishes this row's DKIM public key.
 * The private key is sealed with lib/secret-box.ts (purpose `dkim`) and never answered.
 */
export const emailSenders = pgTable('email_senders', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  /** The From display name ("Demo Lda"). */
  name: text('name').notNull(),
  /** The From address (`propostas@empresa.pt`); its domain is the one proved and signed for. */
  address: text('address').notNull(),
  domain: text('domain').notNull(),
  verificationToken: text('verification_token').notNull(),
  dkimSelector: text('dkim_selector').notNull(),
  /** The DER SubjectPublicKeyInfo in base64: the `p=` of the DKIM record. */
  dkimPublicKey: text('dkim_public_key').notNull(),
  /** The PKCS#8 PEM private key, sealed (`v1.<iv>.<tag>.<ciphertext>`). */
  dkimPrivateKeySealed: text('dkim_private_key_sealed').notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
