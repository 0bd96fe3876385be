// 'Duplicar': a new draft from a proposal; one operation of the proposals service.
import { DEFAULT_VALIDITY_DAYS } from '@aceite/shared/proposal-defaults';
import { API_KEY_MESSAGES } from '@aceite/shared/schemas/api-keys';
import type { Proposal } from '@aceite/shared/schemas/proposals';
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
import { insertProposal, selectOrganizationBranding, selectProposalById } from './proposals.queries.ts';
import { draftCopyOf } from './proposals.reissue.ts';
import { notFound } from './proposals.service.ts';

/**
 * 'Duplicar' (docs/product.md#duplicating-a-proposal): a new draft with the same client, blocks, items, discount
 * and tax, a validity counted again from today, a new number and public link, titled '<title> (cópia)'. It is
 * not a reissue (no link to the original). Whoever may create proposals and sees the original may duplicate it;
 * the copy is theirs (an API key's goes to the admin who created the key, as with any proposal it creates).
 */
export async function duplicateProposal(ctx: TenantContext, id: string): Promise<Proposal> {
  assertCan(ctx.role, 'proposal:create');
  const existing = await selectProposalById(ctx, id);
  if (!existing || existing.proposal.archivedAt) throw notFound();
  const p = existing.proposal;
  const ownerId = personOf(ctx) ?? ctx.apiKey?.createdBy ?? null;
  if (!ownerId) throw fieldError('ownerId', API_KEY_MESSAGES.ownerRequired);
  const org = await selectOrganizationBranding(ctx);
  const days = org?.settings.proposalValidityDays ?? DEFAULT_VALIDITY_DAYS;
  const validUntil = new Date(`${organizationToday(org?.timezone)}T12:00:00Z`);
  validUntil.setUTCDate(validUntil.getUTCDate() + days);
  const row = await withTx(ctx, async (tx) => {
    // A copy is a new proposal of the month (docs/product.md#plans).
    await assertWithinPlan(tx, 'proposalsPerMonth');
    const copy = await insertProposal(tx, {
      ...draftCopyOf(p),
      title: `${p.title} (cópia)`.slice(0, 300),
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
      metadata: { duplicatedFromId: p.id },
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
  return toProposalDto(ctx, row);
}
