import { randomBytes } from 'node:crypto';
import {
  CUSTOM_DOMAIN_MESSAGES,
  type CustomDomainSettings,
  customDomainRecordName,
  customDomainRecordValue,
} from '@aceite/shared/schemas/custom-domain';
import { isUniqueViolation } from '@/db/errors.ts';
import { assertCan } from '@/lib/access.ts';
import { AppError, fieldError } from '@/lib/app-error.ts';
import { now } from '@/lib/clock.ts';
import { type ResolveTxt, txtRecordHolds } from '@/lib/domain-verification.ts';
import { assertPlanFeature, planIncludes } from '@/lib/entitlements.ts';
import { personOf, type TenantContext, withTx } from '@/lib/tenant-scope.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import {
  deleteCustomDomain,
  markCustomDomainVerified,
  selectCustomDomain,
  upsertCustomDomain,
  verifiedElsewhere,
} from './custom-domains.queries.ts';

/*
 * The organization's custom domain for the client-facing pages (Configurações → Domínio, issue 40;
 * docs/product.md#white-label): admins only, Enterprise only on every write and on the check.
 */

export interface CustomDomainDeps {
  /** The app's own host (APP_URL's): never a custom domain, and the CNAME's target. */
  appHost: string;
  resolveTxt: ResolveTxt;
}

async function settingsOf(ctx: TenantContext, deps: CustomDomainDeps): Promise<CustomDomainSettings> {
  const [row, available] = await Promise.all([selectCustomDomain(ctx), planIncludes(ctx, 'whiteLabel')]);
  return {
    available,
    domain: row
      ? {
          domain: row.domain,
          recordName: customDomainRecordName(row.domain),
          recordValue: customDomainRecordValue(row.verificationToken),
          cnameTarget: deps.appHost,
          verifiedAt: row.verifiedAt?.toISOString() ?? null,
          updatedAt: row.updatedAt.toISOString(),
        }
      : null,
  };
}

export async function getCustomDomain(
  ctx: TenantContext,
  deps: CustomDomainDeps,
): Promise<CustomDomainSettings> {
  assertCan(ctx, 'organization:manage');
  return settingsOf(ctx, deps);
}

/** Sets the domain (a changed domain is checked again); 409 when another organization has verified it. */
export async function setCustomDomain(
  ctx: TenantContext,
  deps: CustomDomainDeps,
  domain: string,
): Promise<CustomDomainSettings> {
  assertCan(ctx, 'organization:manage');
  await assertPlanFeature(ctx, 'whiteLabel');
  if (domain === deps.appHost || domain.endsWith(`.${deps.appHost}`) || domain === 'localhost')
    throw fieldError('domain', CUSTOM_DOMAIN_MESSAGES.domainIsApp);
  await withTx(ctx, async (tx) => {
    if (await verifiedElsewhere(tx, domain))
      throw new AppError('CONFLICT', CUSTOM_DOMAIN_MESSAGES.domainTaken);
    const existing = await selectCustomDomain(tx);
    if (existing?.domain === domain) return;
    await upsertCustomDomain(tx, {
      domain,
      verificationToken: randomBytes(18).toString('base64url'),
      updatedBy: personOf(ctx),
      updatedAt: now(),
    });
    await recordAudit(tx.db, {
      organizationId: ctx.organizationId,
      actorId: ctx.userId,
      impersonatorId: ctx.impersonatorId ?? null,
      action: existing ? 'custom_domain.updated' : 'custom_domain.created',
      entity: 'custom_domain',
      entityId: ctx.organizationId,
      metadata: { domain },
    });
  });
  return settingsOf(ctx, deps);
}

export async function removeCustomDomain(ctx: TenantContext): Promise<void> {
  assertCan(ctx, 'organization:manage');
  await withTx(ctx, async (tx) => {
    if (!(await deleteCustomDomain(tx)))
      throw new AppError('NOT_FOUND', CUSTOM_DOMAIN_MESSAGES.notConfigured);
    await recordAudit(tx.db, {
      organizationId: ctx.organizationId,
      actorId: ctx.userId,
      impersonatorId: ctx.impersonatorId ?? null,
      action: 'custom_domain.deleted',
      entity: 'custom_domain',
      entityId: ctx.organizationId,
    });
  });
}

/** Checks the TXT record (lib/domain-verification.ts, the SSO domains' check); 422 while it is missing. */
export async function verifyCustomDomain(
  ctx: TenantContext,
  deps: CustomDomainDeps,
): Promise<CustomDomainSettings> {
  assertCan(ctx, 'organization:manage');
  const row = await selectCustomDomain(ctx);
  if (!row) throw new AppError('NOT_FOUND', CUSTOM_DOMAIN_MESSAGES.notConfigured);
  await assertPlanFeature(ctx, 'whiteLabel');
  if (!row.verifiedAt) {
    if (!(await txtRecordHolds(deps.resolveTxt, row.domain, row.verificationToken)))
      throw new AppError('UNPROCESSABLE', CUSTOM_DOMAIN_MESSAGES.txtMissing);
    await withTx(ctx, async (tx) => {
      await markCustomDomainVerified(tx, now()).catch((error: unknown) => {
        if (isUniqueViolation(error, 'custom_domains_verified_key'))
          throw new AppError('CONFLICT', CUSTOM_DOMAIN_MESSAGES.domainTaken);
        throw error;
      });
      await recordAudit(tx.db, {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        impersonatorId: ctx.impersonatorId ?? null,
        action: 'custom_domain.verified',
        entity: 'custom_domain',
        entityId: ctx.organizationId,
        metadata: { domain: row.domain },
      });
    });
  }
  return settingsOf(ctx, deps);
}
