import { createHash } from 'node:crypto';
import { MESSAGES } from '@aceite/shared/messages';
import { isBeforeSent, isActionable as isOpenToAnswer } from '@aceite/shared/proposal-status';
import { completeContent } from '@aceite/shared/schemas/proposals';
import type { PublicProposal } from '@aceite/shared/schemas/public-proposals';
import {
  MAX_SIGNATURE_BYTES,
  MAX_SIGNATURE_HEIGHT,
  MAX_SIGNATURE_WIDTH,
} from '@aceite/shared/schemas/public-proposals';
import type { Db } from '@/db/client.ts';
import type { proposals } from '@/db/schema/index.ts';
import { AppError, fieldError } from '@/lib/app-error.ts';
import { brandOf } from '@/lib/branding.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import { queueEmail } from '@/modules/email/email.service.ts';
import { proposalRejectedEmail } from '@/modules/email/email.templates.ts';
import { notify } from '@/modules/notifications/notifications.service.ts';
import { proposalAnsweredText, proposalViewedText } from '@/modules/notifications/notifications.texts.ts';
import {
  decideByToken,
  expireOverdue,
  incrementViewCount,
  markViewed,
  selectAnswerRecipient,
  selectByToken,
} from './public-proposals.queries.ts';

type Found = NonNullable<Awaited<ReturnType<typeof selectByToken>>>;
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

function toPublicDto(found: Found): PublicProposal {
  const p = found.proposal;
  const brand = brandOf(found.organization);
  return {
    organization: { name: brand.organizationName, primaryColor: brand.primaryColor, logo: brand.logo },
    title: p.title,
    description: p.description,
    status: p.status,
    viewCount: p.viewCount,
    currency: p.currency,
    content: completeContent(p.content),
    subtotal: p.subtotal,
    discountType: p.discountType,
    discountValue: p.discountValue,
    discountAmount: p.discountAmount,
    taxRate: p.taxRate,
    taxAmount: p.taxAmount,
    totalValue: p.totalValue,
    validUntil: p.validUntil,
    client: found.client,
    owner: found.owner,
    isActionable: isActionable(p),
    signedAt: iso(p.signedAt),
    signedByName: p.signedByName,
    signedByEmail: p.signedByEmail,
    signatureData: p.signatureData,
    acceptedAt: iso(p.acceptedAt),
    rejectedAt: iso(p.rejectedAt),
    rejectionReason: p.rejectionReason,
    createdAt: p.createdAt.toISOString(),
  };
}

/** SHA-256 of the proposal content as the client saw it, for the signature audit record. */
export function contentHash(p: ProposalRow): string {
  const shown = {
    title: p.title,
    description: p.description,
    content: completeContent(p.content),
    subtotal: p.subtotal,
    discountAmount: p.discountAmount,
    taxRate: p.taxRate,
    taxAmount: p.taxAmount,
    totalValue: p.totalValue,
    currency: p.currency,
    validUntil: p.validUntil,
  };
  return createHash('sha256').update(JSON.stringify(shown)).digest('hex');
}

async function findVisible(db: Db, token: string): Promise<Found> {
  await expireOverdue(db, token);
  const found = await selectByToken(db, token);
  // A cancelled proposal's link stops working, like an unknown one.
  if (!found || found.proposal.status === 'cancelled') throw notFound();
  return found;
}

/**
 * The client's view: counts it (not for members of the owning organization) and, the first time a sent
 * proposal is opened, marks it viewed and tells the owner.
 */
export async function viewProposal(db: Db, token: string, meta: PublicRequestMeta): Promise<PublicProposal> {
  const found = await findVisible(db, token);
  const p = found.proposal;
  if (meta.viewerOrganizationId === p.organizationId || meta.countView === false) return toPublicDto(found);
  await db.transaction(async (tx) => {
    await incrementViewCount(tx, p.id);
    if (await markViewed(tx, p.id)) {
      await notify(tx, {
        organizationId: p.organizationId,
        userId: p.ownerId,
        ...proposalViewedText({ id: p.id, title: p.title, clientName: found.client?.name }),
      });
    }
  });
  return toPublicDto(await findVisible(db, token));
}

/**
 * Why an action found nothing to change: unknown → 404, expired → 409, never sent → 409, answered → 409.
 */
async function refusal(db: Db, token: string): Promise<AppError> {
  const found = await selectByToken(db, token);
  if (!found || found.proposal.status === 'cancelled') return notFound();
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

/** The reason as the notification words it; long reasons are cut (the detail page shows them whole). */
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
      reason: row.rejectionReason,
      link: `${appUrl}/proposals/${row.id}`,
    }),
  });
}

async function decide(
  db: Db,
  token: string,
  meta: PublicRequestMeta,
  action: 'accepted' | 'rejected' | 'signed',
  values: Partial<typeof proposals.$inferInsert>,
  extra: Record<string, unknown> = {},
  /** More work inside the answer's transaction (the rejection's email to the owner). */
  after?: (tx: Db, row: typeof proposals.$inferSelect) => Promise<void>,
): Promise<void> {
  await assertClientCaller(db, token, meta);
  await expireOverdue(db, token);
  const decided = await db.transaction(async (tx) => {
    const row = await decideByToken(tx, token, values);
    if (!row) return null;
    await recordAudit(tx, {
      organizationId: row.organizationId,
      action: `proposal.public_${action}`,
      entity: 'proposal',
      entityId: row.id,
      ip: meta.ip,
      metadata: { userAgent: meta.userAgent ?? null, contentSha256: contentHash(row), ...extra },
    });
    await notify(tx, {
      organizationId: row.organizationId,
      userId: row.ownerId,
      ...proposalAnsweredText(action, {
        id: row.id,
        title: row.title,
        signerName: extra.signerName == null ? null : String(extra.signerName),
        rejectionReason: row.rejectionReason,
      }),
    });
    await after?.(tx, row);
    return row;
  });
  if (!decided) throw await refusal(db, token);
}

export async function acceptProposal(db: Db, token: string, meta: PublicRequestMeta): Promise<void> {
  await decide(db, token, meta, 'accepted', { status: 'accepted', acceptedAt: new Date() });
}

export async function rejectProposal(
  db: Db,
  token: string,
  reason: string | null,
  meta: PublicRequestMeta,
  appUrl: string,
): Promise<void> {
  await decide(
    db,
    token,
    meta,
    'rejected',
    { status: 'rejected', rejectedAt: new Date(), rejectionReason: reason },
    { reason },
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

/** Signing also accepts the proposal (server-behaviour §4): status accepted, acceptedAt = signedAt. */
export async function signProposal(
  db: Db,
  token: string,
  input: { signerName: string; signerEmail: string; signatureData: string },
  meta: PublicRequestMeta,
): Promise<void> {
  assertPngDataUrl(input.signatureData);
  const now = new Date();
  await decide(
    db,
    token,
    meta,
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
  );
}

/** The periodic sweep: every overdue sent, viewed or negotiating proposal becomes expired. */
export function expireOverdueProposals(db: Db): Promise<number> {
  return expireOverdue(db);
}
