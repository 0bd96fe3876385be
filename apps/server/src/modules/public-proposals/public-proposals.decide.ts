import type { SignedMandateRecord } from '@aceite/shared/sepa/mandate';
import { SEPA_MESSAGES } from '@aceite/shared/sepa/messages';
// The client's answers: accept, reject, sign (docs/product.md#decisions); one operation of the public page.

import { createHash } from 'node:crypto';
import {
  applyClientChoice,
  type ChosenConfiguration,
  type ClientChoice,
  completeChoice,
  defaultChoice,
  validateChoice,
} from '@aceite/shared/client-choice';
import { MESSAGES } from '@aceite/shared/messages';
import { isClosedToClient } from '@aceite/shared/proposal-status';
import { describeRejection, type RejectionReasonCode } from '@aceite/shared/rejection-reasons';
import { completeContent } from '@aceite/shared/schemas/proposals';
import {
  MAX_SIGNATURE_BYTES,
  MAX_SIGNATURE_HEIGHT,
  MAX_SIGNATURE_WIDTH,
} from '@aceite/shared/schemas/public-proposals';
import type { MandateInput } from '@aceite/shared/sepa/mandate';
import { computeTotals } from '@aceite/shared/totals';
import type { Db } from '@/db/client.ts';
import type { proposals } from '@/db/schema/index.ts';
import { AppError, fieldError } from '@/lib/app-error.ts';
import { brandOf } from '@/lib/branding.ts';
import { now } from '@/lib/clock.ts';
import { assertClientMayDecide } from '@/modules/approvals/approvals.service.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import { queueEmail } from '@/modules/email/email.service.ts';
import { proposalRejectedEmail } from '@/modules/email/email.templates.ts';
import { appendEvent } from '@/modules/evidence/evidence.service.ts';
import { notify } from '@/modules/notifications/notifications.service.ts';
import { proposalAnsweredText } from '@/modules/notifications/notifications.texts.ts';
import { queueSeal } from '@/modules/sealed-documents/sealed-documents.service.ts';
import { recordSignedMandate } from '@/modules/sepa/sepa-mandates.ts';
import { enqueueProposalEvent } from '@/modules/webhooks/proposal-events.ts';
import { type AnswerCodeCheck, codeError, verifyAnswerCode } from './public-proposals.answer-code.ts';
import {
  decideByToken,
  selectAnswerRecipient,
  storeClientChoice,
  useAnswerCode,
} from './public-proposals.queries.ts';
import {
  assertClientCaller,
  boundContent,
  expireAndAnnounce,
  type Found,
  isAnswerable,
  noticeFor,
  origin,
  type ProposalRow,
  type PublicRequestMeta,
  refusal,
  selectByToken,
  shownContentSha256,
} from './public-proposals.service.ts';

/**
 * What the page says it showed when the client decided: the version and the SHA-256 of its canonical content,
 * both required (docs/product.md#content-binding).
 */
export interface ShownVersion {
  version: number;
  contentSha256: string;
  /** The optional items and quantities chosen (accept and sign); absent: the default choice. */
  choice?: ClientChoice;
  /** The SEPA mandate signed with the acceptance (docs/product.md#the-mandate-at-acceptance). */
  mandate?: MandateInput;
}

/**
 * A proposal paid by SEPA Direct Debit is accepted only with the mandate, and a mandate is refused for one that
 * is not (400, before the code is tried: it would cost the client an attempt).
 */
function assertMandateFits(found: Found, shown: ShownVersion): void {
  if (found.shown.sepa && !shown.mandate) throw fieldError('mandate', SEPA_MESSAGES.sepaMandateRequired);
  if (!found.shown.sepa && shown.mandate) throw fieldError('mandate', SEPA_MESSAGES.sepaMandateNotExpected);
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

/**
 * Records the mandate for a proposal paid by SEPA Direct Debit: the terms of the locked row (the content the
 * hash was checked on), the creditor as the page showed it, the date of signature from the server's clock.
 */
async function signMandate(
  tx: Db,
  found: Found,
  row: typeof proposals.$inferSelect,
  shown: ShownVersion,
  acceptedTotalCents: number,
): Promise<SignedMandateRecord | null> {
  const creditor = found.shown.sepa;
  if (!creditor || !shown.mandate) return null;
  if (!row.sepaPattern || !row.sepaFirstCollectionDate)
    throw new AppError('CONFLICT', MESSAGES.proposalChanged);
  const signedAt = now();
  return recordSignedMandate(tx, {
    organizationId: row.organizationId,
    proposalId: row.id,
    proposalNumber: row.number,
    mandate: shown.mandate,
    creditor,
    terms: {
      pattern: row.sepaPattern,
      instalments: row.sepaInstalments,
      firstCollectionDate: row.sepaFirstCollectionDate,
    },
    acceptedTotalCents,
    signedAt,
    timeZone: found.organization.timezone,
    // The address the one-time code proved (the recipient's) or, with no code, the recipient's, else the signer's:
    // the pre-notifications go there (docs/product.md#mandates-collections-and-the-file).
    debtorEmail: row.recipientEmail ?? row.signedByEmail ?? null,
  });
}

/** The mandate in the append-only chain: no personal data in clear (docs/decisions.md, evidence). */
function mandateEvidence(m: SignedMandateRecord) {
  const { debtorName, ...rest } = m;
  return { ...rest, debtorNameSha256: createHash('sha256').update(debtorName).digest('hex') };
}

/** The reason as the notification words it; long reasons are cut (the detail page shows them whole). */
/** The client's reason as the owner reads it: the chosen label and the text (docs/product.md#rejection-reasons). */
function reasonWithCode(row: ProposalRow): string | null {
  return describeRejection(row.rejectionReasonCode, row.rejectionReason);
}

/** Tells the owner by email that the client rejected, with the reason (in the answer's transaction). */
async function emailRejection(db: Db, row: typeof proposals.$inferSelect, appUrl: string): Promise<void> {
  const recipient = await selectAnswerRecipient(db, row);
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
  if (!found || !isAnswerable(found) || isClosedToClient(found.proposal)) {
    throw await refusal(db, token);
  }
  // In review (issue 34): refused before the code is tried, and again on the locked row below.
  assertClientMayDecide(found.proposal);
  // An impossible choice is refused before the code is tried (it would cost the client an attempt).
  if (action !== 'rejected') {
    chosenConfiguration(found.proposal, shown.choice);
    assertMandateFits(found, shown);
  }
  const verified = await verifyAnswerCode(db, found, code).catch(async (error: unknown) => {
    // Answered meanwhile (another tab, a concurrent answer that used the code): that is the news, not the code.
    const now = await selectByToken(db, token);
    if (!now || !isAnswerable(now)) throw await refusal(db, token);
    throw error;
  });
  const decided = await db.transaction(async (tx) => {
    const row = await decideByToken(tx, token, found.proposal, {
      ...values,
      answerVerification: verified.record,
    });
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
    if (configuration) await storeClientChoice(tx, token, found.proposal, configuration);
    // The debit authorisation signed with the same code, for the total accepted (docs/product.md#the-mandate-at-acceptance).
    const mandate = configuration ? await signMandate(tx, found, row, shown, configuration.totalValue) : null;
    // Used inside the answer's transaction: a refused answer leaves the code unused, a used one is refused.
    if (
      verified.codeId &&
      !(await useAnswerCode(
        tx,
        { id: verified.codeId, organizationId: found.proposal.organizationId },
        verified.usedAt,
      ))
    ) {
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
        // The mandate with the IBAN masked and the debtor's name as a hash (docs/decisions.md, "The mandate at acceptance").
        ...(mandate && { sepaMandate: mandateEvidence(mandate) }),
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
        // The mandate as the sealed PDF prints it: the IBAN masked (docs/product.md#the-mandate-at-acceptance).
        ...(mandate && { sepaMandate: mandate }),
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
