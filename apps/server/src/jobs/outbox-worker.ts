import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/db/client.ts';
import { PeriodicJob, retryAt } from '@/lib/durable-queue.ts';
import type { MailTransport } from '@/lib/mail-transport.ts';
import { claimDueEmails, markEmailFailed, markEmailSent } from '@/modules/email/email.queries.ts';
import { onEmailQueued } from '@/modules/email/email.service.ts';
import { organizationSenderOf } from '@/modules/email-sender/email-sender.signing.ts';

/**
 * With the delay capped at one hour, 60 attempts keep a message queued through about two days of mail-server
 * outage; only then is it marked failed (and logged as an error).
 */
export const MAX_ATTEMPTS = 60;
/**
 * A claimed batch is leased for longer than it can take to send: BATCH × the transport's worst case (connect
 * 20 s + greeting 20 s + socket 60 s, see lib/mail-transport.ts), so a slow server never lets a second
 * process claim, and send again, a message still being sent.
 */
const BATCH = 5;
const LEASE_SECONDS = 600;

export { backoffSeconds } from '@/lib/durable-queue.ts';

/** Sends queued emails in the background: polls, and wakes at once when a message is queued in-process. */
export class OutboxWorker {
  readonly #job: PeriodicJob;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
    private readonly options: { dkimSecretKey: Buffer; pollMs?: number },
  ) {
    this.#job = new PeriodicJob(
      'outbox worker',
      () => this.drain(),
      log,
      options.pollMs ?? 2000,
      onEmailQueued,
    );
  }

  /** Sends everything due now; returns how many messages were sent. Tests call this directly. */
  async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await claimDueEmails(this.db, BATCH, LEASE_SECONDS);
      if (batch.length === 0) return sent;
      for (const row of batch) {
        try {
          // The organization's own sender, read now (docs/product.md#white-label): one removed or unverified
          // since the email was queued no longer signs it, and it goes as queued ("Organização via Aceite").
          const sender =
            row.fromOrganization && row.organizationId
              ? await organizationSenderOf(this.db, this.options.dkimSecretKey, row.organizationId)
              : null;
          await this.transport.send({
            id: row.id,
            from: this.from,
            fromName: row.fromName,
            sender,
            to: row.toAddress,
            replyTo: row.replyTo,
            listUnsubscribe: row.listUnsubscribe,
            subject: row.subject,
            html: row.html,
            text: row.text,
            links: row.links,
            attachments: row.attachments.map((a) => ({
              fileName: a.fileName,
              contentType: a.contentType,
              content: Buffer.from(a.contentBase64, 'base64'),
            })),
          });
          await markEmailSent(this.db, row.id);
          sent++;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const retry = retryAt(row.attempts, MAX_ATTEMPTS);
          await markEmailFailed(this.db, row.id, message.slice(0, 500), retry);
          const details = { emailId: row.id, attempt: row.attempts, willRetry: retry !== null };
          if (retry) this.log.warn(details, 'email send failed');
          else this.log.error(details, 'email send failed for good');
        }
      }
    }
  }

  start(): void {
    this.#job.start();
  }

  async stop(): Promise<void> {
    await this.#job.stop();
    this.transport.close();
  }
}
