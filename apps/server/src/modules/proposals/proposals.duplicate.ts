// 'Duplicar': a new draft from a proposal; one operation of the proposals service.
import { defaultItems } from '@aceite/shared/client-choice';
import { MESSAGES } from '@aceite/shared/messages';
import { copyTitle, DEFAULT_VALIDITY_DAYS } from '@aceite/shared/proposal-defaults';
import { API_KEY_MESSAGES } from '@aceite/shared/schemas/api-keys';
import {
  completeContent,
  type DuplicatedProposal,
  type DuplicateProposalInput,
} from '@aceite/shared/schemas/proposals';
import { computeTotals } from '@aceite/shared/totals';
import { rateChangeNotice, ratesForRegion, vatRegionOf } from '@aceite/shared/vat';
import { assertCan } from '@/lib/access.ts';
import { fieldError } from '@/lib/app-error.ts';
import { assertWithinPlan } from '@/lib/entitlements.ts';
import type { TenantContext } from '@/lib/tenant-scope.ts';
import { personOf, systemActor, withTx } from '@/lib/tenant-scope.ts';
import { newOpaqueToken } from '@/lib/tokens.ts';
import { organizationToday } from '@/lib/validity.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import { toProposalDto } from '@/modules/proposal-projections/proposal-dto.ts';
import { enqueueEvent } from '@/modules/webhooks/webhooks.service.ts';
import {
  clientExists,
  insertProposal,
  selectOrganizationBranding,
  selectProposalById,
} from './proposals.queries.ts';
import { draftCopyOf } from './proposals.reissue.ts';
import { notFound } from './proposals.service.ts';

/**
 * 'Duplicar' (docs/product.md#duplicating-a-proposal): a new draft with the same client, blocks, items, discount
 * and tax, a validity counted again from today, a new number and public link, titled '<title> (cópia)'. It is
 * not a reissue (no link to the original). Whoever may create proposals and sees the original may duplicate it;
 * the copy is theirs (an API key's goes to the admin who created the key, as with any proposal it creates).
 * 'Duplicar para outro cliente' (issue 37) gives the copy another client of the organization; either way the
 * recipient is not copied (it is fixed at the copy's own sending) and the rates are read again for the
 * organization's current region (`ratesForRegion`), the answer naming the lines that changed.
 */
export async function duplicateProposal(
  ctx: TenantContext,
  id: string,
  input: DuplicateProposalInput = {},
): Promise<DuplicatedProposal> {
  assertCan(ctx.role, 'proposal:create');
  const existing = await selectProposalById(ctx, id);
  if (!existing || existing.proposal.archivedAt) throw notFound();
  const p = existing.proposal;
  const ownerId = personOf(ctx) ?? ctx.apiKey?.createdBy ?? null;
  if (!ownerId) throw fieldError('ownerId', API_KEY_MESSAGES.ownerRequired);
  const clientId = input.clientId ?? p.clientId;
  if (input.clientId && input.clientId !== p.clientId && !(await clientExists(ctx, input.clientId)))
    throw fieldError('clientId', MESSAGES.proposalClientInvalid);
  const org = await selectOrganizationBranding(ctx);
  const region = vatRegionOf(org?.settings);
  const today = organizationToday(org?.timezone);
  const content = completeContent(p.content);
  const rates = ratesForRegion(content.items, p.taxRate, region, today);
  const { taxBreakdown: _byRate, ...totals } = computeTotals({
    items: defaultItems(rates.items),
    discountType: p.discountType,
    discountValue: p.discountValue,
    taxRate: rates.taxRate,
  });
  const days = org?.settings.proposalValidityDays ?? DEFAULT_VALIDITY_DAYS;
  const validUntil = new Date(`${today}T12:00:00Z`);
  validUntil.setUTCDate(validUntil.getUTCDate() + days);
  const row = await withTx(ctx, async (tx) => {
    // A copy is a new proposal of the month (docs/product.md#plans).
    await assertWithinPlan(tx, 'proposalsPerMonth');
    const copy = await insertProposal(tx, {
      ...draftCopyOf(p),
      clientId,
      content: { ...content, items: rates.items },
      taxRate: rates.taxRate,
      ...totals,
      title: copyTitle(p.title),
      ownerId,
      validUntil: validUntil.toISOString().slice(0, 10),
      publicToken: newOpaqueToken(),
    });
    await recordAudit(tx.db, {
      organizationId: ctx.organizationId,
      actorId: ctx.userId,
      impersonatorId: ctx.impersonatorId ?? null,
      action: 'proposal.duplicate',
      entity: 'proposal',
      entityId: copy.id,
      metadata: {
        duplicatedFromId: p.id,
        ...(clientId !== p.clientId ? { fromClientId: p.clientId } : {}),
        ...(rates.changes.length > 0 ? { vatRateChanges: rates.changes } : {}),
      },
    });
    const created = await selectProposalById(tx, copy.id);
    if (!created) throw notFound();
    const data = toProposalDto(systemActor(tx.db, tx.organizationId), created);
    await enqueueEvent(tx.db, {
      organizationId: ctx.organizationId,
      data,
      orderingKey: copy.id,
      type: 'proposal.created',
    });
    return created;
  });
  return {
    ...toProposalDto(ctx, row),
    vatRateChanges: rates.changes,
    vatNotice: rateChangeNotice(region, rates.changes),
  };
}
