import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';
import { users } from './users.ts';

/**
 * The organization's SSO connection (Configurações → Segurança, issue 40; docs/product.md#single-sign-on): one per
 * organization, OpenID Connect or SAML 2.0. The OIDC client secret is stored encrypted (lib/secret-box.ts) and
 * never answered. For SAML, `issuer` is the identity provider's entity id, read from its metadata with the SSO
 * URL and the signing certificates.
 */
export const ssoConnections = pgTable(
  'sso_connections',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** 'oidc' or 'saml'. */
    protocol: text('protocol').notNull().default('oidc'),
    issuer: text('issuer').notNull(),
    /** OIDC only. */
    clientId: text('client_id'),
    /** OIDC only. AES-256-GCM under a key derived from the server's secret (lib/secret-box.ts). */
    clientSecretEncrypted: text('client_secret_encrypted'),
    /** SAML only: where the metadata was read (null when it was pasted). */
    samlMetadataUrl: text('saml_metadata_url'),
    /** SAML only: the identity provider's HTTP-Redirect SingleSignOnService. */
    samlSsoUrl: text('saml_sso_url'),
    /** SAML only: the identity provider's signing certificates (base64 DER, as in its metadata). */
    samlCertificates: text('saml_certificates').array(),
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
    check(
      'sso_connections_protocol_check',
      sql`(${t.protocol} = 'oidc' and ${t.clientId} is not null and ${t.clientSecretEncrypted} is not null)
        or (${t.protocol} = 'saml' and ${t.samlSsoUrl} is not null and ${t.samlCertificates} is not null)`,
    ),
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
 * A SAML flow keeps instead the AuthnRequest's ID (the response's InResponseTo must be it) and, once the ACS
 * accepted the response, the hash of the one-time code handed to the browser and the person it named
 * (docs/decisions.md, "Single sign-on (SAML 2.0)").
 */
export const ssoFlows = pgTable(
  'sso_flows',
  {
    stateHash: text('state_hash').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    protocol: text('protocol').notNull().default('oidc'),
    codeVerifier: text('code_verifier'),
    nonce: text('nonce'),
    samlRequestId: text('saml_request_id'),
    samlCodeHash: text('saml_code_hash'),
    /** The email and names the assertion gave, until the one-time code is exchanged. */
    samlProfile: jsonb('saml_profile').$type<{ email: string; firstName?: string; lastName?: string }>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sso_flows_expires_idx').on(t.expiresAt)],
);

/**
 * The SAML assertions accepted, kept until they expire so that one presented again is refused (replay), in
 * PostgreSQL so that every process shares the list.
 */
export const ssoSamlAssertions = pgTable(
  'sso_saml_assertions',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    assertionId: text('assertion_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.assertionId] }),
    index('sso_saml_assertions_expires_idx').on(t.expiresAt),
  ],
);
