// The one-time code the client asks for before answering (issue 20); one operation of the public page.

import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { MESSAGES } from '@aceite/shared/messages';
import { isClosedToClient } from '@aceite/shared/proposal-status';
import { requiresAnswerCode } from '@aceite/shared/schemas/organization-settings';
import type { AnswerCodeSent } from '@aceite/shared/schemas/public-proposals';
import { ANSWER_CODE_MAX_ATTEMPTS, ANSWER_CODE_TTL_MINUTES } from '@aceite/shared/schemas/public-proposals';
import type { Db } from '@/db/client.ts';
import type { AnswerVerificationRecord } from '@/db/schema/index.ts';
import { AppError } from '@/lib/app-error.ts';
import { maskEmail } from '@/lib/mask-email.ts';
import { assertClientMayDecide } from '@/modules/approvals/approvals.service.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import { whiteLabelOf } from '@/modules/custom-domains/white-label.ts';
import { queueEmail } from '@/modules/email/email.service.ts';
import { answerCodeEmail } from '@/modules/email/email.templates.ts';
import { appendEvent } from '@/modules/evidence/evidence.service.ts';
import {
  countAnswerCodeAttempt,
  countRecentAnswerCodes,
  insertAnswerCode,
  lockAnswerCodes,
  selectNewestAnswerCode,
} from './public-proposals.queries.ts';
import {
  assertClientCaller,
  expireAndAnnounce,
  type Found,
  isAnswerable,
  origin,
  type PublicRequestMeta,
  refusal,
  selectByToken,
} from './public-proposals.service.ts';

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

export const codeError = (message: string) =>
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
  if (!found || !isAnswerable(found) || isClosedToClient(found.proposal)) {
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
      // The code comes from the organization the client answers (its own sender once verified).
      fromOrganization: found.organization.name,
      email: answerCodeEmail({
        organizationName: found.organization.name,
        primaryColor: found.organization.branding.primaryColor ?? '#007bff',
        logo: found.organization.branding.logo ?? null,
        // No Aceite line for a white-label organization's client (docs/product.md#white-label).
        whiteLabel: (await whiteLabelOf(tx, p.organizationId)) !== null,
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
export async function verifyAnswerCode(
  db: Db,
  found: Found,
  check: AnswerCodeCheck,
): Promise<VerifiedAnswer> {
  const usedAt = new Date();
  if (!requiresAnswerCode(found.organization.settings)) {
    return { record: { method: 'none', reason: 'disabled' }, usedAt };
  }
  // No address to prove: the answer goes ahead and the evidence says no verification was possible.
  const recipient = found.proposal.recipientEmail;
  if (!recipient) return { record: { method: 'none', reason: 'no_client_email' }, usedAt };
  if (!check.code) throw codeError(MESSAGES.answerCodeRequired);
  const newest = await selectNewestAnswerCode(db, found.proposal);
  // A code sent to a previous recipient proves nothing about the current one (issue 34, H2).
  if (!newest || newest.email !== recipient) throw codeError(MESSAGES.answerCodeNotRequested);
  if (newest.usedAt || newest.expiresAt.getTime() <= usedAt.getTime()) {
    throw codeError(MESSAGES.answerCodeExpired);
  }
  const attempt = await countAnswerCodeAttempt(db, newest, ANSWER_CODE_MAX_ATTEMPTS);
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
