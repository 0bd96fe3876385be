import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';

/** A file sent with a message (the proposal's PDF), kept with the row so every retry sends the same bytes. */
export interface OutboxAttachment {
  fileName: string;
  contentType: string;
  contentBase64: string;
}

/**
 * Durable email queue: requests insert here, the worker claims rows with FOR UPDATE SKIP LOCKED and sends
 * them with retries, so a slow mail server never fails a request and a restart loses nothing.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    /** Where replies go (a proposal's owner); null means replies go to the sender address. */
    replyTo: text('reply_to'),
    /**
     * The From display name of an email to a client ("Demo Lda via Aceite"), sent with MAIL_FROM's address;
     * null keeps MAIL_FROM's own name (docs/product.md#sending-and-email).
     */
    fromName: text('from_name'),
    /**
     * An email a client receives from the organization: sent from the organization's own verified sender and
     * signed with its DKIM key when it has one at sending time (the worker reads it then), else with `fromName`
     * at MAIL_FROM's address (docs/product.md#white-label).
     */
    fromOrganization: boolean('from_organization').notNull().default(false),
    /**
     * The https link that stops this proposal's reminders, sent as List-Unsubscribe with the one-click
     * List-Unsubscribe-Post of RFC 8058; null for every email that is not a reminder or an update to a client.
     */
    listUnsubscribe: text('list_unsubscribe'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Links a local user may need to follow; logged (not the body) when no SMTP server is configured. */
    links: text('links').array().notNull().default([]),
    /** Files sent with the message, rendered when it was queued (docs/decisions.md, "Proposal PDF"). */
    attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default([]),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_outbox_pending_idx').on(t.status, t.nextAttemptAt),
    // The hourly mail limits (issue 20): messages an organization queued, and messages to one address.
    index('email_outbox_org_created_idx').on(t.organizationId, t.createdAt),
    index('email_outbox_to_created_idx').on(t.toAddress, t.createdAt),
  ],
);
