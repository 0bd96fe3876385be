import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/db/client.ts';
import type { MailTransport } from '@/lib/mail-transport.ts';
import { claimDueEmails, markEmailFailed, markEmailSent } from '@/modules/email/email.queries.ts';
import { onEmailQueued } from '@/modules/email/email.service.ts';

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

/** Retry delay after the nth failed attempt: 30 s, 1 min, 2 min … capped at 1 h. */
export function backoffSeconds(attempt: number): number {
  return Math.min(30 * 2 ** (attempt - 1), 3600);
}

/** Sends queued emails in the background: polls, and wakes at once when a message is queued in-process. */
export class OutboxWorker {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<number> | null = null;
  #again = false;
  #unsubscribe: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
    private readonly pollMs = 2000,
  ) {}

  /** Sends everything due now; returns how many messages were sent. Tests call this directly. */
  async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await claimDueEmails(this.db, BATCH, LEASE_SECONDS);
      if (batch.length === 0) return sent;
      for (const row of batch) {
        try {
          await this.transport.send({
            id: row.id,
            from: this.from,
            to: row.toAddress,
            replyTo: row.replyTo,
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
          const retryAt =
            row.attempts >= MAX_ATTEMPTS ? null : new Date(Date.now() + backoffSeconds(row.attempts) * 1000);
          await markEmailFailed(this.db, row.id, message.slice(0, 500), retryAt);
          const details = { emailId: row.id, attempt: row.attempts, willRetry: retryAt !== null };
          if (retryAt) this.log.warn(details, 'email send failed');
          else this.log.error(details, 'email send failed for good');
        }
      }
    }
  }

  #tick = () => {
    // A wake-up during a drain may come after that drain's last claim: run another pass once it ends,
    // instead of leaving the new message to the next poll.
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#again = false;
    this.#running = this.drain()
      .catch((error) => {
        this.log.error({ err: error }, 'outbox worker failed');
        return 0;
      })
      .finally(() => {
        this.#running = null;
        if (this.#again && this.#timer) this.#tick();
      });
  };

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(this.#tick, this.pollMs);
    this.#timer.unref();
    // The queuing transaction may not have committed yet; the next poll catches anything missed here.
    this.#unsubscribe = onEmailQueued(() => setTimeout(this.#tick, 50).unref());
    this.#tick();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#unsubscribe?.();
    await this.#running;
    this.transport.close();
  }
}
