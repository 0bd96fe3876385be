import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/db/client.ts';
import { PeriodicJob } from '@/lib/durable-queue.ts';
import { type ReminderOptions, runReminders } from '@/modules/reminders/reminders.service.ts';

/**
 * The automatic reminders (docs/product.md#reminders): a run at start-up and then every 15 minutes. Every send is
 * claimed by a unique row in its own transaction, so processes running it at once never send twice. `now` is
 * injectable: tests run `app.reminders.run(at)` with their own clock instead.
 */
export function startReminders(
  db: Db,
  log: FastifyBaseLogger,
  opts: ReminderOptions,
  everyMs = 15 * 60 * 1000,
  now: () => Date = () => new Date(),
): () => Promise<void> {
  const job = new PeriodicJob(
    'reminders',
    async () => {
      const n = await runReminders(db, opts, now());
      if (n.clientReminders + n.ownerSummaries > 0) log.info(n, 'reminders queued');
    },
    log,
    everyMs,
  );
  job.start();
  return () => job.stop();
}
