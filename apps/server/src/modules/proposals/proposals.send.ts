// 'Enviar' (docs/product.md#life-cycle-of-a-proposal): the email draft and the sending; one operation of the
// proposals service, split by verb (docs/architecture.md#module-map).

import { contentSha256 } from '@aceite/shared/content-hash';
import { MESSAGES } from '@aceite/shared/messages';
import { formatMoney } from '@aceite/shared/money';
import { isBeforeSent, maySendToClient } from '@aceite/shared/proposal-status';
import {
  DEFAULT_EMAIL_MESSAGE,
  DEFAULT_EMAIL_SUBJECT,
  fillEmailPlaceholders,
  type ProposalEmailDraft,
  type SendProposalInput,
} from '@aceite/shared/schemas/proposal-email';
import { completeContent, type ProposalStatus } from '@aceite/shared/schemas/proposals';
import { assertCanManageProposal } from '@/lib/access.ts';
import { AppError } from '@/lib/app-error.ts';
import { brandOf } from '@/lib/branding.ts';
import type { TenantContext } from '@/lib/tenant-scope.ts';
import { personOf, withTx } from '@/lib/tenant-scope.ts';
import { assertApprovedToSend, organizationSettings } from '@/modules/approvals/approvals.service.ts';
import { whiteLabelOf } from '@/modules/custom-domains/white-label.ts';
import { assertWithinMailLimits, type MailLimits, queueEmail } from '@/modules/email/email.service.ts';
import { proposalEmail } from '@/modules/email/email.templates.ts';
import { appendEvent } from '@/modules/evidence/evidence.service.ts';
import { notify } from '@/modules/notifications/notifications.service.ts';
import { proposalSentText } from '@/modules/notifications/notifications.texts.ts';
import { renderStoredProposalPdf } from '@/modules/proposal-pdf/proposal-pdf.service.ts';
import { sepaTermsOf } from '@/modules/proposal-projections/sepa-terms.ts';
import { snapshotIfChanged } from '@/modules/proposal-versions/proposal-versions.service.ts';
import { enqueueProposalEvent } from '@/modules/webhooks/proposal-events.ts';
import {
  selectOrganizationBranding,
  selectProposalById,
  selectProposalForUpdate,
  selectUserFullName,
  updateProposalById,
} from './proposals.queries.ts';
import { notFound, recipientOf } from './proposals.service.ts';

/** The subject and message the organization set as defaults, with this proposal's placeholders filled in. */
export function emailDefaults(
  org: Awaited<ReturnType<typeof selectOrganizationBranding>>,
  values: { proposta: string; numero: string; cliente: string; remetente: string },
): { subject: string; message: string } {
  const saved = org?.settings ?? {};
  const all = { ...values, organizacao: org?.name ?? '' };
  return {
    subject: fillEmailPlaceholders(saved.proposalEmailSubject || DEFAULT_EMAIL_SUBJECT, all).slice(0, 200),
    message: fillEmailPlaceholders(saved.proposalEmailMessage || DEFAULT_EMAIL_MESSAGE, all),
  };
}

/** What the send dialog starts from: recipient, Reply-To (the owner) and the organization's defaults. */
export async function getProposalEmailDraft(ctx: TenantContext, id: string): Promise<ProposalEmailDraft> {
  const existing = await selectProposalById(ctx, id);
  if (!existing) throw notFound();
  assertCanManageProposal(ctx, existing.proposal.ownerId);
  const client = existing.client;
  const recipient = recipientOf(existing.proposal, client);
  if (!client || !recipient) throw new AppError('VALIDATION_ERROR', MESSAGES.sendNoClient);
  const org = await selectOrganizationBranding(ctx);
  const senderName = await selectUserFullName(ctx, personOf(ctx) ?? existing.proposal.ownerId);
  return {
    to: recipient.email,
    replyTo: existing.owner.email,
    ...emailDefaults(org, {
      proposta: existing.proposal.title,
      numero: existing.proposal.number,
      cliente: client.name,
      remetente: senderName,
    }),
  };
}

/** A cancelled proposal reaches no one any more (issue 37): 409, the way is to duplicate it. */
function assertMaySend(proposal: { status: ProposalStatus }): void {
  if (!maySendToClient(proposal)) throw new AppError('CONFLICT', MESSAGES.proposalCancelledNoSend);
}

/**
 * Emails the public link to the client through the outbox, snapshots a version if the content changed since
 * the last one, marks the proposal sent, and tells the owner when someone else sent it. Statuses before sent
 * move to sent; viewed or later stay as they are (docs/product.md#views).
 */
export async function sendProposal(
  ctx: TenantContext,
  appUrl: string,
  id: string,
  mailLimits: MailLimits,
  input: SendProposalInput = {},
): Promise<{ recipient: string; status: ProposalStatus }> {
  const existing = await selectProposalById(ctx, id);
  if (!existing) throw notFound();
  assertCanManageProposal(ctx, existing.proposal.ownerId);
  assertMaySend(existing.proposal);
  const client = existing.client;
  if (!client?.email) throw new AppError('VALIDATION_ERROR', MESSAGES.sendNoClient);
  const result = await withTx(ctx, async (tx) => {
    const proposal = await selectProposalForUpdate(tx, id);
    if (!proposal) throw notFound();
    assertMaySend(proposal);
    assertApprovedToSend(await organizationSettings(tx), proposal, ctx);
    // Frozen at the first sending; later sendings go to the same address (docs/product.md#recipient).
    const recipient = recipientOf(proposal, client) ?? { name: client.name, email: client.email };
    await assertWithinMailLimits(tx.db, mailLimits, ctx.organizationId, recipient.email);
    await snapshotIfChanged(tx, proposal, 'Versão enviada ao cliente');
    const current = proposal.status;
    const next: ProposalStatus = isBeforeSent(current) ? 'sent' : current;
    await updateProposalById(tx, id, {
      status: next,
      sentAt: proposal.sentAt ?? new Date(),
      recipientName: recipient.name,
      recipientEmail: recipient.email,
    });
    const org = await selectOrganizationBranding(tx);
    // A white-label organization's client gets its link on the custom domain, and no Aceite mark.
    const whiteLabel = await whiteLabelOf(tx.db, ctx.organizationId);
    const pageUrl = whiteLabel ? `https://${whiteLabel.domain}` : appUrl;
    const senderName = await selectUserFullName(tx, personOf(ctx) ?? proposal.ownerId);
    const defaults = emailDefaults(org, {
      proposta: proposal.title,
      numero: proposal.number,
      cliente: client.name,
      remetente: senderName,
    });
    // The PDF is rendered now, inside the transaction that sends: the attachment is the content sent, whatever
    // is edited before the outbox delivers it (docs/decisions.md, "Proposal PDF").
    const pdf = input.attachPdf === false ? null : await renderStoredProposalPdf(tx, id);
    const outboxId = await queueEmail(tx.db, {
      kind: 'proposal',
      to: recipient.email,
      attachments: pdf
        ? [{ fileName: pdf.fileName, contentType: 'application/pdf', content: pdf.bytes }]
        : [],
      // Replies reach the person whose proposal it is, not the no-reply sender.
      replyTo: existing.owner.email,
      fromOrganization: org?.name ?? '',
      organizationId: ctx.organizationId,
      email: proposalEmail({
        ...brandOf(org),
        whiteLabel: whiteLabel !== null,
        subject: input.subject ?? defaults.subject,
        message: input.message || defaults.message,
        total: formatMoney(proposal.totalValue),
        validUntil: proposal.validUntil,
        link: `${pageUrl}/p/${proposal.publicToken}`,
      }),
    });
    // The first link of the evidence chain (docs/product.md#evidence): which email, by whom, of what content.
    const sent = await selectProposalForUpdate(tx, id);
    await appendEvent(tx.db, {
      organizationId: ctx.organizationId,
      proposalId: id,
      type: 'sent',
      payload: {
        outboxId,
        sentBy: ctx.userId,
        version: sent?.currentVersion ?? proposal.currentVersion,
        contentSha256: await contentSha256({
          ...proposal,
          content: completeContent(proposal.content),
          sepa: sepaTermsOf(proposal),
        }),
      },
    });
    if (proposal.ownerId !== ctx.userId) {
      await notify(tx.db, {
        organizationId: ctx.organizationId,
        userId: proposal.ownerId,
        ...proposalSentText({ id, title: proposal.title, senderName, clientName: client.name }),
      });
    }
    await enqueueProposalEvent(tx.db, ctx.organizationId, id, 'proposal.sent');
    return { status: next, to: recipient.email };
  });
  return { recipient: result.to, status: result.status };
}
