import type {
  PaymentSettings,
  SepaCreditor,
  SepaCreditorInputSchema,
  SepaReadiness,
} from '@aceite/shared/schemas/sepa-settings';
import { maskIban } from '@aceite/shared/sepa/bank-account';
import type { z } from 'zod';
import { assertCan } from '@/lib/access.ts';
import { now } from '@/lib/clock.ts';
import { assertPlanFeature, planIncludes } from '@/lib/entitlements.ts';
import { personOf, type TenantContext, withTx } from '@/lib/tenant-scope.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import { type SepaCreditorRow, selectSepaCreditor, upsertSepaCreditor } from './sepa.queries.ts';

/*
 * The organization as a SEPA Direct Debit creditor (issue 39, docs/product.md#sepa-direct-debit): admins only,
 * the plan's SEPA feature checked on every write (Starter: 403 PLAN_LIMIT).
 */

function toDto(row: SepaCreditorRow): SepaCreditor {
  return {
    name: row.name,
    creditorIdentifier: row.creditorIdentifier,
    iban: row.iban,
    ibanMasked: maskIban(row.iban),
    bic: row.bic,
    defaultPattern: row.defaultPattern === 'monthly' ? 'monthly' : 'oneOff',
    defaultInstalments: row.defaultInstalments,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getPaymentSettings(ctx: TenantContext): Promise<PaymentSettings> {
  assertCan(ctx, 'organization:manage');
  const [row, available] = await Promise.all([selectSepaCreditor(ctx), planIncludes(ctx, 'sepa')]);
  return { creditor: row ? toDto(row) : null, available };
}

/**
 * What the proposal editor needs, for every member (docs/product.md#the-schedule-in-the-proposal): no IBAN,
 * no identifier, only whether SEPA can be turned on and the creditor's default pattern.
 */
export async function getSepaReadiness(ctx: TenantContext): Promise<SepaReadiness> {
  const [row, available] = await Promise.all([selectSepaCreditor(ctx), planIncludes(ctx, 'sepa')]);
  const monthly = row?.defaultPattern === 'monthly';
  return {
    available,
    ready: row !== undefined,
    defaultPattern: monthly ? 'monthly' : 'oneOff',
    defaultInstalments: monthly ? (row?.defaultInstalments ?? null) : null,
  };
}

/** Saves the creditor. Audited with the IBAN masked: the whole IBAN never reaches a log (issue 39). */
export async function updatePaymentSettings(
  ctx: TenantContext,
  input: z.output<typeof SepaCreditorInputSchema>,
): Promise<PaymentSettings> {
  assertCan(ctx, 'organization:manage');
  await assertPlanFeature(ctx, 'sepa');
  const row = await withTx(ctx, async (tx) => {
    const written = await upsertSepaCreditor(tx, {
      name: input.name,
      creditorIdentifier: input.creditorIdentifier,
      iban: input.iban,
      bic: input.bic,
      defaultPattern: input.defaultPattern,
      defaultInstalments: input.defaultInstalments,
      updatedBy: personOf(ctx),
      updatedAt: now(),
    });
    await recordAudit(tx.db, {
      organizationId: ctx.organizationId,
      actorId: ctx.userId,
      impersonatorId: ctx.impersonatorId ?? null,
      action: 'sepa_creditor.updated',
      entity: 'sepa_creditor',
      entityId: ctx.organizationId,
      metadata: {
        name: written.name,
        creditorIdentifier: written.creditorIdentifier,
        iban: maskIban(written.iban),
        bic: written.bic,
      },
    });
    return written;
  });
  return { creditor: toDto(row), available: true };
}
