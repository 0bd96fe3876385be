import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/db/client.ts';
import { PeriodicJob } from '@/lib/durable-queue.ts';
import { expireOverdueProposals } from '@/modules/public-proposals/public-proposals.service.ts';
import { aggregateExpiredReading } from '@/modules/reading/reading.service.ts';

/**
 * Marks overdue proposals expired (docs/product.md#expiry) at start-up and then every 15 minutes. Reads of a
 * single proposal also expire it on the spot, so the sweep only keeps lists and counts current. The same run
 * folds reading visits older than each organization's retention into totals (docs/product.md#reading).
 */
export function startExpirySweep(
  db: Db,
  log: FastifyBaseLogger,
  everyMs = 15 * 60 * 1000,
): () => Promise<void> {
  const job = new PeriodicJob(
    'expiry sweep',
    async () => {
      // Each half logs its own failure, so a failing expiry never stops the retention fold.
      const expired = await expireOverdueProposals(db).catch((error) => {
        log.error({ err: error }, 'expiry sweep failed');
        return 0;
      });
      if (expired > 0) log.info({ expired }, 'overdue proposals expired');
      const aggregated = await aggregateExpiredReading(db).catch((error) => {
        log.error({ err: error }, 'reading retention failed');
        return 0;
      });
      if (aggregated > 0) log.info({ aggregated }, 'reading visits past retention aggregated');
    },
    log,
    everyMs,
  );
  job.start();
  return () => job.stop();
}
