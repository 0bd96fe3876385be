import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '@/db/client.ts';
import { startExpirySweep } from '@/jobs/expiry-sweep.ts';
import { OutboxWorker } from '@/jobs/outbox-worker.ts';
import { WebhookWorker, type WebhookWorkerOptions } from '@/jobs/webhook-worker.ts';
import type { MailTransport } from '@/lib/mail-transport.ts';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxWorker;
    webhookWorker: WebhookWorker;
  }
}

export interface WorkersPluginOptions {
  db: Db;
  transport: MailTransport;
  mailFrom: string;
  /** Whether this process runs the outbox and the expiry sweep (off in tests, which drain the outbox by hand). */
  run: boolean;
  webhooks: WebhookWorkerOptions;
}

/**
 * The in-process background work and its life cycle: the email outbox worker (`app.outbox`), the webhook delivery worker (`app.webhookWorker`) and the expiry
 * sweep start when the app is ready and stop when it closes (docs/architecture.md, "Server").
 */
export const workersPlugin = fp(
  async (app: FastifyInstance, opts: WorkersPluginOptions) => {
    const outbox = new OutboxWorker(opts.db, opts.transport, opts.mailFrom, app.log);
    app.decorate('outbox', outbox);
    const webhookWorker = new WebhookWorker(opts.db, app.log, opts.webhooks);
    app.decorate('webhookWorker', webhookWorker);
    if (opts.run) {
      let stopSweep = () => {};
      app.addHook('onReady', async () => {
        outbox.start();
        webhookWorker.start();
        stopSweep = startExpirySweep(opts.db, app.log);
      });
      app.addHook('onClose', async () => stopSweep());
    }
    app.addHook('onClose', async () => Promise.all([outbox.stop(), webhookWorker.stop()]));
  },
  { name: 'workers' },
);
