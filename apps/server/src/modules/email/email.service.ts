import { MESSAGES } from '@aceite/shared/messages';
import type { Db } from '@/db/client.ts';
import { AppError } from '@/lib/app-error.ts';
import { countRecentMail, insertOutboxEmail, lockMailCounters } from './email.queries.ts';
import type { RenderedEmail } from './email.templates.ts';

export interface QueueEmailInput {
  kind:
    | 'password_reset'
    | 'invite'
    | 'proposal'
    | 'proposal_answer'
    | 'proposal_update'
    | 'answer_code'
    | 'sealed_document'
    | 'webhook_disabled'
    | 'sepa_pre_notification'
    | 'client_message'
    | 'client_message_answer'
    | 'proposal_cancelled'
    | 'recipient_changed'
    | 'proposal_reminder'
    | 'owner_summary'
    | 'trial_notice';
  to: string;
  /** Where the recipient's replies go (never the no-reply sender for a proposal). */
  replyTo?: string | null;
  /**
   * The organization's name when this email goes to a client from the organization (docs/product.md#white-label):
   * sent from its own verified sender, signed with its DKIM key, when it has one as the worker sends it; otherwise
   * from "<Organização> via Aceite" at MAIL_FROM's address. Null or absent: the platform's own email.
   */
  fromOrganization?: string | null;
  /** The https one-click link that stops this proposal's reminders (List-Unsubscribe, RFC 8058). */
  listUnsubscribe?: string | null;
  email: RenderedEmail;
  organizationId?: string | null;
  /** Files sent with the message, stored with it so every retry sends the same bytes. */
  attachments?: { fileName: string; contentType: string; content: Uint8Array }[];
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** Lets the in-process worker send right away instead of waiting for its next poll. */
export function onEmailQueued(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Queues a message in the durable outbox (inside the caller's transaction when db is one); returns the outbox
 * row's id (the answer code's evidence names the message).
 */
export async function queueEmail(db: Db, input: QueueEmailInput): Promise<string> {
  const row = await insertOutboxEmail(db, {
    kind: input.kind,
    toAddress: input.to,
    replyTo: input.replyTo ?? null,
    fromName: input.fromOrganization != null ? viaPlatformSenderName(input.fromOrganization) : null,
    fromOrganization: input.fromOrganization != null,
    listUnsubscribe: input.listUnsubscribe ?? null,
    subject: input.email.subject,
    html: input.email.html,
    text: input.email.text,
    links: input.email.links,
    organizationId: input.organizationId ?? null,
    attachments: (input.attachments ?? []).map((a) => ({
      fileName: a.fileName,
      contentType: a.contentType,
      contentBase64: Buffer.from(a.content).toString('base64'),
    })),
  });
  for (const listener of listeners) listener();
  return row.id;
}

/**
 * The From display name of an email to a client when the organization has no verified sender of its own:
 * "Demo Lda via Aceite" at MAIL_FROM's address (docs/product.md#sending-and-email), MAIL_FROM's own name when the
 * organization has none. The transport sends it as nodemailer's address object, which quotes and encodes it:
 * never concatenated into a header.
 */
export function viaPlatformSenderName(organizationName: string): string | null {
  const organization = organizationName.trim();
  return organization ? `${organization} via Aceite` : null;
}

/**
 * The address of the one-click unsubscribe of a proposal's reminders (RFC 8058): the public opt-out route
 * itself, which a mail provider POSTs `List-Unsubscribe=One-Click` to (modules/reminders/reminders.routes.ts).
 */
export function remindersUnsubscribeUrl(appUrl: string, publicToken: string): string {
  return `${appUrl}/api/v1/public/proposals/${encodeURIComponent(publicToken)}/reminders/stop`;
}

/** How many invitations and proposal emails may leave per hour (configurable, issue 20). */
export interface MailLimits {
  perOrganizationPerHour: number;
  /** To one address, from every organization together: nobody's inbox can be flooded from the platform. */
  perRecipientPerHour: number;
}

/**
 * Refuses (429) one more invitation or proposal email when the organization or the address has had its
 * share this hour. Call inside the transaction that queues the message: the check holds a lock until it ends.
 */
export async function assertWithinMailLimits(
  db: Db,
  limits: MailLimits,
  organizationId: string,
  to: string,
): Promise<void> {
  const address = to.toLowerCase();
  await lockMailCounters(db, organizationId, address);
  const recent = await countRecentMail(db, organizationId, address);
  if (recent.byOrganization >= limits.perOrganizationPerHour) {
    throw new AppError('RATE_LIMITED', MESSAGES.mailLimitOrganization);
  }
  if (recent.byRecipient >= limits.perRecipientPerHour) {
    throw new AppError('RATE_LIMITED', MESSAGES.mailLimitRecipient);
  }
}
