// 'Reemitir como nova versão' of an accepted proposal (docs/product.md#evidence); one operation of the proposals
// service.
import { MESSAGES } from '@aceite/shared/messages';
import { isWon } from '@aceite/shared/proposal-status';
import { completeContent, type Proposal } from '@aceite/shared/schemas/proposals';
import { assertCanManageProposal } from '@/lib/access.ts';
import { AppError } from '@/lib/app-error.ts';
import { assertWithinPlan } from '@/lib/entitlements.ts';
import type { TenantContext } from '@/lib/tenant-scope.ts';
import { withTx } from '@/lib/tenant-scope.ts';
import { newOpaqueToken } from '@/lib/tokens.ts';
import { organizationToday } from '@/lib/validity.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import { toProposalDto } from '@/modules/proposal-projections/proposal-dto.ts';
import {
  insertProposal,
  type ProposalWithRelations,
  selectOrganizationBranding,
  selectProposalById,
} from './proposals.queries.ts';
import { notFound } from './proposals.service.ts';

/**
 * 'Reemitir como nova versão' (docs/product.md#evidence): what the client accepted or signed stays frozen; the
 * team changes a new draft, a copy linked to it (`reissuedFromId`), whose detail shows what changed. Whoever may
 * manage the accepted proposal may reissue it; the copy keeps its owner and client, gets a new public link and
 * loses a validity date already past.
 */
export async function reissueProposal(ctx: TenantContext, id: string): Promise<Proposal> {
  const existing = await selectProposalById(ctx, id);
  if (!existing) throw notFound();
  const p = existing.proposal;
  assertCanManageProposal(ctx, p.ownerId);
  if (!isWon(p.status)) throw new AppError('CONFLICT', MESSAGES.proposalReissueNotAccepted);
  const today = organizationToday((await selectOrganizationBranding(ctx))?.timezone);
  const row = await withTx(ctx, async (tx) => {
    // A copy is a new proposal of the month (docs/product.md#plans).
    await assertWithinPlan(tx, 'proposalsPerMonth');
    const copy = await insertProposal(tx, {
      ...draftCopyOf(p),
      title: p.title,
      ownerId: p.ownerId,
      validUntil: p.validUntil && p.validUntil >= today ? p.validUntil : null,
      reissuedFromId: p.id,
      publicToken: newOpaqueToken(),
    });
    await recordAudit(tx.db, {
      organizationId: ctx.organizationId,
      actorId: ctx.userId,
      impersonatorId: ctx.impersonatorId ?? null,
      action: 'proposal.reissue',
      entity: 'proposal',
      entityId: copy.id,
      metadata: { reissuedFromId: p.id },
    });
    return copy;
  });
  return toProposalDto(ctx, { proposal: row, client: existing.client, owner: existing.owner });
}

/** What a new draft made from a proposal keeps of it: reissue and 'Duplicar' alike. */
export function draftCopyOf(p: ProposalWithRelations['proposal']) {
  return {
    description: p.description,
    clientId: p.clientId,
    status: 'draft' as const,
    currency: p.currency,
    content: completeContent(p.content),
    discountType: p.discountType,
    discountValue: p.discountValue,
    taxRate: p.taxRate,
    subtotal: p.subtotal,
    discountAmount: p.discountAmount,
    taxAmount: p.taxAmount,
    totalValue: p.totalValue,
    // The SEPA terms too (issue 39): the amounts follow from the copy's own total.
    sepaPattern: p.sepaPattern,
    sepaInstalments: p.sepaInstalments,
    sepaFirstCollectionDate: p.sepaFirstCollectionDate,
  };
}
