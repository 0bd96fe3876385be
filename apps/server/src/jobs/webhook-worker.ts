import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/db/client.ts';
import { PeriodicJob } from '@/lib/durable-queue.ts';
import { postJson } from '@/lib/outbound-post.ts';
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  selectClaimed,
} from '@/modules/webhooks/webhooks.queries.ts';
import { onWebhookQueued, recordAttemptResult } from '@/modules/webhooks/webhooks.service.ts';
import { webhookHeaders } from '@/modules/webhooks/webhooks.signing.ts';

export interface WebhookWorkerOptions {
  /** WEBHOOKS_ALLOW_PRIVATE: no SSRF guard at connection time (tests, closed networks; unsafe). */
  allowPrivate: boolean;
  /** WEBHOOKS_ALLOWED_PORTS; absent, lib/ssrf-guard.ts DEFAULT_ALLOWED_PORTS. */
  allowedPorts?: readonly number[];
  /** Where "Ver webhooks" in the disabled-endpoint email points. */
  appUrl: string;
  pollMs?: number;
  /** Per attempt, the whole exchange (docs/product.md#webhooks): 10 s. */
  timeoutMs?: number;
  /** The first retry's delay; each next one doubles, capped at maxDelayMs, ±20 % jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** An event is retried for this long after it happened: about 3 days. */
  retryWindowMs?: number;
  /** An endpoint failing without a success for this long is disabled: 5 days. */
  disableAfterMs?: number;
  concurrency?: number;
}

const DAY = 24 * 60 * 60 * 1000;
export const WEBHOOK_DEFAULTS = {
  pollMs: 2000,
  timeoutMs: 10_000,
  baseDelayMs: 30_000,
  maxDelayMs: 6 * 60 * 60 * 1000,
  retryWindowMs: 3 * DAY,
  disableAfterMs: 5 * DAY,
  concurrency: 16,
};
/**
 * A claimed batch is leased for far longer than its attempts can take (all at once, 10 s timeout each, then
 * their results written), so no other process claims an attempt still in flight. After a crash, the attempts
 * that were in flight are retried when the lease ends (at least once).
 */
const LEASE_SECONDS = 60;

/** Delay before attempt n+1 after n failed: exponential from base, capped, with ±20 % jitter. */
export function webhookBackoffMs(attempt: number, base: number, max: number, random = Math.random): number {
  const plain = Math.min(base * 2 ** (attempt - 1), max);
  return Math.round(plain * (0.8 + 0.4 * random()));
}

/**
 * Delivers queued webhook events (docs/product.md#webhooks): polls, and wakes at once when one is queued
 * in-process. Each process runs one; rows are claimed with FOR UPDATE SKIP LOCKED, so two processes never hold
 * the same attempt.
 */
export class WebhookWorker {
  readonly options: Required<Omit<WebhookWorkerOptions, 'allowedPorts'>> &
    Pick<WebhookWorkerOptions, 'allowedPorts'>;
  readonly #job: PeriodicJob;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: WebhookWorkerOptions,
  ) {
    this.options = { ...WEBHOOK_DEFAULTS, ...options };
    this.#job = new PeriodicJob(
      'webhook worker',
      () => this.drain(),
      log,
      this.options.pollMs,
      onWebhookQueued,
    );
  }

  /** Attempts everything due now; returns how many deliveries succeeded. Tests call this directly. */
  async drain(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const ids = await claimDueDeliveries(this.db, this.options.concurrency, LEASE_SECONDS);
      if (ids.length === 0) return delivered;
      const claimed = await selectClaimed(this.db, ids);
      // The claim never holds two deliveries with the same ordering key to one endpoint (a later one waits
      // while an earlier one is pending), so the whole batch can be attempted at once without breaking order.
      const results = await Promise.all(claimed.map((d) => this.#attempt(d)));
      delivered += results.filter(Boolean).length;
    }
  }

  async #attempt(d: ClaimedDelivery): Promise<boolean> {
    const now = new Date();
    const secrets = [d.endpoint.secret];
    if (
      d.endpoint.previousSecret &&
      d.endpoint.previousSecretExpiresAt &&
      d.endpoint.previousSecretExpiresAt > now
    )
      secrets.push(d.endpoint.previousSecret);
    const result = await postJson(d.endpoint.url, webhookHeaders(secrets, d.eventId, d.body, now), d.body, {
      timeoutMs: this.options.timeoutMs,
      allowPrivate: this.options.allowPrivate,
      allowedPorts: this.options.allowedPorts,
    });
    const outcome = await recordAttemptResult(this.db, d, result, {
      appUrl: this.options.appUrl,
      retryAt: (attempt) =>
        new Date(Date.now() + webhookBackoffMs(attempt, this.options.baseDelayMs, this.options.maxDelayMs)),
      retryWindowMs: this.options.retryWindowMs,
      disableAfterMs: this.options.disableAfterMs,
    });
    // The URL and status only: never the body or headers (the signature), docs/product.md#webhooks.
    const details = {
      deliveryId: d.id,
      endpointId: d.endpoint.id,
      attempt: d.attempts,
      status: result.status,
    };
    if (outcome === 'delivered') this.log.debug(details, 'webhook delivered');
    else this.log.warn({ ...details, error: result.error, outcome }, 'webhook attempt failed');
    return outcome === 'delivered';
  }

  start(): void {
    this.#job.start();
  }

  async stop(): Promise<void> {
    await this.#job.stop();
  }
}
