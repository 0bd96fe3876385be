import path from 'node:path';
import { MESSAGES } from '@aceite/shared/messages';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '@/config/env.ts';
import type { Database } from '@/db/client.ts';
import { startExpirySweep } from '@/jobs/expiry-sweep.ts';
import { OutboxWorker } from '@/jobs/outbox-worker.ts';
import { AccessTokens } from '@/lib/jwt.ts';
import { redactUrl } from '@/lib/log-redaction.ts';
import { createMailTransport, type MailTransport } from '@/lib/mail-transport.ts';
import { type FileStorage, localStorage, s3Storage } from '@/lib/storage.ts';
import { adminRoutes } from '@/modules/admin/admin.routes.ts';
import { auditImpersonatedWrite } from '@/modules/admin/admin.service.ts';
import { analyticsRoutes } from '@/modules/analytics/analytics.routes.ts';
import { attachmentsRoutes } from '@/modules/attachments/attachments.routes.ts';
import { authRoutes } from '@/modules/auth/auth.routes.ts';
import { sessionHolds } from '@/modules/auth/auth.service.ts';
import { benchRoutes } from '@/modules/bench/bench.routes.ts';
import { clientsRoutes } from '@/modules/clients/clients.routes.ts';
import { commentsRoutes } from '@/modules/comments/comments.routes.ts';
import { healthRoutes } from '@/modules/health/health.routes.ts';
import { notificationsRoutes } from '@/modules/notifications/notifications.routes.ts';
import { productsRoutes } from '@/modules/products/products.routes.ts';
import { proposalVersionsRoutes } from '@/modules/proposal-versions/proposal-versions.routes.ts';
import { proposalsRoutes } from '@/modules/proposals/proposals.routes.ts';
import { publicProposalsRoutes } from '@/modules/public-proposals/public-proposals.routes.ts';
import { settingsRoutes } from '@/modules/settings/settings.routes.ts';
import { teamsRoutes } from '@/modules/teams/teams.routes.ts';
import { templatesRoutes } from '@/modules/templates/templates.routes.ts';
import { usersRoutes } from '@/modules/users/users.routes.ts';
import { authPlugin } from '@/plugins/auth.ts';
import { errorHandlerPlugin, frameworkErrors } from '@/plugins/error-handler.ts';
import { inputGuardPlugin } from '@/plugins/input-guard.ts';
import { openapiPlugin } from '@/plugins/openapi.ts';
import { staticPlugin } from '@/plugins/static.ts';
import { tenantPlugin } from '@/plugins/tenant.ts';

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** Replaces the configured file storage (tests). */
  storage?: FileStorage;
  /** Replaces the SMTP/outbox-folder transport (tests). */
  mailTransport?: MailTransport;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxWorker;
    /** Public address of the app, for links in emails. */
    appUrl: string;
  }
}

/** Builds the whole app (plugins, then modules under /api/v1). Never listens. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: {
              paths: [
                'req.headers.authorization',
                'req.headers.cookie',
                '*.password',
                '*.refreshToken',
                '*.token',
              ],
              censor: '[redacted]',
            },
            serializers: {
              // Fastify's own request fields, with the tokens some URLs carry redacted.
              req: (req: FastifyRequest) => ({
                method: req.method,
                url: redactUrl(req.url),
                host: req.host,
                remoteAddress: req.ip,
                remotePort: req.socket?.remotePort,
              }),
            },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('appUrl', config.appUrl);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorHandlerPlugin);
  await app.register(inputGuardPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        // The API is same-origin; the browser's error reports (Sentry) go to the configured DSN's origin only.
        'connect-src': ["'self'", ...(config.reportingOrigins ?? [])],
        // Sentry's session replay compresses in a worker it starts from a blob.
        'worker-src': ["'self'", 'blob:'],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // The SPA is served from the same origin; other origins get no CORS grant.
  await app.register(cors, { origin: false });
  // Brotli/gzip for JSON and the built assets (a phone on a slow network gets a fraction of the bytes).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { throwFileSizeLimit: true });
  const storage =
    options.storage ??
    (config.s3 ? s3Storage(config.s3) : localStorage(path.join(config.dataDir, 'uploads')));
  await app.register(openapiPlugin);
  await app.register(authPlugin, {
    accessTokens: new AccessTokens(config.jwtSecret),
    sessionHolds: (claims) => sessionHolds(database.db, claims),
  });
  await app.register(tenantPlugin, { db: database.db });
  const mailLimits = config.mailLimits ?? { perOrganizationPerHour: 200, perRecipientPerHour: 10 };

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes, {
        appUrl: config.appUrl,
        rateLimitMax: config.authRateLimitMax,
        registrationLimitPerHour: config.registrationLimitPerHour ?? 10,
      });
      await api.register(clientsRoutes);
      await api.register(productsRoutes);
      await api.register(templatesRoutes);
      await api.register(proposalsRoutes, { storage, mailLimits });
      await api.register(proposalVersionsRoutes);
      await api.register(commentsRoutes);
      await api.register(attachmentsRoutes, {
        storage,
        publicRateLimitMax: config.publicRateLimitMax * 6,
        uploadsPerHour: config.uploadsPerOrganizationPerHour ?? 300,
      });
      await api.register(notificationsRoutes);
      await api.register(usersRoutes, {
        appUrl: config.appUrl,
        rateLimitMax: config.authRateLimitMax,
        mailLimits,
      });
      await api.register(teamsRoutes);
      await api.register(analyticsRoutes);
      await api.register(adminRoutes, { appUrl: config.appUrl });
      await api.register(settingsRoutes, {
        passwordChangeLimitPerHour: config.passwordChangeLimitPerHour ?? 10,
      });
      if (config.benchRoutes) await api.register(benchRoutes);
      await api.register(publicProposalsRoutes, {
        viewRateLimitMax: config.publicRateLimitMax * 6,
        actionRateLimitMax: config.publicRateLimitMax,
        secret: config.jwtSecret,
        answerCodeLimits: config.answerCodeLimits ?? {
          resendAfterSeconds: 60,
          perProposalPerHour: 5,
          perRecipientPerHour: 20,
        },
      });
    },
    { prefix: '/api/v1' },
  );

  // Every write made while impersonating lands in the audit log with both accounts (server-behaviour §9),
  // before the answer leaves: when the client has its answer, the record exists.
  app.addHook('onSend', async (req, reply, payload) => {
    const claims = req.auth;
    if (!claims?.impersonatorId || ['GET', 'HEAD', 'OPTIONS'].includes(req.method)) return payload;
    await auditImpersonatedWrite(database.db, claims, {
      method: req.method,
      route: req.routeOptions.url ?? req.url,
      url: req.url.split('?')[0] ?? req.url,
      statusCode: reply.statusCode,
      ip: req.ip,
    }).catch((error) => req.log.error({ err: error }, 'impersonation audit failed'));
    return payload;
  });

  if (config.webDistDir) await app.register(staticPlugin, { root: config.webDistDir });

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    // Client-side routes get the SPA shell; API paths and missing files (an extension) get the JSON 404.
    if (url.startsWith('/api') || req.method !== 'GET' || !app.sendSpaShell || /\.[a-z0-9]+$/i.test(url)) {
      return reply
        .status(404)
        .send({ error: { code: 'NOT_FOUND', message: MESSAGES.routeNotFound, requestId: req.id } });
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });

  const transport =
    options.mailTransport ??
    createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, log: app.log });
  const outbox = new OutboxWorker(database.db, transport, config.mailFrom, app.log);
  app.decorate('outbox', outbox);
  if (config.runWorkers) {
    let stopSweep = () => {};
    app.addHook('onReady', async () => {
      outbox.start();
      stopSweep = startExpirySweep(database.db, app.log);
    });
    app.addHook('onClose', async () => stopSweep());
  }
  app.addHook('onClose', async () => outbox.stop());

  return app;
}
