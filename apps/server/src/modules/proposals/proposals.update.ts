// Editing a proposal, before and after the client has seen it; one operation of the proposals service.
import { MESSAGES } from '@aceite/shared/messages';
import { formatMoney } from '@aceite/shared/money';
import { CLIENT_HAS_SEEN_STATUSES, isEditable, NOT_EDITABLE_STATUSES } from '@aceite/shared/proposal-status';
import type { Proposal } from '@aceite/shared/schemas/proposals';
import { assertCanManageProposal } from '@/lib/access.ts';
import { AppError } from '@/lib/app-error.ts';
import { brandOf } from '@/lib/branding.ts';
import type { TenantContext } from '@/lib/tenant-scope.ts';
import { personOf, systemActor, withTx } from '@/lib/tenant-scope.ts';
import {
  approvalAfterClientEdit,
  approvalLapses,
  isApprovalPending,
  organizationSettings,
  recordApprovalHandOver,
  recordApprovalLapsed,
  recordApprovalReopened,
} from '@/modules/approvals/approvals.service.ts';
import { clientFacingOf } from '@/modules/custom-domains/white-label.ts';
import {
  assertWithinMailLimits,
  type MailLimits,
  queueEmail,
  remindersUnsubscribeUrl,
} from '@/modules/email/email.service.ts';
import { proposalUpdatedEmail } from '@/modules/email/email.templates.ts';
import { toProposalDto } from '@/modules/proposal-projections/proposal-dto.ts';
import { snapshotIfChanged } from '@/modules/proposal-versions/proposal-versions.service.ts';
import { enqueueEvent } from '@/modules/webhooks/webhooks.service.ts';
import {
  type ProposalClient,
  selectOrganizationBranding,
  selectProposalById,
  selectProposalForUpdate,
  selectUserFullName,
  updateProposalById,
} from './proposals.queries.ts';
import {
  assertApprovalOfFormStatus,
  assertSepaAllowed,
  assertStatusAllowed,
  notFound,
  notifyAssigned,
  type ProposalInput,
  recipientOf,
  recordFormApprovalOf,
  resolveReferences,
  toValues,
} from './proposals.service.ts';

export interface UpdateOptions {
  /** Email the client that a proposal they have seen changed (ignored before it reached them). */
  notifyClient?: boolean;
  /** Where the public link points; needed only with notifyClient. */
  appUrl?: string;
  /** The mail limits the update email counts against, like a send (issue 20); needed only with notifyClient. */
  mailLimits?: MailLimits;
}

/**
 * Saves the editor's changes. Once the client has the proposal (sent, viewed, negotiating) the live link must
 * not change silently: in one transaction, what the client saw is kept as a version (if no version holds it
 * yet), the change is saved as the next version, and on request the client is emailed.
 */
export async function updateProposal(
  ctx: TenantContext,
  id: string,
  input: ProposalInput,
  options: UpdateOptions = {},
): Promise<Proposal> {
  const existing = await selectProposalById(ctx, id);
  if (!existing) throw notFound();
  const current = existing.proposal;
  assertCanManageProposal(ctx, current.ownerId);
  if (!isEditable(current.status)) throw notEditable(current.status);
  // No status in the body keeps the current one (docs/integrations.md#updates).
  const asked = input.status ?? current.status;
  assertStatusAllowed(ctx, asked, current.status);
  await assertSepaAllowed(ctx, input, current);
  // Same client and owner as now (the usual edit): they are the ones just read, nothing to look up.
  const { client, owner } =
    existing.client?.id === input.clientId && (input.ownerId ?? current.ownerId) === current.ownerId
      ? { client: existing.client, owner: existing.owner }
      : await resolveReferences(ctx, input, current.ownerId);
  const priced = { ...toValues(input), ownerId: owner.id, currency: current.currency };
  const settings = await organizationSettings(ctx);
  // A new price, discount or client bound the policy applies to undoes an approval (docs/product.md#approvals).
  const lapsed = await approvalLapses(settings, current, priced, ctx);
  const status = lapsed && (asked === 'approved' || asked === 'in_review') ? 'draft' : asked;
  await assertApprovalOfFormStatus(ctx, status, current.status, priced, lapsed, id);
  // Once the client has it, such a change re-opens approval and the client waits for it (issue 34, H1).
  const review = await approvalAfterClientEdit(ctx, settings, current, priced);
  const values = {
    ...toValues(input),
    status,
    ownerId: owner.id,
    sentAt: status === 'sent' && !current.sentAt ? new Date() : current.sentAt,
    approvalReopenedAt: review.reopenedAt,
    // Marked sent from the form (the link shared by hand): the recipient is frozen then too.
    ...(status === 'sent' && !current.recipientEmail && client?.email
      ? { recipientName: client.name, recipientEmail: client.email }
      : {}),
  };
  const seen = CLIENT_HAS_SEEN_STATUSES.includes(current.status);
  const row = await withTx(ctx, async (tx) => {
    if (lapsed) await recordApprovalLapsed(tx, id);
    // A hand-over while approval is pending stays on its history (issue 34, M3).
    // (Not after a lapse: the request it belonged to is over.)
    if (owner.id !== current.ownerId && !lapsed && (isApprovalPending(current) || review.reopenedAt)) {
      await recordApprovalHandOver(tx, id, existing.owner, owner);
    }
    const updated = seen
      ? await updateSeenProposal(tx, id, values, client, options)
      : await updateProposalById(tx, id, values, { unlessIn: NOT_EDITABLE_STATUSES });
    if (!updated) return updated;
    let saved = updated;
    if (review.reopenNote) await recordApprovalReopened(tx, saved, review.reopenNote);
    if (saved.status === 'approved' && current.status !== 'approved')
      saved = await recordFormApprovalOf(tx, saved);
    const data = toProposalDto(systemActor(tx.db, tx.organizationId), { proposal: saved, client, owner });
    const event = { organizationId: ctx.organizationId, data, orderingKey: id };
    await enqueueEvent(tx.db, { ...event, type: 'proposal.updated' });
    // Saved as sent from the form for the first time: the same news as a send.
    if (saved.sentAt && !current.sentAt) await enqueueEvent(tx.db, { ...event, type: 'proposal.sent' });
    return saved;
  });
  // Answered (or deleted) since it was read above.
  if (!row) {
    const now = await selectProposalById(ctx, id);
    throw now ? notEditable(now.proposal.status) : notFound();
  }
  if (owner.id !== current.ownerId && owner.id !== ctx.userId)
    await notifyAssigned(ctx, id, input.title, owner.id);
  return toProposalDto(ctx, { proposal: row, client, owner });
}

/** Answered proposals are evidence; cancelled ones are duplicated to make a new one (issue 37). */
function notEditable(status: Proposal['status']): AppError {
  return new AppError(
    'CONFLICT',
    status === 'cancelled' ? MESSAGES.proposalCancelledNoEdit : MESSAGES.proposalLocked,
  );
}

async function updateSeenProposal(
  tx: TenantContext,
  id: string,
  values: Parameters<typeof updateProposalById>[2],
  client: ProposalClient,
  options: UpdateOptions,
) {
  const before = await selectProposalForUpdate(tx, id);
  if (!before || !isEditable(before.status)) return undefined;
  await snapshotIfChanged(tx, before, 'Versão que o cliente viu');
  const saved = await updateProposalById(tx, id, values, { unlessIn: NOT_EDITABLE_STATUSES });
  if (!saved) return undefined;
  const version = await snapshotIfChanged(tx, saved, 'Alterada depois de o cliente a ver');
  const recipient = recipientOf(saved, client);
  if (options.notifyClient && client && recipient && options.appUrl) {
    if (options.mailLimits) {
      await assertWithinMailLimits(tx.db, options.mailLimits, tx.organizationId, recipient.email);
    }
    const org = await selectOrganizationBranding(tx);
    // A white-label organization's client gets the link on its domain, without the Aceite line.
    const facing = await clientFacingOf(tx.db, tx.organizationId, options.appUrl);
    const senderName = await selectUserFullName(tx, personOf(tx) ?? saved.ownerId);
    await queueEmail(tx.db, {
      kind: 'proposal_update',
      to: recipient.email,
      organizationId: tx.organizationId,
      fromOrganization: org?.name ?? '',
      // An email the client did not ask for: it carries the one-click opt-out of this proposal's reminders.
      listUnsubscribe: remindersUnsubscribeUrl(facing.pageUrl, saved.publicToken),
      email: proposalUpdatedEmail({
        ...brandOf(org),
        whiteLabel: facing.whiteLabel,
        clientName: client.name,
        senderName,
        title: saved.title,
        total: formatMoney(saved.totalValue),
        validUntil: saved.validUntil,
        link: `${facing.pageUrl}/p/${saved.publicToken}`,
      }),
    });
  }
  return version === null ? saved : { ...saved, currentVersion: version };
}
