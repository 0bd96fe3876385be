// 'Alterar destinatário' of a sent proposal (docs/product.md#recipient); one operation of the proposals service.
import { MESSAGES } from '@aceite/shared/messages';
import { formatMoney } from '@aceite/shared/money';
import { isActionable } from '@aceite/shared/proposal-status';
import type { ChangeRecipientInput, Proposal } from '@aceite/shared/schemas/proposals';
import { assertCanChangeRecipient } from '@/lib/access.ts';
import { AppError, fieldError } from '@/lib/app-error.ts';
import { brandOf } from '@/lib/branding.ts';
import { maskEmail } from '@/lib/mask-email.ts';
import type { TenantContext } from '@/lib/tenant-scope.ts';
import { personOf, withTx } from '@/lib/tenant-scope.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import { clientFacingOf } from '@/modules/custom-domains/white-label.ts';
import { assertWithinMailLimits, type MailLimits, queueEmail } from '@/modules/email/email.service.ts';
import { proposalEmail, recipientChangedEmail } from '@/modules/email/email.templates.ts';
import { toProposalDto } from '@/modules/proposal-projections/proposal-dto.ts';
import { enqueueProposalEvent } from '@/modules/webhooks/proposal-events.ts';
import {
  selectOrganizationBranding,
  selectProposalById,
  selectProposalForUpdate,
  selectUserFullName,
  updateProposalById,
} from './proposals.queries.ts';
import { emailDefaults } from './proposals.send.ts';
import { notFound, recipientOf } from './proposals.service.ts';

/**
 * 'Alterar destinatário' (issue 34, H2; docs/product.md#recipient): the recipient is fixed at sending, so
 * redirecting the link and the answer codes is an explicit, audited act of whoever manages the proposal. The
 * previous address is told (without the link), the new one gets the link; codes sent before stop checking, since
 * they went to the previous address. Only while the client can still answer.
 */
export async function changeProposalRecipient(
  ctx: TenantContext,
  appUrl: string,
  id: string,
  mailLimits: MailLimits,
  input: ChangeRecipientInput,
): Promise<Proposal> {
  const existing = await selectProposalById(ctx, id);
  if (!existing || existing.proposal.archivedAt) throw notFound();
  assertCanChangeRecipient(ctx, existing.proposal.ownerId);
  await withTx(ctx, async (tx) => {
    const proposal = await selectProposalForUpdate(tx, id);
    if (!proposal) throw notFound();
    const previous = recipientOf(proposal, null);
    if (!previous) throw new AppError('CONFLICT', MESSAGES.recipientNotSent);
    if (!isActionable(proposal.status)) throw new AppError('CONFLICT', MESSAGES.recipientNotChangeable);
    if (previous.email === input.email && previous.name === input.name) {
      throw fieldError('email', MESSAGES.recipientUnchanged);
    }
    await assertWithinMailLimits(tx.db, mailLimits, ctx.organizationId, input.email);
    await updateProposalById(tx, id, { recipientName: input.name, recipientEmail: input.email });
    const org = await selectOrganizationBranding(tx);
    // A white-label organization's client gets the link on its domain, without the Aceite line.
    const facing = await clientFacingOf(tx.db, ctx.organizationId, appUrl);
    const senderName = await selectUserFullName(tx, personOf(ctx) ?? proposal.ownerId);
    const noticeOutboxId =
      previous.email === input.email
        ? null
        : await queueEmail(tx.db, {
            kind: 'recipient_changed',
            to: previous.email,
            replyTo: existing.owner.email,
            organizationId: ctx.organizationId,
            fromOrganization: brandOf(org).organizationName,
            email: recipientChangedEmail({
              ...brandOf(org),
              whiteLabel: facing.whiteLabel,
              previousName: previous.name,
              senderName,
              title: proposal.title,
              maskedNewEmail: maskEmail(input.email),
            }),
          });
    const defaults = emailDefaults(org, {
      proposta: proposal.title,
      numero: proposal.number,
      cliente: input.name,
      remetente: senderName,
    });
    const linkOutboxId = await queueEmail(tx.db, {
      kind: 'proposal',
      to: input.email,
      replyTo: existing.owner.email,
      organizationId: ctx.organizationId,
      fromOrganization: brandOf(org).organizationName,
      email: proposalEmail({
        ...brandOf(org),
        whiteLabel: facing.whiteLabel,
        subject: defaults.subject,
        message: defaults.message,
        total: formatMoney(proposal.totalValue),
        validUntil: proposal.validUntil,
        link: `${facing.pageUrl}/p/${proposal.publicToken}`,
      }),
    });
    await recordAudit(tx.db, {
      organizationId: ctx.organizationId,
      actorId: personOf(ctx),
      impersonatorId: ctx.impersonatorId ?? null,
      action: 'proposal.recipient_changed',
      entity: 'proposal',
      entityId: id,
      metadata: {
        fromName: previous.name,
        fromEmail: previous.email,
        toName: input.name,
        toEmail: input.email,
        noticeOutboxId,
        linkOutboxId,
      },
    });
    await enqueueProposalEvent(tx.db, ctx.organizationId, id, 'proposal.updated');
  });
  const saved = await selectProposalById(ctx, id);
  if (!saved) throw notFound();
  return toProposalDto(ctx, saved);
}
