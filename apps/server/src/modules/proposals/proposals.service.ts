import { agreedTotal } from '@aceite/shared/agreed';
import { defaultItems } from '@aceite/shared/client-choice';
import { MESSAGES } from '@aceite/shared/messages';
import { can, mayApprove } from '@aceite/shared/permissions';
import { hasClientAnswered, isProposalStatus, PROPOSAL_STATUSES } from '@aceite/shared/proposal-status';
import { API_KEY_MESSAGES } from '@aceite/shared/schemas/api-keys';
import {
  FORM_STATUSES,
  type Proposal,
  type ProposalInputSchema,
  type ProposalSort,
  type ProposalStats,
  type ProposalStatus,
  type ProposalSummary,
} from '@aceite/shared/schemas/proposals';
import { SEPA_MESSAGES } from '@aceite/shared/sepa/messages';
import { computeTotals } from '@aceite/shared/totals';
import type { z } from 'zod';
import { assertCan, assertCanAssignProposal, assertCanDeleteProposal } from '@/lib/access.ts';
import { AppError, fieldError } from '@/lib/app-error.ts';
import { assertPlanFeature, assertWithinPlan } from '@/lib/entitlements.ts';
import { type Pagination, toPagination } from '@/lib/pagination.ts';
import type { FileStorage } from '@/lib/storage.ts';
import type { TenantContext } from '@/lib/tenant-scope.ts';
import { systemActor, withTx } from '@/lib/tenant-scope.ts';
import { newOpaqueToken } from '@/lib/tokens.ts';
import {
  approvalHashOf,
  type approvalLapses,
  assertApprovedToSend,
  assertMayApproveProposal,
  awaitingMyApprovalFilter,
  organizationSettings,
  recordFormApproval,
} from '@/modules/approvals/approvals.service.ts';
import { deleteStoredFiles, storageKeysOf } from '@/modules/attachments/attachments.service.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import { notify } from '@/modules/notifications/notifications.service.ts';
import { proposalAssignedText } from '@/modules/notifications/notifications.texts.ts';
import { toProposalDto } from '@/modules/proposal-projections/proposal-dto.ts';
import { sepaColumnsOf, sepaTermsOf } from '@/modules/proposal-projections/sepa-terms.ts';
import { enqueueEvent } from '@/modules/webhooks/webhooks.service.ts';
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
  selectProposalById,
  selectProposals,
  selectReferences,
  sepaCreditorSaved,
  updateProposalById,
} from './proposals.queries.ts';
export type ProposalInput = z.output<typeof ProposalInputSchema>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const notFound = () => new AppError('NOT_FOUND', MESSAGES.proposalNotFound);

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
 * The form offers draft, in_review, approved and sent; approved only to managers and admins. Keeping the
 * current status (whatever it is) is always allowed, so editing a viewed proposal does not reset it.
 */
export function assertStatusAllowed(
  ctx: TenantContext,
  next: ProposalStatus,
  current?: ProposalStatus,
): void {
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
export async function assertApprovalOfFormStatus(
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
export async function resolveReferences(
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
export function toValues(input: ProposalInput) {
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
    // Absent keeps the proposal's SEPA terms (a partial PUT); null turns them off.
    ...(input.sepa === undefined ? {} : sepaColumnsOf(input.sepa)),
  };
}

/**
 * "Pagamento por Débito Direto SEPA" turned on or changed (docs/product.md#the-schedule-in-the-proposal): the
 * plan must include it (403 PLAN_LIMIT) and the organization must have saved its creditor, whom the mandate
 * names. Terms kept as they are need neither (a downgraded plan still edits the rest of the proposal).
 */
export async function assertSepaAllowed(
  ctx: TenantContext,
  input: ProposalInput,
  current?: Parameters<typeof sepaTermsOf>[0],
): Promise<void> {
  if (!input.sepa) return;
  const before = current ? sepaTermsOf(current) : null;
  if (
    before &&
    before.pattern === input.sepa.pattern &&
    before.instalments === input.sepa.instalments &&
    before.firstCollectionDate === input.sepa.firstCollectionDate
  )
    return;
  await assertPlanFeature(ctx, 'sepa');
  if (!(await sepaCreditorSaved(ctx))) throw fieldError('sepa', SEPA_MESSAGES.sepaCreditorMissing);
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
  const approves = mayApprove(ctx);
  const [counts, awaitingMyApproval] = await Promise.all([
    countProposalsByStatus(ctx),
    approves ? awaitingMyApprovalFilter(ctx).then((only) => countProposals(ctx, only)) : 0,
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
  await assertSepaAllowed(ctx, input);
  await assertApprovalOfFormStatus(ctx, status, undefined, { ...toValues(input), ownerId: owner.id });
  return withTx(ctx, async (tx) => {
    // The plan's proposals per month (docs/product.md#plans), counted under the organization's lock.
    await assertWithinPlan(tx, 'proposalsPerMonth');
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
    const data = toProposalDto(systemActor(tx.db, tx.organizationId), { proposal: row, client, owner });
    const event = { organizationId: ctx.organizationId, data, orderingKey: row.id };
    await enqueueEvent(tx.db, { ...event, type: 'proposal.created' });
    if (row.status === 'sent') await enqueueEvent(tx.db, { ...event, type: 'proposal.sent' });
    return toProposalDto(ctx, { proposal: row, client, owner });
  });
}

/** The form's 'Aprovada' approves the content saved, recorded with its hash (issue 34). */
export async function recordFormApprovalOf<T extends ProposalRow>(tx: TenantContext, row: T): Promise<T> {
  const sha256 = await approvalHashOf(row);
  await recordFormApproval(tx, row.id, sha256);
  await updateProposalById(tx, row.id, { approvedContentSha256: sha256 });
  return { ...row, approvedContentSha256: sha256 };
}

/** The new owner of a handed-over proposal is told (docs/product.md#notifications). */
export async function notifyAssigned(
  ctx: TenantContext,
  id: string,
  title: string,
  ownerId: string,
): Promise<void> {
  await notify(ctx.db, {
    organizationId: ctx.organizationId,
    userId: ownerId,
    ...proposalAssignedText({ id, title }),
  });
}

/** Deletes the proposal with its versions, comments and attachments, files included. */
export async function deleteProposal(ctx: TenantContext, storage: FileStorage, id: string): Promise<void> {
  const existing = await selectProposalById(ctx, id);
  if (!existing || existing.proposal.archivedAt) throw notFound();
  // A client's answer is evidence (issue 20): only an admin may remove such a proposal, and then it is
  // archived, never deleted, with an audit record.
  // The client answered (accepted, signed or rejected): the proposal is evidence from then on.
  const answered = hasClientAnswered(existing.proposal);
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
