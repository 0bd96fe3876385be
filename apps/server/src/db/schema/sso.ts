import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * The organization's OpenID Connect connection (Configurações → Segurança, issue 40; docs/product.md#single-sign-on):
 * one per organization. The client secret is stored encrypted (lib/secret-box.ts) and never answered.
 */
export const ssoConnections = pgTable(
  'sso_connections',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    /** AES-256-GCM under a key derived from the server's secret (lib/secret-box.ts). */
    clientSecretEncrypted: text('client_secret_encrypted').notNull(),
    /** The role a person signing in for the first time is given (JIT provisioning; never admin). */
    defaultRole: text('default_role').notNull().default('sales'),
    /** "Exigir SSO": the password sign-in of the organization's members is refused, but the break-glass admin's. */
    enforce: boolean('enforce').notNull().default(false),
    breakGlassUserId: uuid('break_glass_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // No check that enforcement names a break-glass admin: deleting an organization deletes its users, which sets
    // this column to null before the row itself goes. The API requires one (SsoConnectionInputSchema).
    check('sso_connections_role_check', sql`${t.defaultRole} in ('manager', 'sales', 'viewer')`),
  ],
);

/**
 * An email domain the connection covers. It starts SSO only once verified (the TXT record
 * `_aceite-verification.<domain>` holds the token); a domain is verified for one organization at most.
 */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    verificationToken: text('verification_token').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sso_domains_org_domain_key').on(t.organizationId, t.domain),
    uniqueIndex('sso_domains_verified_key').on(t.domain).where(sql`${t.verifiedAt} is not null`),
  ],
);

/**
 * A sign-in started and not yet finished (docs/decisions.md, "Single sign-on (OpenID Connect)"): the state is
 * stored hashed, with the PKCE verifier and the nonce, for ten minutes; the callback deletes it (single use).
 */
export const ssoFlows = pgTable(
  'sso_flows',
  {
    stateHash: text('state_hash').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sso_flows_expires_idx').on(t.expiresAt)],
);
