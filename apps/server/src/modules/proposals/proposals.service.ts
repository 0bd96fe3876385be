import { agreedTotal } from '@aceite/shared/agreed';
import { defaultItems } from '@aceite/shared/client-choice';
import { contentSha256 } from '@aceite/shared/content-hash';
import { MESSAGES } from '@aceite/shared/messages';
import { formatMoney } from '@aceite/shared/money';
import { can } from '@aceite/shared/permissions';
import { DEFAULT_VALIDITY_DAYS } from '@aceite/shared/proposal-defaults';
import {
  ANSWERED_STATUSES,
  CLIENT_HAS_SEEN_STATUSES,
  isActionable,
  isAnswered as isAnsweredStatus,
  isBeforeSent,
  isCancellable,
  isProposalStatus,
  isWon,
  PROPOSAL_STATUSES,
} from '@aceite/shared/proposal-status';
import { API_KEY_MESSAGES } from '@aceite/shared/schemas/api-keys';
import {
  DEFAULT_EMAIL_MESSAGE,
  DEFAULT_EMAIL_SUBJECT,
  fillEmailPlaceholders,
  type ProposalEmailDraft,
  type SendProposalInput,
} from '@aceite/shared/schemas/proposal-email';
import type { CancelProposalInput } from '@aceite/shared/schemas/proposal-messages';
import {
  type ChangeRecipientInput,
  completeContent,
  FORM_STATUSES,
  type Proposal,
  type ProposalInputSchema,
  type ProposalSort,
  type ProposalStats,
  type ProposalStatus,
  type ProposalSummary,
} from '@aceite/shared/schemas/proposals';
import { OrganizationSettingsSchema } from '@aceite/shared/schemas/users';
import { computeTotals } from '@aceite/shared/totals';
import type { z } from 'zod';
import {
  assertCan,
  assertCanAssignProposal,
  assertCanCancelProposal,
  assertCanChangeRecipient,
  assertCanDeleteProposal,
  assertCanManageProposal,
} from '@/lib/access.ts';
import { AppError, fieldError } from '@/lib/app-error.ts';
import { brandOf } from '@/lib/branding.ts';
import { maskEmail } from '@/lib/mask-email.ts';
import { type Pagination, toPagination } from '@/lib/pagination.ts';
import type { FileStorage } from '@/lib/storage.ts';
import type { TenantContext } from '@/lib/tenant-scope.ts';
import { personOf, withTx } from '@/lib/tenant-scope.ts';
import { newOpaqueToken } from '@/lib/tokens.ts';
import { deleteStoredFiles, storageKeysOf } from '@/modules/attachments/attachments.service.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import {
  assertWithinMailLimits,
  clientSenderName,
  type MailLimits,
  queueEmail,
  remindersUnsubscribeUrl,
} from '@/modules/email/email.service.ts';
import {
  proposalCancelledEmail,
  proposalEmail,
  proposalUpdatedEmail,
  recipientChangedEmail,
} from '@/modules/email/email.templates.ts';
import { appendEvent } from '@/modules/evidence/evidence.service.ts';
import { notify } from '@/modules/notifications/notifications.service.ts';
import { proposalAssignedText, proposalSentText } from '@/modules/notifications/notifications.texts.ts';
import { renderStoredProposalPdf } from '@/modules/proposal-pdf/proposal-pdf.service.ts';
import { toProposalDto } from '@/modules/proposal-projections/proposal-dto.ts';
import { snapshotIfChanged } from '@/modules/proposal-versions/proposal-versions.service.ts';
import { enqueueProposalEvent } from '@/modules/webhooks/proposal-events.ts';
import { enqueueEvent } from '@/modules/webhooks/webhooks.service.ts';
import {
  approvalAfterClientEdit,
  approvalHashOf,
  approvalLapses,
  assertApprovedToSend,
  assertMayApproveProposal,
  awaitingMyApprovalFilter,
  isApprovalPending,
  organizationSettings,
  recordApprovalHandOver,
  recordApprovalLapsed,
  recordApprovalReopened,
  recordFormApproval,
} from './approvals.service.ts';
import {
  archiveProposalById,
  clientExists,
  countProposals,
  countProposalsByStatus,
  deleteProposalById,
  insertProposal,
  type ProposalClient,
  type ProposalOwner,
  type ProposalRow,
  type ProposalWithRelations,
  selectOrganizationBranding,
  selectProposalById,
  selectProposalForUpdate,
  selectProposals,
  selectReferences,
  selectUserFullName,
  updateProposalById,
} from './proposals.queries.ts';

type ProposalInput = z.output<typeof ProposalInputSchema>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const notFound = () => new AppError('NOT_FOUND', MESSAGES.proposalNotFound);

/**
 * Where the client's emails go: the recipient frozen at the first sending, else (never sent) the client record
 * (issue 34, H2; docs/product.md#recipient).
 */
export function recipientOf(
  proposal: Pick<ProposalRow, 'recipientName' | 'recipientEmail'>,
  client: { name: string; email: string | null } | null | undefined,
): { name: string; email: string } | null {
  if (proposal.recipientEmail) return { name: proposal.recipientName ?? '', email: proposal.recipientEmail };
  return client?.email ? { name: client.name, email: client.email } : null;
}

/**
 * A webhook's `data` is the proposal as the organization's admin sees it (docs/product.md#webhooks): the
 * endpoint is the organization's own integration, configured by an admin, so the public link is included.
 */
const asOrganization = (ctx: TenantContext): TenantContext => ({ ...ctx, role: 'admin' });

/** The client answered (accepted, signed or rejected): the proposal is evidence from then on. */
export function isAnswered(p: {
  status: ProposalStatus;
  acceptedAt: Date | null;
  rejectedAt: Date | null;
  signedAt: Date | null;
}): boolean {
  return isAnsweredStatus(p.status) || !!(p.acceptedAt || p.rejectedAt || p.signedAt);
}

/**
 * The form offers draft, in_review, approved and sent; approved only to managers and admins. Keeping the
 * current status (whatever it is) is always allowed, so editing a viewed proposal does not reset it.
 */
function assertStatusAllowed(ctx: TenantContext, next: ProposalStatus, current?: ProposalStatus): void {
  if (next === current) return;
  if (!(FORM_STATUSES as readonly string[]).includes(next)) {
    throw fieldError('status', MESSAGES.proposalStatusNotAllowed);
  }
  if (next === 'approved') assertCan(ctx, 'proposal:approve', MESSAGES.proposalApproveForbidden);
}

/**
 * The form's status under the approval policy (docs/product.md#approvals): saving as sent is a send, refused
 * while approval is needed and missing; choosing 'approved' takes the same right as the 'Aprovar' button.
 */
async function assertApprovalOfFormStatus(
  ctx: TenantContext,
  next: ProposalStatus,
  current: ProposalStatus | undefined,
  priced: Parameters<typeof approvalLapses>[2],
  lapsed = false,
  proposalId?: string,
): Promise<void> {
  if (next === current) return;
  if (next !== 'sent' && next !== 'approved') return;
  const settings = await organizationSettings(ctx);
  if (next === 'sent') {
    const approved = current === 'approved' && !lapsed;
    assertApprovedToSend(settings, { ...priced, status: approved ? 'approved' : 'draft' }, ctx);
    return;
  }
  await assertMayApproveProposal(ctx, settings, priced, proposalId);
}

/**
 * The client and owner the proposal will have, checked: the client must be one of the organization's; handing
 * the proposal to someone other than its current owner needs proposal:manage-any and an active member. One
 * statement; a second only to word the error when the owner is not found.
 */
async function resolveReferences(
  ctx: TenantContext,
  input: ProposalInput,
  currentOwnerId: string = ctx.userId,
): Promise<{ client: ProposalClient; owner: ProposalOwner }> {
  const ownerId = input.ownerId ?? currentOwnerId;
  const { client, owner, ownerActive, ownerRole } = await selectReferences(ctx, input.clientId, ownerId);
  if (!client && (owner || !(await clientExists(ctx, input.clientId))))
    throw fieldError('clientId', MESSAGES.proposalClientInvalid);
  if (ownerId !== currentOwnerId) {
    assertCanAssignProposal(ctx);
    if (!ownerActive) throw fieldError('ownerId', MESSAGES.proposalOwnerInvalid);
    // An owner must be able to edit and send what they own: never a viewer (issue 20).
    if (!ownerRole || !can(ownerRole, 'proposal:create')) {
      throw fieldError('ownerId', MESSAGES.proposalOwnerCannotEdit);
    }
  }
  if (!client || !owner) throw fieldError('ownerId', MESSAGES.proposalOwnerInvalid);
  return { client, owner };
}

/** Columns written from the form; totals always recomputed here with the shared function. */
function toValues(input: ProposalInput) {
  // Optional items count as the client would find them: preselected in, unselected out
  // (docs/product.md#client-choice). The table by rate is not stored: it is computed again from the lines for
  // whoever reads them.
  const { taxBreakdown: _byRate, ...totals } = computeTotals({
    items: defaultItems(input.content.items),
    discountType: input.discountType,
    discountValue: input.discountValue,
    taxRate: input.taxRate,
  });
  return {
    title: input.title,
    description: input.description,
    clientId: input.clientId,
    validUntil: input.validUntil,
    content: input.content,
    discountType: input.discountType,
    discountValue: input.discountValue,
    taxRate: input.taxRate,
    ...totals,
  };
}

type SummaryRow = Awaited<ReturnType<typeof selectProposals>>['rows'][number];
const toSummaryDto = ({ chosenTotal, ...r }: SummaryRow): ProposalSummary => ({
  ...r,
  agreedTotal: agreedTotal({ ...r, chosenTotal }),
  signedAt: iso(r.signedAt),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  lastViewedAt: iso(r.lastViewedAt),
});

export async function listProposals(
  ctx: TenantContext,
  query: {
    status?: ProposalStatus;
    search?: string;
    sort?: ProposalSort;
    awaitingMyApproval?: boolean;
    page: number;
    limit: number;
  },
): Promise<{ data: ProposalSummary[]; pagination: Pagination }> {
  const only = query.awaitingMyApproval ? await awaitingMyApprovalFilter(ctx) : undefined;
  const { rows, total } = await selectProposals(ctx, {
    ...query,
    only,
    offset: (query.page - 1) * query.limit,
  });
  const data = rows.map(toSummaryDto);
  return { data, pagination: toPagination(query.page, query.limit, total) };
}

/** The newest proposals, without the organization-wide count a pager needs (the dashboard's activity). */
export async function listLatestProposals(ctx: TenantContext, limit: number): Promise<ProposalSummary[]> {
  const { rows } = await selectProposals(ctx, { limit, offset: 0, withTotal: false });
  return rows.map(toSummaryDto);
}

export async function getProposalStats(ctx: TenantContext): Promise<ProposalStats> {
  const byStatus = Object.fromEntries(PROPOSAL_STATUSES.map((s) => [s, 0])) as Record<ProposalStatus, number>;
  // The sidebar's 'Para aprovar' count, for those who may approve (docs/product.md#approvals), counted beside
  // the others rather than after them.
  const mayApprove = can(ctx.role, 'proposal:approve') && !ctx.apiKey;
  const [counts, awaitingMyApproval] = await Promise.all([
    countProposalsByStatus(ctx),
    mayApprove ? awaitingMyApprovalFilter(ctx).then((only) => countProposals(ctx, only)) : 0,
  ]);
  let total = 0;
  for (const { status, n } of counts) {
    if (isProposalStatus(status)) byStatus[status] = n;
    total += n;
  }
  return { byStatus, total, awaitingMyApproval };
}

export async function getProposal(ctx: TenantContext, id: string): Promise<Proposal> {
  const row = await selectProposalById(ctx, id);
  if (!row) throw notFound();
  return toProposalDto(ctx, row);
}

/**
 * An API key owns nothing (docs/product.md#api-keys): a proposal it creates belongs to the member named in
 * `ownerId`, else to the admin who created the key (checked like any hand-over: active, able to edit).
 */
function withDefaultOwner(ctx: TenantContext, input: ProposalInput): ProposalInput {
  if (!ctx.apiKey || input.ownerId) return input;
  if (!ctx.apiKey.createdBy) throw fieldError('ownerId', API_KEY_MESSAGES.ownerRequired);
  return { ...input, ownerId: ctx.apiKey.createdBy };
}

export async function createProposal(ctx: TenantContext, input: ProposalInput): Promise<Proposal> {
  assertCan(ctx.role, 'proposal:create');
  const status = input.status ?? 'draft';
  assertStatusAllowed(ctx, status);
  const { client, owner } = await resolveReferences(ctx, withDefaultOwner(ctx, input));
  await assertApprovalOfFormStatus(ctx, status, undefined, { ...toValues(input), ownerId: owner.id });
  return withTx(ctx, async (tx) => {
    const row = await insertProposal(tx, {
      ...toValues(input),
      status,
      currency: 'EUR',
      ownerId: owner.id,
      sentAt: status === 'sent' ? new Date() : null,
      // Created as sent (the link shared by hand): the recipient is frozen now (docs/product.md#recipient).
      ...(status === 'sent' && client?.email
        ? { recipientName: client.name, recipientEmail: client.email }
        : {}),
      publicToken: newOpaqueToken(),
    });
    if (row.status === 'approved') await recordFormApprovalOf(tx, row);
    if (row.ownerId !== ctx.userId) await notifyAssigned(tx, row.id, row.title, row.ownerId);
    const data = toProposalDto(asOrganization(tx), { proposal: row, client, owner });
    const event = { organizationId: ctx.organizationId, data, orderingKey: row.id };
    await enqueueEvent(tx.db, { ...event, type: 'proposal.created' });
    if (row.status === 'sent') await enqueueEvent(tx.db, { ...event, type: 'proposal.sent' });
    return toProposalDto(ctx, { proposal: row, client, owner });
  });
}

/** The form's 'Aprovada' approves the content saved, recorded with its hash (issue 34). */
async function recordFormApprovalOf<T extends ProposalRow>(tx: TenantContext, row: T): Promise<T> {
  const sha256 = await approvalHashOf(row);
  await recordFormApproval(tx, row.id, sha256);
  await updateProposalById(tx, row.id, { approvedContentSha256: sha256 });
  return { ...row, approvedContentSha256: sha256 };
}

/** The new owner of a handed-over proposal is told (docs/product.md#notifications). */
async function notifyAssigned(ctx: TenantContext, id: string, title: string, ownerId: string): Promise<void> {
  await notify(ctx.db, {
    organizationId: ctx.organizationId,
    userId: ownerId,
    ...proposalAssignedText({ id, title }),
  });
}

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
  if (isAnsweredStatus(current.status)) {
    throw new AppError('CONFLICT', MESSAGES.proposalLocked);
  }
  // No status in the body keeps the current one (docs/integrations.md#updates).
  const asked = input.status ?? current.status;
  assertStatusAllowed(ctx, asked, current.status);
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
      : await updateProposalById(tx, id, values, { unlessIn: ANSWERED_STATUSES });
    if (!updated) return updated;
    let saved = updated;
    if (review.reopenNote) await recordApprovalReopened(tx, saved, review.reopenNote);
    if (saved.status === 'approved' && current.status !== 'approved')
      saved = await recordFormApprovalOf(tx, saved);
    const data = toProposalDto(asOrganization(tx), { proposal: saved, client, owner });
    const event = { organizationId: ctx.organizationId, data, orderingKey: id };
    await enqueueEvent(tx.db, { ...event, type: 'proposal.updated' });
    // Saved as sent from the form for the first time: the same news as a send.
    if (saved.sentAt && !current.sentAt) await enqueueEvent(tx.db, { ...event, type: 'proposal.sent' });
    return saved;
  });
  // Answered (or deleted) since it was read above.
  if (!row)
    throw (await selectProposalById(ctx, id))
      ? new AppError('CONFLICT', MESSAGES.proposalLocked)
      : notFound();
  if (owner.id !== current.ownerId && owner.id !== ctx.userId)
    await notifyAssigned(ctx, id, input.title, owner.id);
  return toProposalDto(ctx, { proposal: row, client, owner });
}

async function updateSeenProposal(
  tx: TenantContext,
  id: string,
  values: Parameters<typeof updateProposalById>[2],
  client: ProposalClient,
  options: UpdateOptions,
) {
  const before = await selectProposalForUpdate(tx, id);
  if (!before || isAnsweredStatus(before.status)) return undefined;
  await snapshotIfChanged(tx, before, 'Versão que o cliente viu');
  const saved = await updateProposalById(tx, id, values, { unlessIn: ANSWERED_STATUSES });
  if (!saved) return undefined;
  const version = await snapshotIfChanged(tx, saved, 'Alterada depois de o cliente a ver');
  const recipient = recipientOf(saved, client);
  if (options.notifyClient && client && recipient && options.appUrl) {
    if (options.mailLimits) {
      await assertWithinMailLimits(tx.db, options.mailLimits, tx.organizationId, recipient.email);
    }
    const org = await selectOrganizationBranding(tx);
    const senderName = await selectUserFullName(tx, personOf(tx) ?? saved.ownerId);
    await queueEmail(tx.db, {
      kind: 'proposal_update',
      to: recipient.email,
      organizationId: tx.organizationId,
      fromName: clientSenderName(senderName, org?.name ?? ''),
      // An email the client did not ask for: it carries the one-click opt-out of this proposal's reminders.
      listUnsubscribe: remindersUnsubscribeUrl(options.appUrl, saved.publicToken),
      email: proposalUpdatedEmail({
        ...brandOf(org),
        clientName: client.name,
        senderName,
        title: saved.title,
        total: formatMoney(saved.totalValue),
        validUntil: saved.validUntil,
        link: `${options.appUrl}/p/${saved.publicToken}`,
      }),
    });
  }
  return version === null ? saved : { ...saved, currentVersion: version };
}

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
  const today = new Date().toISOString().slice(0, 10);
  const row = await withTx(ctx, async (tx) => {
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
function draftCopyOf(p: ProposalWithRelations['proposal']) {
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
  };
}

/** Today in the organization's time zone, `YYYY-MM-DD`. */
function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

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
  const settings = OrganizationSettingsSchema.safeParse(org?.settings ?? {});
  const days = (settings.success ? settings.data.proposalValidityDays : undefined) ?? DEFAULT_VALIDITY_DAYS;
  const validUntil = new Date(`${todayIn(org?.timezone ?? 'Europe/Lisbon')}T12:00:00Z`);
  validUntil.setUTCDate(validUntil.getUTCDate() + days);
  const row = await withTx(ctx, async (tx) => {
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
    const data = toProposalDto(asOrganization(tx), created);
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

/** Deletes the proposal with its versions, comments and attachments, files included. */
export async function deleteProposal(ctx: TenantContext, storage: FileStorage, id: string): Promise<void> {
  const existing = await selectProposalById(ctx, id);
  if (!existing || existing.proposal.archivedAt) throw notFound();
  // A client's answer is evidence (issue 20): only an admin may remove such a proposal, and then it is
  // archived, never deleted, with an audit record.
  const answered = isAnswered(existing.proposal);
  assertCanDeleteProposal(ctx, existing.proposal.ownerId, answered);
  if (answered) {
    // Archived and recorded (who did it) in one transaction.
    const archived = await withTx(ctx, async (tx) => {
      const status = await archiveProposalById(tx, id);
      if (status === undefined) return false;
      await recordAudit(tx.db, {
        organizationId: ctx.organizationId,
        actorId: ctx.userId,
        impersonatorId: ctx.impersonatorId ?? null,
        action: 'proposal.archive',
        entity: 'proposal',
        entityId: id,
        metadata: { status },
      });
      return true;
    });
    if (!archived) throw notFound();
    return;
  }
  const keys = await storageKeysOf(ctx, id);
  await deleteProposalById(ctx, id);
  await deleteStoredFiles(storage, keys);
}

/** The subject and message the organization set as defaults, with this proposal's placeholders filled in. */
function emailDefaults(
  org: Awaited<ReturnType<typeof selectOrganizationBranding>>,
  values: { proposta: string; numero: string; cliente: string; remetente: string },
): { subject: string; message: string } {
  const settings = OrganizationSettingsSchema.safeParse(org?.settings ?? {});
  const saved = settings.success ? settings.data : {};
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
  const client = existing.client;
  if (!client?.email) throw new AppError('VALIDATION_ERROR', MESSAGES.sendNoClient);
  const result = await withTx(ctx, async (tx) => {
    const proposal = await selectProposalForUpdate(tx, id);
    if (!proposal) throw notFound();
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
      fromName: clientSenderName(senderName, org?.name ?? ''),
      organizationId: ctx.organizationId,
      email: proposalEmail({
        ...brandOf(org),
        subject: input.subject ?? defaults.subject,
        message: input.message || defaults.message,
        total: formatMoney(proposal.totalValue),
        validUntil: proposal.validUntil,
        link: `${appUrl}/p/${proposal.publicToken}`,
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
        contentSha256: await contentSha256({ ...proposal, content: completeContent(proposal.content) }),
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
    const senderName = await selectUserFullName(tx, personOf(ctx) ?? proposal.ownerId);
    const noticeOutboxId =
      previous.email === input.email
        ? null
        : await queueEmail(tx.db, {
            kind: 'recipient_changed',
            to: previous.email,
            replyTo: existing.owner.email,
            organizationId: ctx.organizationId,
            email: recipientChangedEmail({
              ...brandOf(org),
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
      email: proposalEmail({
        ...brandOf(org),
        subject: defaults.subject,
        message: defaults.message,
        total: formatMoney(proposal.totalValue),
        validUntil: proposal.validUntil,
        link: `${appUrl}/p/${proposal.publicToken}`,
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

/**
 * 'Cancelar proposta' (docs/product.md#cancelling-a-proposal): owner, manager or admin (`canCancelProposal`),
 * with a required reason, from any status the client has not answered. The public link stops working (the page
 * says the proposal is no longer available; decisions and messages answer 409); the client is emailed only
 * when asked (`notifyClient`). Recorded in the audit log, which is the proposal's history.
 */
export async function cancelProposal(
  ctx: TenantContext,
  id: string,
  input: CancelProposalInput,
): Promise<Proposal> {
  const existing = await selectProposalById(ctx, id);
  if (!existing || existing.proposal.archivedAt) throw notFound();
  assertCanCancelProposal(ctx, existing.proposal.ownerId);
  await withTx(ctx, async (tx) => {
    const proposal = await selectProposalForUpdate(tx, id);
    if (!proposal) throw notFound();
    if (!isCancellable(proposal.status)) throw new AppError('CONFLICT', MESSAGES.proposalNotCancellable);
    await updateProposalById(tx, id, {
      status: 'cancelled',
      cancelledAt: new Date(),
      cancellationReason: input.reason,
    });
    let outboxId: string | null = null;
    const client = existing.client;
    // Only a client who has the link is told; a draft never reached anyone.
    const recipient = recipientOf(proposal, client);
    if (input.notifyClient && client && recipient && !isBeforeSent(proposal.status)) {
      const org = await selectOrganizationBranding(tx);
      const senderName = await selectUserFullName(tx, personOf(ctx) ?? proposal.ownerId);
      outboxId = await queueEmail(tx.db, {
        kind: 'proposal_cancelled',
        to: recipient.email,
        replyTo: existing.owner.email,
        fromName: clientSenderName(senderName, org?.name ?? ''),
        organizationId: ctx.organizationId,
        email: proposalCancelledEmail({
          ...brandOf(org),
          clientName: client.name,
          senderName,
          title: proposal.title,
          reason: input.reason,
        }),
      });
    }
    await recordAudit(tx.db, {
      organizationId: ctx.organizationId,
      actorId: personOf(ctx),
      impersonatorId: ctx.impersonatorId ?? null,
      action: 'proposal.cancelled',
      entity: 'proposal',
      entityId: id,
      metadata: { from: proposal.status, reason: input.reason, notifyClient: input.notifyClient, outboxId },
    });
    await enqueueProposalEvent(tx.db, ctx.organizationId, id, 'proposal.cancelled');
  });
  const saved = await selectProposalById(ctx, id);
  if (!saved) throw notFound();
  return toProposalDto(ctx, saved);
}
