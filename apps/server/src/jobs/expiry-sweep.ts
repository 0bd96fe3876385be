import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/db/client.ts';
import { expireOverdueProposals } from '@/modules/public-proposals/public-proposals.service.ts';
import { aggregateExpiredReading } from '@/modules/reading/reading.service.ts';

/**
 * Marks overdue proposals expired (docs/product.md#expiry) at start-up and then every 15 minutes. Reads of a
 * single proposal also expire it on the spot, so the sweep only keeps lists and counts current. The same run
 * folds reading visits older than each organization's retention into totals (docs/product.md#reading).
 */
export function startExpirySweep(db: Db, log: FastifyBaseLogger, everyMs = 15 * 60 * 1000): () => void {
  const run = () =>
    expireOverdueProposals(db)
      .then((n) => {
        if (n > 0) log.info({ expired: n }, 'overdue proposals expired');
      })
      .catch((error) => log.error({ err: error }, 'expiry sweep failed'))
      .then(() => aggregateExpiredReading(db))
      .then((n) => {
        if (n > 0) log.info({ aggregated: n }, 'reading visits past retention aggregated');
      })
      .catch((error) => log.error({ err: error }, 'reading retention failed'));
  void run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
