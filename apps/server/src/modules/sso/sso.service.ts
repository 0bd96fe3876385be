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
import { sealSecret } from '@/lib/secret-box.ts';
import { personOf, type TenantContext, withTx } from '@/lib/tenant-scope.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
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

/*
 * The organization's OpenID Connect connection (Configurações → Segurança, issue 40;
 * docs/product.md#single-sign-on): admins only, Enterprise only on every write and every domain check.
 */

export type { ResolveTxt } from '@/lib/domain-verification.ts';

export interface SsoDeps {
  /** The key of the client secrets (lib/secret-box.ts). */
  secretKey: Buffer;
  /** Where the provider sends the person back: the web app's page that finishes the sign-in. */
  redirectUri: string;
  resolveTxt: ResolveTxt;
}

export function redirectUriOf(appUrl: string): string {
  return `${appUrl.replace(/\/$/, '')}/entrar/sso`;
}

function toDto(row: SsoConnectionRow, domains: SsoDomainRow[], deps: SsoDeps): SsoConnection {
  return {
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecretSet: true,
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
  return { connection: row ? toDto(row, domains, deps) : null, available };
}

export async function getSsoSettings(ctx: TenantContext, deps: SsoDeps): Promise<SsoSettings> {
  assertCan(ctx, 'organization:manage');
  return settingsOf(ctx, deps);
}

const newToken = () => randomBytes(18).toString('base64url');

/** Saves the connection. The secret is sealed before it is stored, and never written to the audit log. */
export async function updateSsoSettings(
  ctx: TenantContext,
  deps: SsoDeps,
  input: z.output<typeof SsoConnectionInputSchema>,
): Promise<SsoSettings> {
  assertCan(ctx, 'organization:manage');
  await assertPlanFeature(ctx, 'sso');
  await withTx(ctx, async (tx) => {
    const existing = await selectConnection(tx);
    const secret = input.clientSecret?.trim();
    if (!secret && !existing) throw fieldError('clientSecret', SSO_MESSAGES.clientSecretRequired);
    if (input.breakGlassUserId && !(await selectActiveAdmin(tx, input.breakGlassUserId)))
      throw fieldError('breakGlassUserId', SSO_MESSAGES.breakGlassNotAdmin);
    await upsertConnection(tx, {
      issuer: input.issuer,
      clientId: input.clientId,
      clientSecretEncrypted: secret
        ? sealSecret(deps.secretKey, secret)
        : (existing?.clientSecretEncrypted as string),
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
        issuer: input.issuer,
        clientId: input.clientId,
        clientSecretChanged: Boolean(secret),
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
