import { randomBytes } from 'node:crypto';
import {
  SSO_MESSAGES,
  type SsoConnection,
  type SsoConnectionInputSchema,
  type SsoSettings,
  ssoVerificationRecordName,
  ssoVerificationRecordValue,
} from '@aceite/shared/schemas/sso';
import type { z } from 'zod';
import { isUniqueViolation } from '@/db/errors.ts';
import { assertCan } from '@/lib/access.ts';
import { AppError, fieldError } from '@/lib/app-error.ts';
import { now } from '@/lib/clock.ts';
import { type ResolveTxt, txtRecordHolds } from '@/lib/domain-verification.ts';
import { assertPlanFeature, planIncludes } from '@/lib/entitlements.ts';
import { openSecret, sealSecret } from '@/lib/secret-box.ts';
import type { OutboundPolicy } from '@/lib/ssrf-guard.ts';
import { personOf, type TenantContext, withTx } from '@/lib/tenant-scope.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import { discoverCached, isProviderUnreachable } from './sso.oidc.ts';
import {
  deleteConnection,
  markDomainVerified,
  replaceDomains,
  type SsoConnectionRow,
  type SsoDomainRow,
  selectActiveAdmin,
  selectConnection,
  selectDomain,
  selectDomains,
  upsertConnection,
} from './sso.queries.ts';
import {
  certificateFingerprint,
  fetchIdpMetadata,
  type IdpMetadata,
  parseIdpMetadata,
  SamlMetadataError,
  spEndpointsOf,
} from './sso.saml.ts';

/*
 * The organization's SSO connection, OpenID Connect or SAML 2.0 (Configurações → Segurança, issue 40;
 * docs/product.md#single-sign-on): admins only, Enterprise only on every write and every domain check.
 */

export type { ResolveTxt } from '@/lib/domain-verification.ts';

export interface SsoDeps {
  /** The key of the client secrets (lib/secret-box.ts). */
  secretKey: Buffer;
  /** Where the provider sends the person back: the web app's page that finishes the sign-in. */
  redirectUri: string;
  resolveTxt: ResolveTxt;
  /** The app's address: our SAML service provider's entity id and ACS are under it. */
  appUrl: string;
  /** The SSRF guard's policy, for a SAML metadata URL. */
  outbound: OutboundPolicy;
}

export function redirectUriOf(appUrl: string): string {
  return `${appUrl.replace(/\/$/, '')}/entrar/sso`;
}

function toDto(row: SsoConnectionRow, domains: SsoDomainRow[], deps: SsoDeps): SsoConnection {
  const saml = row.protocol === 'saml';
  return {
    protocol: saml ? 'saml' : 'oidc',
    issuer: row.issuer,
    clientId: saml ? null : row.clientId,
    clientSecretSet: !saml && row.clientSecretEncrypted !== null,
    samlIdp: saml
      ? {
          metadataUrl: row.samlMetadataUrl,
          ssoUrl: row.samlSsoUrl ?? '',
          certificateFingerprints: (row.samlCertificates ?? []).map(certificateFingerprint),
        }
      : null,
    domains: domains.map((d) => ({
      domain: d.domain,
      recordName: ssoVerificationRecordName(d.domain),
      recordValue: ssoVerificationRecordValue(d.verificationToken),
      verifiedAt: d.verifiedAt?.toISOString() ?? null,
    })),
    defaultRole: row.defaultRole === 'manager' || row.defaultRole === 'viewer' ? row.defaultRole : 'sales',
    enforce: row.enforce,
    breakGlassUserId: row.breakGlassUserId,
    redirectUri: deps.redirectUri,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function settingsOf(ctx: TenantContext, deps: SsoDeps): Promise<SsoSettings> {
  const [row, domains, available] = await Promise.all([
    selectConnection(ctx),
    selectDomains(ctx),
    planIncludes(ctx, 'sso'),
  ]);
  return {
    connection: row ? toDto(row, domains, deps) : null,
    samlSp: spEndpointsOf(deps.appUrl, ctx.organizationId),
    available,
  };
}

export async function getSsoSettings(ctx: TenantContext, deps: SsoDeps): Promise<SsoSettings> {
  assertCan(ctx, 'organization:manage');
  return settingsOf(ctx, deps);
}

const newToken = () => randomBytes(18).toString('base64url');

/**
 * The identity provider's metadata given with the save: pasted XML is read as is, a URL is read by the server
 * through the SSRF guard (422 when it is not SAML metadata, 503 when it cannot be reached). Null: none given.
 */
async function samlMetadataOf(
  deps: SsoDeps,
  input: z.output<typeof SsoConnectionInputSchema>,
): Promise<IdpMetadata | null> {
  const field = input.samlMetadataXml ? 'samlMetadataXml' : 'samlMetadataUrl';
  try {
    if (input.samlMetadataXml) return parseIdpMetadata(input.samlMetadataXml);
    if (input.samlMetadataUrl) return await fetchIdpMetadata(input.samlMetadataUrl, deps.outbound);
    return null;
  } catch (error) {
    if (!(error instanceof SamlMetadataError)) throw error;
    if (error.kind === 'unreachable') throw new AppError('UNAVAILABLE', SSO_MESSAGES.samlMetadataUnreachable);
    throw fieldError(field, SSO_MESSAGES.samlMetadataInvalid, 'UNPROCESSABLE');
  }
}

/**
 * The issuer's discovery document read when the connection is saved (through the SSRF guard), so a wrong issuer
 * shows here rather than at someone's first sign-in: 503 when it cannot be reached, 422 when what answers is
 * not an OpenID provider. It refreshes the sign-in's cache of the document.
 */
async function checkIssuer(
  deps: SsoDeps,
  settings: { issuer: string; clientId: string; clientSecret: string },
): Promise<void> {
  try {
    await discoverCached(settings, deps.outbound, { refresh: true });
  } catch (error) {
    if (isProviderUnreachable(error)) throw new AppError('UNAVAILABLE', SSO_MESSAGES.providerUnreachable);
    throw fieldError('issuer', SSO_MESSAGES.issuerNotOpenId, 'UNPROCESSABLE');
  }
}

/** Saves the connection. The secret is sealed before it is stored, and never written to the audit log. */
export async function updateSsoSettings(
  ctx: TenantContext,
  deps: SsoDeps,
  input: z.output<typeof SsoConnectionInputSchema>,
): Promise<SsoSettings> {
  assertCan(ctx, 'organization:manage');
  await assertPlanFeature(ctx, 'sso');
  const saml = input.protocol === 'saml';
  // Read before the transaction: a network round trip never holds one open.
  const metadata = saml ? await samlMetadataOf(deps, input) : null;
  const secret = input.clientSecret?.trim();
  if (!saml) {
    const saved = await selectConnection(ctx);
    const savedSecret = saved?.protocol === 'oidc' ? saved.clientSecretEncrypted : null;
    if (!secret && !savedSecret) throw fieldError('clientSecret', SSO_MESSAGES.clientSecretRequired);
    await checkIssuer(deps, {
      issuer: input.issuer as string,
      clientId: input.clientId as string,
      clientSecret: secret || openSecret(deps.secretKey, savedSecret as string),
    });
  }
  await withTx(ctx, async (tx) => {
    const existing = await selectConnection(tx);
    const same = existing?.protocol === input.protocol ? existing : undefined;
    if (!saml && !secret && !same?.clientSecretEncrypted)
      throw fieldError('clientSecret', SSO_MESSAGES.clientSecretRequired);
    if (saml && !metadata && !same) throw fieldError('samlMetadataUrl', SSO_MESSAGES.samlMetadataRequired);
    if (input.breakGlassUserId && !(await selectActiveAdmin(tx, input.breakGlassUserId)))
      throw fieldError('breakGlassUserId', SSO_MESSAGES.breakGlassNotAdmin);
    const protocolColumns = saml
      ? {
          issuer: metadata?.entityId ?? (same?.issuer as string),
          clientId: null,
          clientSecretEncrypted: null,
          samlMetadataUrl: metadata
            ? input.samlMetadataXml
              ? null
              : (input.samlMetadataUrl ?? null)
            : (same?.samlMetadataUrl ?? null),
          samlSsoUrl: metadata?.ssoUrl ?? (same?.samlSsoUrl as string),
          samlCertificates: metadata?.certificates ?? (same?.samlCertificates as string[]),
        }
      : {
          issuer: input.issuer as string,
          clientId: input.clientId as string,
          clientSecretEncrypted: secret
            ? sealSecret(deps.secretKey, secret)
            : (same?.clientSecretEncrypted as string),
          samlMetadataUrl: null,
          samlSsoUrl: null,
          samlCertificates: null,
        };
    await upsertConnection(tx, {
      protocol: input.protocol,
      ...protocolColumns,
      defaultRole: input.defaultRole,
      enforce: input.enforce,
      breakGlassUserId: input.breakGlassUserId,
      updatedBy: personOf(ctx),
      updatedAt: now(),
    });
    await replaceDomains(tx, input.domains, newToken);
    await recordAudit(tx.db, {
      organizationId: ctx.organizationId,
      actorId: ctx.userId,
      impersonatorId: ctx.impersonatorId ?? null,
      action: existing ? 'sso_connection.updated' : 'sso_connection.created',
      entity: 'sso_connection',
      entityId: ctx.organizationId,
      metadata: {
        protocol: input.protocol,
        issuer: protocolColumns.issuer,
        ...(saml
          ? { samlMetadataChanged: metadata !== null, samlMetadataUrl: protocolColumns.samlMetadataUrl }
          : { clientId: input.clientId, clientSecretChanged: Boolean(secret) }),
        domains: input.domains,
        defaultRole: input.defaultRole,
        enforce: input.enforce,
        breakGlassUserId: input.breakGlassUserId,
      },
    });
  });
  return settingsOf(ctx, deps);
}

export async function deleteSsoSettings(ctx: TenantContext): Promise<void> {
  assertCan(ctx, 'organization:manage');
  await withTx(ctx, async (tx) => {
    if (!(await deleteConnection(tx))) throw new AppError('NOT_FOUND', SSO_MESSAGES.notConfigured);
    await recordAudit(tx.db, {
      organizationId: ctx.organizationId,
      actorId: ctx.userId,
      impersonatorId: ctx.impersonatorId ?? null,
      action: 'sso_connection.deleted',
      entity: 'sso_connection',
      entityId: ctx.organizationId,
    });
  });
}

/**
 * Checks the domain's TXT record `_aceite-verification.<domain>` (docs/product.md#single-sign-on): one of its
 * strings (the chunks of a record joined) must be `aceite-verification=<token>`. A domain already verified by
 * another organization cannot be verified again (409).
 */
export async function verifySsoDomain(
  ctx: TenantContext,
  deps: SsoDeps,
  domain: string,
): Promise<SsoSettings> {
  assertCan(ctx, 'organization:manage');
  // Another organization's domain is not found before any other answer (the isolation sweep's rule).
  const row = await selectDomain(ctx, domain);
  if (!row) throw new AppError('NOT_FOUND', SSO_MESSAGES.domainNotListed);
  await assertPlanFeature(ctx, 'sso');
  if (!row.verifiedAt) {
    if (!(await txtRecordHolds(deps.resolveTxt, domain, row.verificationToken)))
      throw new AppError('UNPROCESSABLE', SSO_MESSAGES.domainTxtMissing);
    await withTx(ctx, async (tx) => {
      await markDomainVerified(tx, row.id, now()).catch((error: unknown) => {
        if (isUniqueViolation(error, 'sso_domains_verified_key'))
          throw new AppError('CONFLICT', SSO_MESSAGES.domainTakenByOther);
        throw error;
      });
      await recordAudit(tx.db, {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        impersonatorId: ctx.impersonatorId ?? null,
        action: 'sso_domain.verified',
        entity: 'sso_connection',
        entityId: ctx.organizationId,
        metadata: { domain },
      });
    });
  }
  return settingsOf(ctx, deps);
}
