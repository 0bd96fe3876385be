import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  applyClientChoice,
  type ChosenConfiguration,
  type ClientChoice,
  completeChoice,
  defaultChoice,
  validateChoice,
} from '@aceite/shared/client-choice';
import { contentSha256, type ShownContent, shownContent } from '@aceite/shared/content-hash';
import { MESSAGES } from '@aceite/shared/messages';
import { type PrivacyNotice, privacyNotice } from '@aceite/shared/privacy-notice';
import { isBeforeSent, isActionable as isOpenToAnswer } from '@aceite/shared/proposal-status';
import { describeRejection, type RejectionReasonCode } from '@aceite/shared/rejection-reasons';
import type { ClientMessageInput, PublicProposalMessage } from '@aceite/shared/schemas/proposal-messages';
import { completeContent } from '@aceite/shared/schemas/proposals';
import type { AnswerCodeSent, PublicProposal, RecordedView } from '@aceite/shared/schemas/public-proposals';
import {
  ANSWER_CODE_MAX_ATTEMPTS,
  ANSWER_CODE_TTL_MINUTES,
  MAX_SIGNATURE_BYTES,
  MAX_SIGNATURE_HEIGHT,
  MAX_SIGNATURE_WIDTH,
} from '@aceite/shared/schemas/public-proposals';
import { readingRetentionMonths, requiresAnswerCode } from '@aceite/shared/schemas/users';
import { computeTotals } from '@aceite/shared/totals';
import type { Db } from '@/db/client.ts';
import type { AnswerVerificationRecord, proposals } from '@/db/schema/index.ts';
import { AppError, fieldError } from '@/lib/app-error.ts';
import { brandOf } from '@/lib/branding.ts';
import { maskEmail } from '@/lib/mask-email.ts';
import { truncateIp } from '@/lib/truncate-ip.ts';
import { isBot } from '@/lib/user-agent.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import { queueEmail } from '@/modules/email/email.service.ts';
import {
  answerCodeEmail,
  clientMessageEmail,
  proposalRejectedEmail,
} from '@/modules/email/email.templates.ts';
import { appendEvent } from '@/modules/evidence/evidence.service.ts';
import { notify } from '@/modules/notifications/notifications.service.ts';
import {
  clientMessageText,
  proposalAnsweredText,
  proposalViewedText,
} from '@/modules/notifications/notifications.texts.ts';
import { type ProposalPdf, renderShownProposalPdf } from '@/modules/proposal-pdf/proposal-pdf.service.ts';
import { type LoadedProposal, loadShownProposal } from '@/modules/proposal-projections/shown-proposal.ts';
import { assertClientMayDecide, linkAwaitsApproval } from '@/modules/proposals/approvals.service.ts';
import { queueSeal } from '@/modules/sealed-documents/sealed-documents.service.ts';
import { enqueueProposalEvent } from '@/modules/webhooks/proposal-events.ts';
import { enqueueEvent } from '@/modules/webhooks/webhooks.service.ts';
import {
  countAnswerCodeAttempt,
  countRecentAnswerCodes,
  countRecentClientMessages,
  decideByToken,
  expireOverdue,
  incrementViewCount,
  insertAnswerCode,
  insertClientMessage,
  lockAnswerCodes,
  lockProposalForMessage,
  markUnderNegotiation,
  markViewed,
  selectAnswerRecipient,
  selectNewestAnswerCode,
  selectPageStamp,
  selectPublicMessages,
  storeClientChoice,
  useAnswerCode,
} from './public-proposals.queries.ts';

type Found = LoadedProposal;

/** The proposal behind a link, by its token alone (the public page's one unscoped read). */
const selectByToken = (db: Db, token: string) => loadShownProposal({ db }, { token });
type ProposalRow = typeof proposals.$inferSelect;

export interface PublicRequestMeta {
  ip: string;
  userAgent?: string;
  /** The signed-in caller's organization, when the page is opened from inside the app. */
  viewerOrganizationId?: string | null;
  /** The caller holds a superadmin's token, or an impersonation token: never the client. */
  viewerIsPlatform?: boolean;
  /** False when the page re-reads the proposal after an answer: the client is still on the same visit. */
  countView?: boolean;
}

const notFound = () => new AppError('NOT_FOUND', MESSAGES.proposalNotFound);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function isPastValidity(validUntil: string | null): boolean {
  return validUntil !== null && validUntil < new Date().toISOString().slice(0, 10);
}

function isActionable(p: ProposalRow): boolean {
  return isOpenToAnswer(p.status) && !isPastValidity(p.validUntil);
}

function toPublicDto(found: Found, messages: PublicProposalMessage[] = []): PublicProposal {
  const p = found.proposal;
  return {
    ...found.shown,
    organization: found.shownOrganization,
    viewCount: p.viewCount,
    // Approval re-opened by a change (issue 34): nothing to answer until it is approved again.
    isActionable: isActionable(p) && p.approvalReopenedAt === null,
    inReview: isActionable(p) && p.approvalReopenedAt !== null,
    signedAt: iso(p.signedAt),
    signedByName: p.signedByName,
    signedByEmail: p.signedByEmail,
    signatureData: p.signatureData,
    acceptedAt: iso(p.acceptedAt),
    rejectedAt: iso(p.rejectedAt),
    rejectionReason: p.rejectionReason,
    rejectionReasonCode: p.status === 'rejected' ? (p.rejectionReasonCode ?? 'other') : null,
    messages,
    version: p.currentVersion,
    // The recipient frozen at sending (issue 34, H2), never the client record as it is now.
    recipient: frozenRecipient(found),
    answerCode: { required: answerCodeRequired(found) },
    privacyNotice: noticeFor(found),
  };
}

/**
 * The data-protection statement from the organization's current settings: the page shows it and the decision
 * stores the same text (docs/product.md#personal-data).
 */
function noticeFor(found: Found): PrivacyNotice {
  const contact = found.organization.settings.privacyContact;
  return privacyNotice({
    organizationName: brandOf(found.organization).organizationName,
    contactName: `${found.owner.firstName} ${found.owner.lastName}`.trim(),
    contactEmail: found.owner.email,
    privacyContact: typeof contact === 'string' ? contact : null,
    readingRetentionMonths: readingRetentionMonths(found.organization.settings),
  });
}

/** The code is asked when the organization keeps it on (the default) and there is an address to send it to. */
function answerCodeRequired(found: Found): boolean {
  return requiresAnswerCode(found.organization.settings) && !!found.proposal.recipientEmail;
}

/**
 * Who the link was sent to, fixed at sending (issue 34, H2; docs/product.md#recipient): the answer codes go only
 * there, so editing the client record cannot redirect them. Changed only by 'Alterar destinatário'.
 */
function frozenRecipient(found: Found): { name: string; email: string } | null {
  const { recipientName, recipientEmail } = found.proposal;
  return recipientEmail ? { name: recipientName ?? '', email: recipientEmail } : null;
}

/**
 * SHA-256 of the canonical content the client reads (the same function the public page runs on what it
 * rendered, docs/product.md#evidence): the decision's audit row and chain event keep it.
 */
export function shownContentSha256(p: ProposalRow): Promise<string> {
  return contentSha256(boundContent(p));
}

/** The fields of the row a decision is bound to, as hashed (kept with the decision for the seal). */
function boundContent(p: ProposalRow): ShownContent {
  return shownContent({ ...p, content: completeContent(p.content) });
}

/** Where the request came from, as the evidence keeps it: the network (/24 or /48), never the full address. */
function origin(meta: PublicRequestMeta) {
  return { ip: truncateIp(meta.ip), userAgent: meta.userAgent ?? null };
}

async function findVisible(db: Db, token: string): Promise<Found> {
  await expireAndAnnounce(db, token);
  const found = await selectByToken(db, token);
  if (!found) throw notFound();
  // A cancelled proposal's link stops working (docs/product.md#cancelling-a-proposal): still 404, with words
  // the page shows instead of 'not found'.
  if (found.proposal.status === 'cancelled') throw new AppError('NOT_FOUND', MESSAGES.proposalUnavailable);
  return found;
}

/** The proposal behind the link, as its reader may see it: a link awaiting approval is its organization's only. */
async function findReadable(db: Db, token: string, meta: PublicRequestMeta): Promise<Found> {
  const found = await findVisible(db, token);
  const member = meta.viewerOrganizationId === found.proposal.organizationId;
  if (!member && linkAwaitsApproval(found.organization.settings, found.proposal, found.owner.role)) {
    throw notFound();
  }
  return found;
}

/**
 * The one rule of what counts as the client's view (docs/product.md#views): not a member of the owning
 * organization, not a re-read on the same visit (`countView: false`: after an answer, a `HEAD`, the server's
 * own render of /p/{token}), not a self-declared robot or link preview.
 */
function countsAsView(found: Found, meta: PublicRequestMeta): boolean {
  if (meta.viewerOrganizationId === found.proposal.organizationId) return false;
  return meta.countView !== false && !isBot(meta.userAgent);
}

/**
 * The client's view: counts it when `countsAsView` says so and, the first time a sent proposal is opened,
 * marks it viewed and tells the owner. With `countView: false` this is the page's read without a view: the
 * server's render of /p/{token} (docs/architecture.md, "The public page").
 */
export async function viewProposal(db: Db, token: string, meta: PublicRequestMeta): Promise<PublicProposal> {
  const found = await findReadable(db, token, meta);
  if (!countsAsView(found, meta))
    return toPublicDto(found, await selectPublicMessages(db, found.proposal.id));
  await countVisit(db, found, meta);
  const now = await findVisible(db, token);
  return toPublicDto(now, await selectPublicMessages(db, now.proposal.id));
}

/**
 * What `viewProposal` would read for this link, as one marker (docs/architecture.md, "The public page"): equal
 * markers, equal page. Today's date is part of it, as it decides whether the proposal can still be answered.
 * Null for an unknown token.
 */
export async function publicPageStamp(db: Db, token: string): Promise<string | null> {
  const stamp = await selectPageStamp(db, token);
  return stamp === null ? null : `${stamp}|${new Date().toISOString().slice(0, 10)}`;
}

/**
 * `POST /views`: the visit of a page the server rendered, counted once the browser holds it (only the browser
 * knows a member's session); the same rule and the same effects as the read that counts.
 */
export async function recordView(db: Db, token: string, meta: PublicRequestMeta): Promise<RecordedView> {
  const found = await findReadable(db, token, meta);
  if (!countsAsView(found, meta)) {
    return { viewCount: found.proposal.viewCount, status: found.proposal.status };
  }
  await countVisit(db, found, meta);
  const now = await findVisible(db, token);
  return { viewCount: now.proposal.viewCount, status: now.proposal.status };
}

async function countVisit(db: Db, found: Found, meta: PublicRequestMeta): Promise<void> {
  const p = found.proposal;
  await db.transaction(async (tx) => {
    await incrementViewCount(tx, p.id);
    await appendEvent(tx, {
      organizationId: p.organizationId,
      proposalId: p.id,
      type: 'viewed',
      payload: { ...origin(meta), version: p.currentVersion },
    });
    if (await markViewed(tx, p.id)) {
      await notify(tx, {
        organizationId: p.organizationId,
        userId: p.ownerId,
        ...proposalViewedText({ id: p.id, title: p.title, clientName: found.client?.name }),
      });
      await enqueueProposalEvent(tx, p.organizationId, p.id, 'proposal.viewed');
    }
  });
}

/**
 * The client's download through the link (docs/product.md#proposal-pdf): the page's visibility (unknown or cancelled → 404,
 * expired still readable), no view counted, and the client's download recorded in the audit log. A member of
 * the owning organization or a platform account opening the link is not the client: nothing is recorded.
 */
export async function getPublicProposalPdf(
  db: Db,
  token: string,
  meta: PublicRequestMeta,
): Promise<ProposalPdf> {
  const found = await findVisible(db, token);
  const p = found.proposal;
  if (!meta.viewerIsPlatform && meta.viewerOrganizationId !== p.organizationId) {
    const sha256 = await shownContentSha256(p);
    await db.transaction(async (tx) => {
      await recordAudit(tx, {
        organizationId: p.organizationId,
        action: 'proposal.public_pdf_downloaded',
        entity: 'proposal',
        entityId: p.id,
        ip: meta.ip,
        metadata: { userAgent: meta.userAgent ?? null, contentSha256: sha256 },
      });
      // A link of the evidence chain too (docs/product.md#evidence): the client took the document away.
      await appendEvent(tx, {
        organizationId: p.organizationId,
        proposalId: p.id,
        type: 'pdf_downloaded',
        payload: { ...origin(meta), version: p.currentVersion, contentSha256: sha256 },
      });
    });
  }
  return renderShownProposalPdf(found);
}

/**
 * Why an action found nothing to change: unknown → 404, expired → 409, never sent → 409, answered → 409.
 */
async function refusal(db: Db, token: string): Promise<AppError> {
  const found = await selectByToken(db, token);
  if (!found) return notFound();
  // Cancelled by the team: the link is known, the answer is refused (docs/product.md#cancelling-a-proposal).
  if (found.proposal.status === 'cancelled') return new AppError('CONFLICT', MESSAGES.proposalUnavailable);
  if (found.proposal.status === 'expired' || isPastValidity(found.proposal.validUntil)) {
    return new AppError('CONFLICT', MESSAGES.proposalExpired);
  }
  if (isBeforeSent(found.proposal.status)) return new AppError('CONFLICT', MESSAGES.proposalNotSent);
  return new AppError('CONFLICT', MESSAGES.alreadyAnswered);
}

/**
 * The decision is the client's alone (issue 20): a token of the owning organization's members (viewers
 * included), of a superadmin or of an impersonation is refused before anything changes. A member of another
 * organization may well be the client, so their token is no obstacle.
 */
async function assertClientCaller(db: Db, token: string, meta: PublicRequestMeta): Promise<void> {
  if (meta.viewerIsPlatform) throw new AppError('FORBIDDEN', MESSAGES.publicDecisionMembersOnly);
  if (!meta.viewerOrganizationId) return;
  const found = await selectByToken(db, token);
  if (found && found.proposal.organizationId === meta.viewerOrganizationId) {
    throw new AppError('FORBIDDEN', MESSAGES.publicDecisionMembersOnly);
  }
}

/** How requests for the client's email code are limited (configurable, docs/decisions.md, issue 20). */
export interface AnswerCodeLimits {
  /** Seconds before another code may be sent for the same proposal. */
  resendAfterSeconds: number;
  perProposalPerHour: number;
  /** Codes to one address per hour, from every proposal together. */
  perRecipientPerHour: number;
}

export interface AnswerCodeOptions {
  /** Key of the codes' HMAC (derived from the server's secret). */
  key: Buffer;
  limits: AnswerCodeLimits;
}

/** The code's HMAC key, derived from the server secret so it is never the JWT key itself. */
export function answerCodeKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('aceite:answer-code').digest();
}

function hashCode(key: Buffer, proposalId: string, code: string): string {
  return createHmac('sha256', key).update(`${proposalId}:${code}`).digest('hex');
}

const codeError = (message: string) =>
  new AppError('VALIDATION_ERROR', message, [{ field: 'code', message }]);

/**
 * Emails the client a 6-digit one-time code (crypto-random, valid ANSWER_CODE_TTL_MINUTES, kept as a keyed
 * hash) to prove they control the proposal's email before answering (issue 20). The sending is written to the
 * audit log with the masked address and the outbox message.
 */
export async function requestAnswerCode(
  db: Db,
  token: string,
  meta: PublicRequestMeta,
  options: AnswerCodeOptions,
): Promise<AnswerCodeSent> {
  await assertClientCaller(db, token, meta);
  await expireAndAnnounce(db, token);
  const found = await selectByToken(db, token);
  if (!found || !isActionable(found.proposal) || found.proposal.status === 'cancelled') {
    throw await refusal(db, token);
  }
  // A code for an answer the client cannot give yet (a change waits for approval) would only mislead.
  assertClientMayDecide(found.proposal);
  const to = found.proposal.recipientEmail;
  if (!to || !requiresAnswerCode(found.organization.settings)) {
    throw new AppError('CONFLICT', MESSAGES.answerCodeNotNeeded);
  }
  const p = found.proposal;
  const { limits } = options;
  return db.transaction(async (tx) => {
    await lockAnswerCodes(tx, p.id);
    const recent = await countRecentAnswerCodes(tx, p.id, to);
    if (recent.newestAt && Date.now() - recent.newestAt.getTime() < limits.resendAfterSeconds * 1000) {
      throw new AppError('RATE_LIMITED', MESSAGES.answerCodeWait);
    }
    if (recent.byProposal >= limits.perProposalPerHour) {
      throw new AppError('RATE_LIMITED', MESSAGES.answerCodeHourLimit);
    }
    if (recent.byRecipient >= limits.perRecipientPerHour) {
      throw new AppError('RATE_LIMITED', MESSAGES.answerCodeRecipientLimit);
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = new Date();
    const expiresAt = new Date(now.getTime() + ANSWER_CODE_TTL_MINUTES * 60_000);
    const maskedEmail = maskEmail(to);
    const outboxId = await queueEmail(tx, {
      kind: 'answer_code',
      to,
      organizationId: p.organizationId,
      email: answerCodeEmail({
        organizationName: found.organization.name,
        primaryColor: found.organization.branding.primaryColor ?? '#007bff',
        logo: found.organization.branding.logo ?? null,
        title: p.title,
        code,
        minutes: ANSWER_CODE_TTL_MINUTES,
      }),
    });
    await insertAnswerCode(tx, {
      organizationId: p.organizationId,
      proposalId: p.id,
      codeHash: hashCode(options.key, p.id, code),
      maskedEmail,
      email: to,
      outboxId,
      expiresAt,
      createdAt: now,
    });
    await recordAudit(tx, {
      organizationId: p.organizationId,
      action: 'proposal.public_code_sent',
      entity: 'proposal',
      entityId: p.id,
      ip: meta.ip,
      metadata: {
        userAgent: meta.userAgent ?? null,
        maskedEmail,
        // The full address the code went to (issue 34, H2): evidence; screens show the masked one.
        email: to,
        outboxId,
        expiresAt: expiresAt.toISOString(),
      },
    });
    await appendEvent(tx, {
      organizationId: p.organizationId,
      proposalId: p.id,
      type: 'code_sent',
      occurredAt: now,
      payload: { maskedEmail, outboxId, expiresAt: expiresAt.toISOString(), ...origin(meta) },
    });
    return {
      maskedEmail,
      expiresAt: expiresAt.toISOString(),
      resendAvailableAt: new Date(now.getTime() + limits.resendAfterSeconds * 1000).toISOString(),
    };
  });
}

/**
 * What the page says it showed when the client decided: the version and the SHA-256 of its canonical content,
 * both required (docs/product.md#content-binding).
 */
export interface ShownVersion {
  version: number;
  contentSha256: string;
  /** The optional items and quantities chosen (accept and sign); absent: the default choice. */
  choice?: ClientChoice;
}

/**
 * The client's configuration from the proposal's items: the choice checked with the shared function (400 with
 * its Portuguese message when out of bounds) and the totals recomputed on the chosen items
 * (docs/product.md#client-choice).
 */
export function chosenConfiguration(p: ProposalRow, given: ClientChoice | undefined): ChosenConfiguration {
  const items = completeContent(p.content).items;
  const problem = given ? validateChoice(items, given)[0] : undefined;
  if (problem)
    throw fieldError(problem.index === null ? 'choice' : `choice.items.${problem.index}`, problem.message);
  const choice = completeChoice(items, given ?? defaultChoice(items));
  const chosen = applyClientChoice(
    items.map((item, index) => ({ ...item, index })),
    choice,
  );
  const totals = computeTotals({
    items: chosen,
    discountType: p.discountType,
    discountValue: p.discountValue,
    taxRate: p.taxRate,
  });
  return {
    choice,
    items: chosen.map((item) => ({
      index: item.index,
      name: item.name,
      quantity: item.quantity,
      unit: item.unit,
      unitPrice: item.unitPrice,
      discount: item.discount,
      tax: item.tax,
    })),
    ...totals,
  };
}

/** The code sent with an answer, and the key to check it with. */
export interface AnswerCodeCheck {
  code: string | undefined;
  key: Buffer;
}

interface VerifiedAnswer {
  /** What the proposal and the audit row record about the verification. */
  record: AnswerVerificationRecord;
  /** The code to use up in the answer's transaction, when one was checked. */
  codeId?: string;
  usedAt: Date;
}

/**
 * Checks the client's code when one is required. Each try takes one of the code's attempts first (one atomic
 * update), so parallel guesses cannot get more than ANSWER_CODE_MAX_ATTEMPTS between them.
 */
async function verifyAnswerCode(db: Db, found: Found, check: AnswerCodeCheck): Promise<VerifiedAnswer> {
  const usedAt = new Date();
  if (!requiresAnswerCode(found.organization.settings)) {
    return { record: { method: 'none', reason: 'disabled' }, usedAt };
  }
  // No address to prove: the answer goes ahead and the evidence says no verification was possible.
  const recipient = found.proposal.recipientEmail;
  if (!recipient) return { record: { method: 'none', reason: 'no_client_email' }, usedAt };
  if (!check.code) throw codeError(MESSAGES.answerCodeRequired);
  const newest = await selectNewestAnswerCode(db, found.proposal.id);
  // A code sent to a previous recipient proves nothing about the current one (issue 34, H2).
  if (!newest || newest.email !== recipient) throw codeError(MESSAGES.answerCodeNotRequested);
  if (newest.usedAt || newest.expiresAt.getTime() <= usedAt.getTime()) {
    throw codeError(MESSAGES.answerCodeExpired);
  }
  const attempt = await countAnswerCodeAttempt(db, newest.id, ANSWER_CODE_MAX_ATTEMPTS);
  if (attempt === null) throw codeError(MESSAGES.answerCodeTooManyAttempts);
  const expected = Buffer.from(newest.codeHash, 'hex');
  const given = Buffer.from(hashCode(check.key, found.proposal.id, check.code), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw codeError(
      attempt >= ANSWER_CODE_MAX_ATTEMPTS ? MESSAGES.answerCodeTooManyAttempts : MESSAGES.answerCodeWrong,
    );
  }
  return {
    record: {
      method: 'email_code',
      maskedEmail: newest.maskedEmail,
      email: recipient,
      sentAt: newest.createdAt.toISOString(),
      usedAt: usedAt.toISOString(),
      outboxId: newest.outboxId,
    },
    codeId: newest.id,
    usedAt,
  };
}

/** The reason as the notification words it; long reasons are cut (the detail page shows them whole). */
/** The client's reason as the owner reads it: the chosen label and the text (docs/product.md#rejection-reasons). */
function reasonWithCode(row: ProposalRow): string | null {
  return describeRejection(row.rejectionReasonCode, row.rejectionReason);
}

/** Tells the owner by email that the client rejected, with the reason (in the answer's transaction). */
async function emailRejection(db: Db, row: typeof proposals.$inferSelect, appUrl: string): Promise<void> {
  const recipient = await selectAnswerRecipient(db, row.id);
  if (!recipient?.isActive) return;
  await queueEmail(db, {
    kind: 'proposal_answer',
    to: recipient.email,
    organizationId: row.organizationId,
    email: proposalRejectedEmail({
      ...brandOf({ name: recipient.organizationName, branding: recipient.branding }),
      firstName: recipient.firstName,
      title: row.title,
      clientName: recipient.clientName,
      reason: reasonWithCode(row),
      link: `${appUrl}/proposals/${row.id}`,
    }),
  });
}

async function decide(
  db: Db,
  token: string,
  meta: PublicRequestMeta,
  code: AnswerCodeCheck,
  shown: ShownVersion,
  action: 'accepted' | 'rejected' | 'signed',
  values: Partial<typeof proposals.$inferInsert>,
  extra: Record<string, unknown> = {},
  /** What the chain event adds (never the signer's name or email in clear: docs/decisions.md, evidence). */
  evidenceExtra: Record<string, unknown> = {},
  /** More work inside the answer's transaction (the rejection's email to the owner). */
  after?: (tx: Db, row: typeof proposals.$inferSelect) => Promise<void>,
): Promise<void> {
  await assertClientCaller(db, token, meta);
  await expireAndAnnounce(db, token);
  // A proposal that cannot be answered says so (404/409) before any code is asked for or tried.
  const found = await selectByToken(db, token);
  if (!found || !isActionable(found.proposal) || found.proposal.status === 'cancelled') {
    throw await refusal(db, token);
  }
  // In review (issue 34): refused before the code is tried, and again on the locked row below.
  assertClientMayDecide(found.proposal);
  // An impossible choice is refused before the code is tried (it would cost the client an attempt).
  if (action !== 'rejected') chosenConfiguration(found.proposal, shown.choice);
  const verified = await verifyAnswerCode(db, found, code).catch(async (error: unknown) => {
    // Answered meanwhile (another tab, a concurrent answer that used the code): that is the news, not the code.
    const now = await selectByToken(db, token);
    if (!now || !isActionable(now.proposal)) throw await refusal(db, token);
    throw error;
  });
  const decided = await db.transaction(async (tx) => {
    const row = await decideByToken(tx, token, { ...values, answerVerification: verified.record });
    if (!row) return null;
    assertClientMayDecide(row);
    // The row is locked by the update: the content hashed here is the content decided on. A page showing an
    // older version or other content is refused and the whole answer rolled back (docs/product.md#evidence).
    const sha256 = await shownContentSha256(row);
    if (shown.version !== row.currentVersion || shown.contentSha256 !== sha256) {
      throw new AppError('CONFLICT', MESSAGES.proposalChanged);
    }
    // The choice is priced on the content decided on, and kept with the decision (docs/product.md#client-choice).
    const configuration = action === 'rejected' ? null : chosenConfiguration(row, shown.choice);
    if (configuration) await storeClientChoice(tx, token, configuration);
    // Used inside the answer's transaction: a refused answer leaves the code unused, a used one is refused.
    if (verified.codeId && !(await useAnswerCode(tx, verified.codeId, verified.usedAt))) {
      throw codeError(MESSAGES.answerCodeExpired);
    }
    const chain = { organizationId: row.organizationId, proposalId: row.id };
    if (verified.record.method === 'email_code') {
      await appendEvent(tx, {
        ...chain,
        type: 'code_used',
        occurredAt: verified.usedAt,
        payload: { maskedEmail: verified.record.maskedEmail, outboxId: verified.record.outboxId },
      });
    }
    await appendEvent(tx, {
      ...chain,
      type: action,
      payload: {
        version: row.currentVersion,
        contentSha256: sha256,
        ...origin(meta),
        verification: verified.record.method === 'email_code' ? 'email_code' : verified.record.reason,
        // What exactly was accepted: separate from the content's hash, which stays that of the published content.
        ...(configuration && { clientChoice: configuration }),
        ...evidenceExtra,
      },
    });
    await recordAudit(tx, {
      organizationId: row.organizationId,
      action: `proposal.public_${action}`,
      entity: 'proposal',
      entityId: row.id,
      ip: meta.ip,
      metadata: {
        userAgent: meta.userAgent ?? null,
        contentSha256: sha256,
        version: row.currentVersion,
        // What the client decided on, field for field: the sealed PDF is rendered from it after checking it
        // against contentSha256 (docs/product.md#sealed-certificate), never from the live row.
        shownContent: boundContent(row),
        answerVerification: verified.record,
        // The statement the page showed about the client's data, as the current settings word it.
        privacyNotice: noticeFor(found).text,
        ...(configuration && { clientChoice: configuration }),
        ...extra,
      },
    });
    await notify(tx, {
      organizationId: row.organizationId,
      userId: row.ownerId,
      ...proposalAnsweredText(action, {
        id: row.id,
        title: row.title,
        signerName: extra.signerName == null ? null : String(extra.signerName),
        rejectionReason: action === 'rejected' ? reasonWithCode(row) : null,
      }),
    });
    await after?.(tx, row);
    // The sealed PDF is produced once, after this commits (docs/product.md#sealed-certificate).
    if (action !== 'rejected') await queueSeal(tx, row);
    // A signature also accepts (docs/product.md#signature): the receiver hears both.
    if (action === 'signed') await enqueueProposalEvent(tx, row.organizationId, row.id, 'proposal.accepted');
    await enqueueProposalEvent(tx, row.organizationId, row.id, `proposal.${action}`);
    return row;
  });
  if (!decided) throw await refusal(db, token);
}

export async function acceptProposal(
  db: Db,
  token: string,
  meta: PublicRequestMeta,
  code: AnswerCodeCheck,
  shown: ShownVersion,
): Promise<void> {
  await decide(db, token, meta, code, shown, 'accepted', { status: 'accepted', acceptedAt: new Date() });
}

export async function rejectProposal(
  db: Db,
  token: string,
  reason: string | null,
  meta: PublicRequestMeta,
  code: AnswerCodeCheck,
  appUrl: string,
  reasonCode: RejectionReasonCode,
  shown: ShownVersion,
): Promise<void> {
  await decide(
    db,
    token,
    meta,
    code,
    shown,
    'rejected',
    { status: 'rejected', rejectedAt: new Date(), rejectionReason: reason, rejectionReasonCode: reasonCode },
    { reason, reasonCode },
    // The chain's rejected event carries the code (docs/product.md#rejection-reasons).
    { reason, reasonCode },
    (tx, row) => emailRejection(tx, row, appUrl),
  );
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A data URL whose bytes really are a PNG of at most 1 MB. */
export function assertPngDataUrl(dataUrl: string): void {
  const base64 = dataUrl.slice('data:image/png;base64,'.length);
  const invalid = () => fieldError('signatureData', MESSAGES.signatureInvalid);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw invalid();
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_SIGNATURE_BYTES) {
    throw fieldError('signatureData', MESSAGES.signatureTooLarge, 'PAYLOAD_TOO_LARGE');
  }
  if (bytes.length < 67 || !bytes.subarray(0, 8).equals(PNG_MAGIC)) throw invalid();
  // The first chunk of a PNG is IHDR, whose first fields are the width and the height.
  if (bytes.subarray(12, 16).toString('latin1') !== 'IHDR') throw invalid();
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width < 1 || height < 1 || width > MAX_SIGNATURE_WIDTH || height > MAX_SIGNATURE_HEIGHT) {
    throw fieldError('signatureData', MESSAGES.signatureDimensions);
  }
}

/** Signing also accepts the proposal (docs/product.md#signature): status accepted, acceptedAt = signedAt. */
export async function signProposal(
  db: Db,
  token: string,
  input: { signerName: string; signerEmail: string; signatureData: string },
  meta: PublicRequestMeta,
  code: AnswerCodeCheck,
  shown: ShownVersion,
): Promise<void> {
  assertPngDataUrl(input.signatureData);
  const now = new Date();
  await decide(
    db,
    token,
    meta,
    code,
    shown,
    'signed',
    {
      status: 'accepted',
      acceptedAt: now,
      signedAt: now,
      signedByName: input.signerName,
      signedByEmail: input.signerEmail,
      signatureData: input.signatureData,
    },
    { signerName: input.signerName, signerEmail: input.signerEmail },
    {
      // The signer and the drawing, bound to the chain without putting personal data in an append-only row.
      signerSha256: createHash('sha256').update(`${input.signerName}\n${input.signerEmail}`).digest('hex'),
      signatureSha256: createHash('sha256').update(input.signatureData).digest('hex'),
    },
  );
}

/** The periodic sweep: every overdue sent, viewed or negotiating proposal becomes expired. */
export async function expireOverdueProposals(db: Db): Promise<number> {
  return expireAndAnnounce(db);
}

/** Expires what is overdue (one proposal, or all) with its proposal.expired events, in one transaction. */
async function expireAndAnnounce(db: Db, token?: string): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await expireOverdue(tx, token);
    for (const p of expired) await enqueueProposalEvent(tx, p.organizationId, p.id, 'proposal.expired');
    return expired.length;
  });
}

/** How the client's messages are limited (docs/decisions.md, "Issue 24 — client questions, cancellation and rejection reasons"). */
export interface ClientMessageLimits {
  perProposalPerHour: number;
  /** From one network (/24 or /48), over every proposal. */
  perIpPerHour: number;
}

/**
 * The client's question or request for changes from the public page
 * (docs/product.md#client-questions-and-change-requests): only while the proposal can still be answered
 * (answered, expired or cancelled → 409), never from a member's preview (403), limited per proposal and per
 * network (429). A change request moves a sent or opened proposal to under_negotiation. The owner is notified
 * and emailed.
 */
export async function postClientMessage(
  db: Db,
  token: string,
  input: ClientMessageInput,
  meta: PublicRequestMeta,
  appUrl: string,
  limits: ClientMessageLimits,
): Promise<PublicProposalMessage[]> {
  await assertClientCaller(db, token, meta);
  await expireAndAnnounce(db, token);
  const found = await selectByToken(db, token);
  if (!found || !isActionable(found.proposal) || found.proposal.status === 'cancelled') {
    throw await refusal(db, token);
  }
  const p = found.proposal;
  const ip = truncateIp(meta.ip) ?? meta.ip;
  await db.transaction(async (tx) => {
    await lockProposalForMessage(tx, p.id);
    const recent = await countRecentClientMessages(tx, p.id, ip);
    if (recent.byProposal >= limits.perProposalPerHour || recent.byIp >= limits.perIpPerHour) {
      throw new AppError('RATE_LIMITED', MESSAGES.clientMessageLimit);
    }
    const saved = await insertClientMessage(tx, {
      organizationId: p.organizationId,
      proposalId: p.id,
      kind: input.kind,
      authorName: input.name,
      authorEmail: input.email,
      body: input.message,
      ip,
    });
    const moved = input.kind === 'change_request' && (await markUnderNegotiation(tx, p.id));
    // The message as the team lists it (GET /proposals/{id}/messages), with its proposal (docs/integrations.md#events).
    await enqueueEvent(tx, {
      organizationId: p.organizationId,
      type: 'client_message.created',
      data: {
        id: saved.id,
        kind: saved.kind,
        authorName: saved.authorName,
        authorEmail: saved.authorEmail,
        userId: saved.userId,
        message: saved.body,
        createdAt: saved.createdAt.toISOString(),
        proposalId: p.id,
      },
      orderingKey: p.id,
    });
    await recordAudit(tx, {
      organizationId: p.organizationId,
      action: `proposal.public_${input.kind}`,
      entity: 'proposal',
      entityId: p.id,
      ip: meta.ip,
      metadata: { userAgent: meta.userAgent ?? null, ...(moved ? { status: 'under_negotiation' } : {}) },
    });
    await notify(tx, {
      organizationId: p.organizationId,
      userId: p.ownerId,
      ...clientMessageText({ id: p.id, title: p.title, kind: input.kind, senderName: input.name }),
    });
    const recipient = await selectAnswerRecipient(tx, p.id);
    // Anyone with the link may type any address: replies go straight to it only when it is the one the link
    // was sent to (issue 34, L6); otherwise the team answers in the app, where the client reads it.
    const senderIsRecipient =
      !!p.recipientEmail && p.recipientEmail.toLowerCase() === input.email.toLowerCase();
    if (recipient?.isActive) {
      await queueEmail(tx, {
        kind: 'client_message',
        to: recipient.email,
        replyTo: senderIsRecipient ? input.email : null,
        organizationId: p.organizationId,
        email: clientMessageEmail({
          ...brandOf({ name: recipient.organizationName, branding: recipient.branding }),
          firstName: recipient.firstName,
          title: p.title,
          kind: input.kind,
          senderName: input.name,
          senderEmail: input.email,
          senderIsRecipient,
          message: input.message,
          link: `${appUrl}/proposals/${p.id}`,
        }),
      });
    }
  });
  return selectPublicMessages(db, p.id);
}
