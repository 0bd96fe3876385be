import { agreedTotal } from '@aceite/shared/agreed';
import type { Proposal } from '@aceite/shared/schemas/proposals';
import { completeContent } from '@aceite/shared/schemas/proposals';
import { savedTaxBreakdown } from '@aceite/shared/totals';
import { canManageProposal } from '@/lib/access.ts';
import type { TenantContext } from '@/lib/tenant-scope.ts';
import type { ProposalWithRelations } from './proposal.queries.ts';
import { sepaTermsOf } from './sepa-terms.ts';

type ProposalRow = ProposalWithRelations['proposal'];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Screens see the masked address only; the full one stays in the evidence (issue 34, H2). */
function shownVerification(record: ProposalRow['answerVerification']): Proposal['answerVerification'] {
  if (record?.method !== 'email_code') return record ?? null;
  const { email: _full, ...shown } = record;
  return shown;
}

/**
 * The public link is shown only to those who may send the proposal (issue 20): anyone holding it can answer
 * as the client, so a viewer, or a salesperson looking at a colleague's proposal, never receives it.
 */
export function toProposalDto(
  ctx: TenantContext,
  { proposal: p, client, owner }: ProposalWithRelations,
): Proposal {
  const content = completeContent(p.content);
  return {
    id: p.id,
    number: p.number,
    title: p.title,
    description: p.description,
    clientId: p.clientId,
    client,
    status: p.status,
    currency: p.currency,
    subtotal: p.subtotal,
    discountType: p.discountType,
    discountValue: p.discountValue,
    discountAmount: p.discountAmount,
    taxRate: p.taxRate,
    taxAmount: p.taxAmount,
    taxBreakdown: savedTaxBreakdown({ ...p, items: content.items }),
    totalValue: p.totalValue,
    agreedTotal: agreedTotal(p),
    validUntil: p.validUntil,
    content,
    sepa: sepaTermsOf(p),
    publicToken: canManageProposal(ctx, p.ownerId) ? p.publicToken : null,
    archivedAt: iso(p.archivedAt),
    reissuedFromId: p.reissuedFromId,
    currentVersion: p.currentVersion,
    ownerId: p.ownerId,
    owner,
    viewCount: p.viewCount,
    sentAt: iso(p.sentAt),
    acceptedAt: iso(p.acceptedAt),
    rejectedAt: iso(p.rejectedAt),
    rejectionReason: p.rejectionReason,
    rejectionReasonCode: p.status === 'rejected' ? (p.rejectionReasonCode ?? 'other') : null,
    cancelledAt: p.cancelledAt ? p.cancelledAt.toISOString() : null,
    cancellationReason: p.cancellationReason,
    signedAt: iso(p.signedAt),
    recipient: p.recipientEmail !== null ? { name: p.recipientName ?? '', email: p.recipientEmail } : null,
    signedByName: p.signedByName,
    signedByEmail: p.signedByEmail,
    signatureData: p.signatureData,
    answerVerification: shownVerification(p.answerVerification),
    clientChoice: p.clientChoice ?? null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}
