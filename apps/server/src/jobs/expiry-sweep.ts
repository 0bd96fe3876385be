import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/db/client.ts';
import { expireOverdueProposals } from '@/modules/public-proposals/public-proposals.service.ts';

/**
 * Marks overdue proposals expired (docs/product.md#expiry) at start-up and then every 15 minutes. Reads of a
 * single proposal also expire it on the spot, so the sweep only keeps lists and counts current.
 */
export function startExpirySweep(db: Db, log: FastifyBaseLogger, everyMs = 15 * 60 * 1000): () => void {
  const run = () =>
    expireOverdueProposals(db)
      .then((n) => {
        if (n > 0) log.info({ expired: n }, 'overdue proposals expired');
      })
      .catch((error) => log.error({ err: error }, 'expiry sweep failed'));
  void run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
