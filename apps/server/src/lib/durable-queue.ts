import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@/db/client.ts';

/**
 * The one claim of the durable queues whose rows carry `status`, `attempts`, `next_attempt_at` and `created_at`
 * (the email outbox, the sealed PDFs; the webhook deliveries add an ordering rule to the same shape). Claiming
 * pushes `next_attempt_at` forward as a lease and counts the attempt: other processes skip the rows (FOR UPDATE
 * SKIP LOCKED) while the lease lasts, and a crash mid-work only delays the retry (at least once).
 * docs/reliability.md, "Background jobs".
 */
export function claimDueIds(
  db: Db,
  table: PgTable,
  opts: { limit: number; leaseSeconds: number },
): Promise<string[]> {
  return claimIdsFrom(
    db,
    table,
    sql`SELECT id FROM ${table}
         WHERE status = 'pending' AND next_attempt_at <= now()
         ORDER BY created_at
         LIMIT ${opts.limit}
         FOR UPDATE SKIP LOCKED`,
    opts.leaseSeconds,
  );
}

/** The lease and attempt count of a claim, for a queue whose due rows are chosen by its own `select`. */
export async function claimIdsFrom(
  db: Db,
  table: PgTable,
  dueIds: SQL,
  leaseSeconds: number,
): Promise<string[]> {
  const result = await db.execute(sql`
    UPDATE ${table}
       SET attempts = attempts + 1,
           next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
     WHERE id IN (${dueIds})
    RETURNING id`);
  return result.rows.map((r) => String((r as { id: string }).id));
}

/** Retry delay after the nth failed attempt of an email or a seal: 30 s, 1 min, 2 min … capped at 1 h. */
export function backoffSeconds(attempt: number): number {
  return Math.min(30 * 2 ** (attempt - 1), 3600);
}

/** When to try again after the nth failed attempt, or null once `maxAttempts` are spent (then: failed). */
export function retryAt(attempt: number, maxAttempts: number, now = Date.now()): Date | null {
  return attempt >= maxAttempts ? null : new Date(now + backoffSeconds(attempt) * 1000);
}

interface JobLog {
  error(details: object, message: string): void;
}

/**
 * A background pass run every `everyMs` and on demand (`wake`), one pass at a time in this process: a wake
 * during a pass runs one more pass after it, so work queued in between is not left to the next tick. Stopping
 * waits for the pass under way (the app closes its database only after). Every job of plugins/workers.ts runs on
 * one; what keeps processes from doing the same item twice is the claim (above) or a unique row, not this loop.
 */
export class PeriodicJob {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<unknown> | null = null;
  #again = false;
  #unsubscribe: (() => void) | null = null;

  constructor(
    private readonly name: string,
    private readonly pass: () => Promise<unknown>,
    private readonly log: JobLog,
    private readonly everyMs: number,
    /** Subscribes to in-process "work queued" signals; returns the unsubscribe. */
    private readonly wakeOn?: (listener: () => void) => () => void,
  ) {}

  /** Runs a pass now, or one more after the pass under way. */
  wake = (): void => {
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#again = false;
    this.#running = this.pass()
      .catch((error) => this.log.error({ err: error }, `${this.name} failed`))
      .finally(() => {
        this.#running = null;
        if (this.#again && this.#timer) this.wake();
      });
  };

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(this.wake, this.everyMs);
    this.#timer.unref();
    // The queuing transaction may not have committed when the signal comes: wait a moment, and the next
    // tick catches anything missed.
    if (this.wakeOn) this.#unsubscribe = this.wakeOn(() => setTimeout(this.wake, 50).unref());
    this.wake();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    await this.#running;
  }
}
