import { contentSha256, type ShownContent, shownContent } from '@aceite/shared/content-hash';
import { MESSAGES } from '@aceite/shared/messages';
import { type PrivacyNotice, privacyNotice } from '@aceite/shared/privacy-notice';
import {
  isBeforeSent,
  isClosedToClient,
  isOpenToAnswer,
  isPastValidity,
} from '@aceite/shared/proposal-status';
import { readingRetentionMonths, requiresAnswerCode } from '@aceite/shared/schemas/organization-settings';
import type { PublicProposalMessage } from '@aceite/shared/schemas/proposal-messages';
import { completeContent } from '@aceite/shared/schemas/proposals';
import type { PublicProposal, RecordedView, SignedMandate } from '@aceite/shared/schemas/public-proposals';
import type { Db } from '@/db/client.ts';
import type { proposals } from '@/db/schema/index.ts';
import { AppError } from '@/lib/app-error.ts';
import { brandOf } from '@/lib/branding.ts';
import { truncateIp } from '@/lib/truncate-ip.ts';
import { isBot } from '@/lib/user-agent.ts';
import { organizationToday } from '@/lib/validity.ts';
import { linkAwaitsApproval } from '@/modules/approvals/approvals.service.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import { whiteLabelOf } from '@/modules/custom-domains/white-label.ts';
import { appendEvent } from '@/modules/evidence/evidence.service.ts';
import { notify } from '@/modules/notifications/notifications.service.ts';
import { proposalViewedText } from '@/modules/notifications/notifications.texts.ts';
import {
  type ProposalPdf,
  type RenderPdf,
  renderShownProposalPdf,
} from '@/modules/proposal-pdf/proposal-pdf.service.ts';
import { sepaTermsOf } from '@/modules/proposal-projections/sepa-terms.ts';
import { type LoadedProposal, loadShownProposal } from '@/modules/proposal-projections/shown-proposal.ts';
import { selectSignedMandate } from '@/modules/sepa/sepa-mandates.ts';
import { enqueueProposalEvent } from '@/modules/webhooks/proposal-events.ts';
import {
  expireOverdue,
  incrementViewCount,
  markViewed,
  selectPageStamp,
  selectPublicMessages,
} from './public-proposals.queries.ts';
export type Found = LoadedProposal;

/** The proposal behind a link, by its token alone (the public page's one unscoped read). */
export const selectByToken = (db: Db, token: string) => loadShownProposal({ db }, { token });

export type ProposalRow = typeof proposals.$inferSelect;

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

/** Today in the organization's calendar (docs/product.md#validity-and-expiry). */
const todayOf = (found: Found) => organizationToday(found.organization.timezone);

/** The client can still answer: an open status, not past the validity date in the organization's calendar. */
export function isAnswerable(found: Found): boolean {
  return isOpenToAnswer(found.proposal, todayOf(found));
}

function toPublicDto(
  found: Found,
  messages: PublicProposalMessage[] = [],
  mandate: SignedMandate | null = null,
  whiteLabel = false,
): PublicProposal {
  const p = found.proposal;
  return {
    ...found.shown,
    organization: found.shownOrganization,
    whiteLabel,
    viewCount: p.viewCount,
    // Approval re-opened by a change (issue 34): nothing to answer until it is approved again.
    isActionable: isAnswerable(found) && p.approvalReopenedAt === null,
    inReview: isAnswerable(found) && p.approvalReopenedAt !== null,
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
    mandate,
  };
}

/**
 * The data-protection statement from the organization's current settings: the page shows it and the decision
 * stores the same text (docs/product.md#personal-data).
 */
export function noticeFor(found: Found): PrivacyNotice {
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
export function boundContent(p: ProposalRow): ShownContent {
  return shownContent({ ...p, content: completeContent(p.content), sepa: sepaTermsOf(p) });
}

/** Where the request came from, as the evidence keeps it: the network (/24 or /48), never the full address. */
export function origin(meta: PublicRequestMeta) {
  return { ip: truncateIp(meta.ip), userAgent: meta.userAgent ?? null };
}

async function findVisible(db: Db, token: string): Promise<Found> {
  await expireAndAnnounce(db, token);
  const found = await selectByToken(db, token);
  if (!found) throw notFound();
  // A cancelled proposal's link stops working (docs/product.md#cancelling-a-proposal): still 404, with words
  // the page shows instead of 'not found'.
  if (isClosedToClient(found.proposal)) throw new AppError('NOT_FOUND', MESSAGES.proposalUnavailable);
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
  if (!countsAsView(found, meta)) return readPage(db, found);
  await countVisit(db, found, meta);
  return readPage(db, await findVisible(db, token));
}

/** The page's data: the proposal, the conversation and the mandate signed with the acceptance. */
async function readPage(db: Db, found: Found): Promise<PublicProposal> {
  const [messages, mandate, whiteLabel] = await Promise.all([
    selectPublicMessages(db, found.proposal),
    selectSignedMandate(db, found.proposal),
    whiteLabelOf(db, found.proposal.organizationId),
  ]);
  return toPublicDto(found, messages, mandate, whiteLabel !== null);
}

/**
 * What `viewProposal` would read for this link, as one marker (docs/architecture.md, "The public page"): equal
 * markers, equal page. Today's date is part of it, as it decides whether the proposal can still be answered.
 * Null for an unknown token.
 */
export async function publicPageStamp(db: Db, token: string): Promise<string | null> {
  const found = await selectPageStamp(db, token);
  return found === null ? null : `${found.stamp}|${organizationToday(found.timeZone)}`;
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
    await incrementViewCount(tx, p);
    await appendEvent(tx, {
      organizationId: p.organizationId,
      proposalId: p.id,
      type: 'viewed',
      payload: { ...origin(meta), version: p.currentVersion },
    });
    if (await markViewed(tx, p)) {
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
  /** The app's PDF threads (modules/pdf-workers): the pages render off the event loop. */
  render: RenderPdf,
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
  const whiteLabel = (await whiteLabelOf(db, p.organizationId)) !== null;
  return renderShownProposalPdf({ ...found, whiteLabel }, render);
}

/**
 * Why an action found nothing to change: unknown → 404, expired → 409, never sent → 409, answered → 409.
 */
export async function refusal(db: Db, token: string): Promise<AppError> {
  const found = await selectByToken(db, token);
  if (!found) return notFound();
  // Cancelled by the team: the link is known, the answer is refused (docs/product.md#cancelling-a-proposal).
  if (isClosedToClient(found.proposal)) return new AppError('CONFLICT', MESSAGES.proposalUnavailable);
  if (found.proposal.status === 'expired' || isPastValidity(found.proposal.validUntil, todayOf(found))) {
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
export async function assertClientCaller(db: Db, token: string, meta: PublicRequestMeta): Promise<void> {
  if (meta.viewerIsPlatform) throw new AppError('FORBIDDEN', MESSAGES.publicDecisionMembersOnly);
  if (!meta.viewerOrganizationId) return;
  const found = await selectByToken(db, token);
  if (found && found.proposal.organizationId === meta.viewerOrganizationId) {
    throw new AppError('FORBIDDEN', MESSAGES.publicDecisionMembersOnly);
  }
}

/** The periodic sweep: every overdue sent, viewed or negotiating proposal becomes expired. */
export async function expireOverdueProposals(db: Db): Promise<number> {
  return expireAndAnnounce(db);
}

/** Expires what is overdue (one proposal, or all) with its proposal.expired events, in one transaction. */
export async function expireAndAnnounce(db: Db, token?: string): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await expireOverdue(tx, token);
    for (const p of expired) await enqueueProposalEvent(tx, p.organizationId, p.id, 'proposal.expired');
    return expired.length;
  });
}
