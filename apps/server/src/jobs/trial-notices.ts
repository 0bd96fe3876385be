import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/db/client.ts';
import { PeriodicJob } from '@/lib/durable-queue.ts';
import { runTrialNotices } from '@/modules/trial/trial.service.ts';

/**
 * The trial's emails (docs/product.md#plans): a run at start-up and then every hour. Each notice is claimed by
 * its row in `trial_notices` in the transaction that queues it, so processes running it at once never send
 * twice. Tests run `app.trialNotices.run(at)` with their own clock instead.
 */
export function startTrialNotices(
  db: Db,
  log: FastifyBaseLogger,
  opts: { appUrl: string },
  everyMs = 60 * 60 * 1000,
): () => Promise<void> {
  const job = new PeriodicJob(
    'trial notices',
    async () => {
      const queued = await runTrialNotices(db, opts, new Date());
      if (queued > 0) log.info({ queued }, 'trial notices queued');
    },
    log,
    everyMs,
  );
  job.start();
  return () => job.stop();
}
