// The client's questions and change requests (docs/product.md#client-questions-and-change-requests); one
// operation of the public page.

import { MESSAGES } from '@aceite/shared/messages';
import { isClosedToClient } from '@aceite/shared/proposal-status';
import type { ClientMessageInput, PublicProposalMessage } from '@aceite/shared/schemas/proposal-messages';
import type { Db } from '@/db/client.ts';
import { AppError } from '@/lib/app-error.ts';
import { brandOf } from '@/lib/branding.ts';
import { truncateIp } from '@/lib/truncate-ip.ts';
import { recordAudit } from '@/modules/audit/audit.service.ts';
import { queueEmail } from '@/modules/email/email.service.ts';
import { clientMessageEmail } from '@/modules/email/email.templates.ts';
import { notify } from '@/modules/notifications/notifications.service.ts';
import { clientMessageText } from '@/modules/notifications/notifications.texts.ts';
import { enqueueEvent } from '@/modules/webhooks/webhooks.service.ts';
import {
  countRecentClientMessages,
  insertClientMessage,
  lockProposalForMessage,
  markUnderNegotiation,
  selectAnswerRecipient,
  selectPublicMessages,
} from './public-proposals.queries.ts';
import {
  assertClientCaller,
  expireAndAnnounce,
  isAnswerable,
  type PublicRequestMeta,
  refusal,
  selectByToken,
} from './public-proposals.service.ts';

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
  if (!found || !isAnswerable(found) || isClosedToClient(found.proposal)) {
    throw await refusal(db, token);
  }
  const p = found.proposal;
  const ip = truncateIp(meta.ip) ?? meta.ip;
  await db.transaction(async (tx) => {
    await lockProposalForMessage(tx, p);
    const recent = await countRecentClientMessages(tx, p, ip);
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
    const recipient = await selectAnswerRecipient(tx, p);
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
  return selectPublicMessages(db, p);
}
