import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '@/db/client.ts';
import { startExpirySweep } from '@/jobs/expiry-sweep.ts';
import { OutboxWorker } from '@/jobs/outbox-worker.ts';
import { startReminders } from '@/jobs/reminders.ts';
import { startSepaPreNotifications } from '@/jobs/sepa-pre-notifications.ts';
import { startTrialNotices } from '@/jobs/trial-notices.ts';
import { WebhookWorker, type WebhookWorkerOptions } from '@/jobs/webhook-worker.ts';
import { PeriodicJob } from '@/lib/durable-queue.ts';
import type { MailTransport } from '@/lib/mail-transport.ts';
import { type ReminderOptions, runReminders } from '@/modules/reminders/reminders.service.ts';
import { drainSealJobs, type SealDependencies } from '@/modules/sealed-documents/sealed-documents.service.ts';
import { runSepaPreNotifications } from '@/modules/sepa/sepa-pre-notification.ts';
import { runTrialNotices } from '@/modules/trial/trial.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxWorker;
    /** Produces the queued sealed PDFs now; tests call `drain()` directly. */
    sealer: { drain(): Promise<number> };
    webhookWorker: WebhookWorker;
    /** One run of the reminders job at the given instant (docs/product.md#reminders); tests pass their clock. */
    reminders: { run(now?: Date): ReturnType<typeof runReminders> };
    /** One run of the trial's emails at the given instant (docs/product.md#plans); tests pass their clock. */
    trialNotices: { run(now?: Date): Promise<number> };
    /** One run of the SEPA pre-notifications at the given instant (docs/product.md#mandates-collections-and-the-file). */
    sepaPreNotifications: { run(now?: Date): Promise<number> };
  }
}

export interface WorkersPluginOptions {
  db: Db;
  transport: MailTransport;
  mailFrom: string;
  /** Opens the organizations' sealed DKIM keys as the outbox worker signs (secretBoxKey(secret, 'dkim')). */
  dkimSecretKey: Buffer;
  /** What the seal worker needs to produce, store and email the sealed PDFs. */
  seal: SealDependencies;
  /** Whether this process runs the outbox and the expiry sweep (off in tests, which drain the outbox by hand). */
  run: boolean;
  /** BENCH_SEAL_PAUSED: the seal job does not start (the bench's reference); `app.sealer.drain()` still works. */
  sealJobPaused?: boolean;
  webhooks: WebhookWorkerOptions;
  reminders: ReminderOptions;
  /** The app's address, for the trial emails' link to Configurações → Plano. */
  appUrl: string;
}

/**
 * The in-process background work and its life cycle: the email outbox worker (`app.outbox`), the webhook delivery worker (`app.webhookWorker`), the expiry
 * sweep, the reminders (`app.reminders`) and the trial's emails (`app.trialNotices`) start when the app is ready and stop when it closes (docs/architecture.md, "Server").
 */
export const workersPlugin = fp(
  async (app: FastifyInstance, opts: WorkersPluginOptions) => {
    const outbox = new OutboxWorker(opts.db, opts.transport, opts.mailFrom, app.log, {
      dkimSecretKey: opts.dkimSecretKey,
    });
    app.decorate('outbox', outbox);
    const sealer = { drain: () => drainSealJobs(opts.seal, app.log) };
    app.decorate('sealer', sealer);
    const webhookWorker = new WebhookWorker(opts.db, app.log, opts.webhooks);
    app.decorate('webhookWorker', webhookWorker);
    app.decorate('reminders', { run: (now = new Date()) => runReminders(opts.db, opts.reminders, now) });
    app.decorate('trialNotices', {
      run: (now = new Date()) => runTrialNotices(opts.db, { appUrl: opts.appUrl }, now),
    });
    app.decorate('sepaPreNotifications', {
      run: (now = new Date()) => runSepaPreNotifications(opts.db, now),
    });
    if (opts.run) {
      // The sealed PDFs (docs/decisions.md, "Sealed certificate and verification"): polled like the outbox,
      // one pass at a time per process; jobs are claimed with SKIP LOCKED, so processes never collide.
      const sealing = new PeriodicJob('seal worker', sealer.drain, app.log, 2000);
      let stopSweep: () => Promise<void> = async () => {};
      let stopReminders: () => Promise<void> = async () => {};
      let stopTrialNotices: () => Promise<void> = async () => {};
      let stopSepaPreNotifications: () => Promise<void> = async () => {};
      app.addHook('onReady', async () => {
        if (!opts.sealJobPaused) sealing.start();
        outbox.start();
        webhookWorker.start();
        stopSweep = startExpirySweep(opts.db, app.log);
        stopReminders = startReminders(opts.db, app.log, opts.reminders);
        stopTrialNotices = startTrialNotices(opts.db, app.log, { appUrl: opts.appUrl });
        stopSepaPreNotifications = startSepaPreNotifications(opts.db, app.log);
      });
      app.addHook('onClose', async () => {
        await Promise.all([
          sealing.stop(),
          stopSweep(),
          stopReminders(),
          stopTrialNotices(),
          stopSepaPreNotifications(),
        ]);
      });
    }
    app.addHook('onClose', async () => Promise.all([outbox.stop(), webhookWorker.stop()]));
  },
  { name: 'workers' },
);
