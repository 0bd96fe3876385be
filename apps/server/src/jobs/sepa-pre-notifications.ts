import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/db/client.ts';
import { PeriodicJob } from '@/lib/durable-queue.ts';
import { runSepaPreNotifications } from '@/modules/sepa/sepa-pre-notification.ts';

/**
 * The SEPA pre-notifications (docs/product.md#mandates-collections-and-the-file): a run at start-up and then
 * every hour. Each collection is claimed by its `pre_notified_at` in the transaction that queues the email, so
 * processes running it at once never send twice. Tests run `app.sepaPreNotifications.run(at)` with their clock.
 */
export function startSepaPreNotifications(
  db: Db,
  log: FastifyBaseLogger,
  everyMs = 60 * 60 * 1000,
): () => Promise<void> {
  const job = new PeriodicJob(
    'sepa pre-notifications',
    async () => {
      const queued = await runSepaPreNotifications(db, new Date());
      if (queued > 0) log.info({ queued }, 'sepa pre-notifications queued');
    },
    log,
    everyMs,
  );
  job.start();
  return () => job.stop();
}
