import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@/db/client.ts';
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
): () => Promise<unknown> {
  let running: Promise<unknown> | null = null;
  const run = () => {
    running ??= runReminders(db, opts, now())
      .then((n) => {
        if (n.clientReminders + n.ownerSummaries > 0) log.info(n, 'reminders queued');
      })
      .catch((error) => log.error({ err: error }, 'reminders failed'))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  // Stopping waits for a pass under way: the app closes its database only after.
  return async () => {
    clearInterval(timer);
    await running;
  };
}
