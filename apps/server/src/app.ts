import path from 'node:path';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '@/config/env.ts';
import type { Database } from '@/db/client.ts';
import { AccessTokens } from '@/lib/jwt.ts';
import { redactUrl } from '@/lib/log-redaction.ts';
import { createMailTransport, type MailTransport } from '@/lib/mail-transport.ts';
import { postgresRateLimitStore } from '@/lib/postgres-rate-limit-store.ts';
import { useReferenceReads } from '@/lib/read-path.ts';
import { responseSerializerCompiler } from '@/lib/response-serializer.ts';
import { resolveSealKey } from '@/lib/seal-key.ts';
import { secretBoxKey } from '@/lib/secret-box.ts';
import { type FileStorage, localStorage, s3Storage } from '@/lib/storage.ts';
import { adminRoutes } from '@/modules/admin/admin.routes.ts';
import { analyticsRoutes } from '@/modules/analytics/analytics.routes.ts';
import { apiKeysRoutes } from '@/modules/api-keys/api-keys.routes.ts';
import { authenticateApiKey } from '@/modules/api-keys/api-keys.service.ts';
import { approvalsRoutes } from '@/modules/approvals/approvals.routes.ts';
import { attachmentsRoutes } from '@/modules/attachments/attachments.routes.ts';
import { authRoutes } from '@/modules/auth/auth.routes.ts';
import { sessionHolds } from '@/modules/auth/auth.service.ts';
import { SessionCache } from '@/modules/auth/session-cache.ts';
import { benchRoutes } from '@/modules/bench/bench.routes.ts';
import { clientsRoutes } from '@/modules/clients/clients.routes.ts';
import { commentsRoutes } from '@/modules/comments/comments.routes.ts';
import { contentBlocksRoutes } from '@/modules/content-blocks/content-blocks.routes.ts';
import { selectHostOwner, selectTokenOwner } from '@/modules/custom-domains/custom-domains.queries.ts';
import { customDomainRoutes } from '@/modules/custom-domains/custom-domains.routes.ts';
import { emailSenderRoutes } from '@/modules/email-sender/email-sender.routes.ts';
import { evidenceRoutes } from '@/modules/evidence/evidence.routes.ts';
import { healthRoutes } from '@/modules/health/health.routes.ts';
import { notificationsRoutes } from '@/modules/notifications/notifications.routes.ts';
import { PdfWorkers } from '@/modules/pdf-workers/pdf-workers.ts';
import { planRoutes } from '@/modules/plans/plans.routes.ts';
import { productsRoutes } from '@/modules/products/products.routes.ts';
import { proposalMessagesRoutes } from '@/modules/proposal-messages/proposal-messages.routes.ts';
import { proposalPdfRoutes } from '@/modules/proposal-pdf/proposal-pdf.routes.ts';
import { proposalVersionsRoutes } from '@/modules/proposal-versions/proposal-versions.routes.ts';
import { proposalsRoutes } from '@/modules/proposals/proposals.routes.ts';
import { publicProposalsRoutes } from '@/modules/public-proposals/public-proposals.routes.ts';
import { publicPageStamp, viewProposal } from '@/modules/public-proposals/public-proposals.service.ts';
import { readingRoutes } from '@/modules/reading/reading.routes.ts';
import { remindersRoutes } from '@/modules/reminders/reminders.routes.ts';
import { sealedDocumentsRoutes } from '@/modules/sealed-documents/sealed-documents.routes.ts';
import type { ChainCheck } from '@/modules/sealed-documents/sealed-documents.service.ts';
import { sepaRoutes } from '@/modules/sepa/sepa.routes.ts';
import { sepaCollectionsRoutes } from '@/modules/sepa/sepa-collections.routes.ts';
import { settingsRoutes } from '@/modules/settings/settings.routes.ts';
import { ssoRoutes } from '@/modules/sso/sso.routes.ts';
import { teamsRoutes } from '@/modules/teams/teams.routes.ts';
import { templatesRoutes } from '@/modules/templates/templates.routes.ts';
import { usersRoutes } from '@/modules/users/users.routes.ts';
import { webhooksRoutes } from '@/modules/webhooks/webhooks.routes.ts';
import { AccessLogController } from '@/plugins/access-log.ts';
import { authPlugin } from '@/plugins/auth.ts';
import { customHostPlugin } from '@/plugins/custom-host.ts';
import { errorHandlerPlugin, frameworkErrors } from '@/plugins/error-handler.ts';
import { impersonationAuditPlugin } from '@/plugins/impersonation-audit.ts';
import { inputGuardPlugin } from '@/plugins/input-guard.ts';
import { notFoundPlugin } from '@/plugins/not-found.ts';
import { openapiPlugin } from '@/plugins/openapi.ts';
import { staticPlugin } from '@/plugins/static.ts';
import { tenantPlugin } from '@/plugins/tenant.ts';
import { workersPlugin } from '@/plugins/workers.ts';

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /**
   * Tests: a pool of PDF threads shared by every app of the test process (its owner closes it), so each app
   * does not start its own thread; otherwise the app makes one of `config.pdfWorkers` threads and closes it.
   */
  pdfWorkers?: PdfWorkers;
  /** Replaces the configured file storage (tests). */
  storage?: FileStorage;
  /** Replaces the evidence-chain check of /verificar (tests). */
  chainCheck?: ChainCheck;
  /** Replaces the SMTP/outbox-folder transport (tests). */
  mailTransport?: MailTransport;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
  /**
   * Sees every answer before it is sent, registered before any route so it applies to all (tests: each answer
   * is checked against the OpenAPI document, apps/server/src/test/contract.ts). None in production.
   */
  onSend?: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Public address of the app, for links in emails. */
    appUrl: string;
    /** The per-process session cache, or null when off (config.sessionCache). */
    sessionCache: SessionCache | null;
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
    // One line per request instead of Fastify's two: plugins/access-log.ts.
    logController: new AccessLogController(),
    requestIdHeader: false,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('appUrl', config.appUrl);
  if (options.onSend) app.addHook('onSend', options.onSend);
  app.setValidatorCompiler(validatorCompiler);
  // JSON from each route's schema, not zod-validated object by object (issue 26); tests check both agree.
  app.setSerializerCompiler(
    responseSerializerCompiler({ check: config.checkResponses ?? false, fast: !config.referenceReads }),
  );
  if (config.referenceReads) useReferenceReads(database.db);

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
  // Counted in PostgreSQL, so every process and machine sharing the database shares each limit (issue 26).
  await app.register(rateLimit, { global: false, store: postgresRateLimitStore(database.pool) });
  await app.register(multipart, { throwFileSizeLimit: true });
  const storage =
    options.storage ??
    (config.s3 ? s3Storage(config.s3) : localStorage(path.join(config.dataDir, 'uploads')));
  await app.register(openapiPlugin);
  // One round trip per authenticated read (issue 41): the session check's answer kept per process, dropped by
  // PostgreSQL's notifications (modules/auth/session-cache.ts, docs/architecture.md#the-session-cache).
  const sessions = config.sessionCache
    ? new SessionCache({
        listenUrl: config.databaseDirectUrl ?? database.url,
        check: (claims) => sessionHolds(database.db, claims),
        log: { info: (msg) => app.log.info(msg), warn: (obj, msg) => app.log.warn(obj, msg) },
      })
    : null;
  app.decorate('sessionCache', sessions);
  if (sessions) {
    sessions.start();
    app.addHook('onClose', () => sessions.close());
  }
  await app.register(authPlugin, {
    accessTokens: new AccessTokens(config.jwtSecret),
    sessionHolds: sessions
      ? (claims) => sessions.holds(claims)
      : (claims) => sessionHolds(database.db, claims),
    afterWrite: sessions ? () => sessions.afterWrite() : undefined,
    authenticateApiKey: (secret) => authenticateApiKey(database.db, secret),
    apiKeyRateLimitPerMinute: config.apiKeyRateLimitPerMinute ?? 600,
  });
  await app.register(tenantPlugin, { db: database.db });
  const appHost = new URL(config.appUrl).hostname.toLowerCase();
  await app.register(customHostPlugin, {
    appHost,
    ownerOfHost: (host) => selectHostOwner(database.db, host),
    ownerOfToken: (token) => selectTokenOwner(database.db, token),
  });
  const sealKey = config.sealKey ?? (await resolveSealKey({ dataDir: config.dataDir }));
  // Rendering and sealing PDFs off the event loop (PDF_WORKERS, docs/deployment.md; docs/decisions.md, "Issue
  // 41 — sealing off the event loop"): threads start on the first PDF and end with the app.
  const pdfWorkers = options.pdfWorkers ?? new PdfWorkers({ threads: config.pdfWorkers ?? 1 });
  if (!options.pdfWorkers) app.addHook('onClose', () => pdfWorkers.close());
  const mailLimits = config.mailLimits ?? { perOrganizationPerHour: 200, perRecipientPerHour: 10 };

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes, {
        appUrl: config.appUrl,
        rateLimitMax: config.authRateLimitMax,
        accountFailureLimit: config.authAccountFailureLimit ?? 10,
        registrationLimitPerHour: config.registrationLimitPerHour ?? 10,
      });
      await api.register(clientsRoutes, { storage });
      await api.register(productsRoutes);
      await api.register(templatesRoutes);
      await api.register(contentBlocksRoutes);
      await api.register(proposalsRoutes, { storage, mailLimits });
      await api.register(approvalsRoutes);
      await api.register(proposalVersionsRoutes);
      await api.register(proposalPdfRoutes, { render: (data) => pdfWorkers.render(data) });
      await api.register(evidenceRoutes);
      await api.register(commentsRoutes);
      await api.register(proposalMessagesRoutes, { appUrl: config.appUrl });
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
      await api.register(apiKeysRoutes);
      await api.register(settingsRoutes, {
        passwordChangeLimitPerHour: config.passwordChangeLimitPerHour ?? 10,
      });
      await api.register(sepaRoutes);
      await api.register(sepaCollectionsRoutes);
      await api.register(ssoRoutes, {
        appUrl: config.appUrl,
        secret: config.jwtSecret,
        outbound: {
          allowPrivate: config.webhooks?.allowPrivate ?? false,
          allowedPorts: config.webhooks?.allowedPorts,
        },
        rateLimitMax: config.authRateLimitMax,
        resolveTxt: config.ssoResolveTxt,
      });
      await api.register(customDomainRoutes, {
        appHost,
        rateLimitMax: config.publicRateLimitMax * 6,
        resolveTxt: config.ssoResolveTxt,
      });
      await api.register(emailSenderRoutes, { secret: config.jwtSecret, resolveTxt: config.ssoResolveTxt });
      await api.register(planRoutes);
      await api.register(webhooksRoutes, {
        allowPrivate: config.webhooks?.allowPrivate ?? false,
        allowedPorts: config.webhooks?.allowedPorts,
        limits: config.webhookLimits ?? { endpointsPerOrganization: 10, testEventsPerHour: 20 },
      });
      if (config.benchRoutes) await api.register(benchRoutes);
      await api.register(publicProposalsRoutes, {
        renderPdf: (data) => pdfWorkers.render(data),
        viewRateLimitMax: config.publicRateLimitMax * 6,
        actionRateLimitMax: config.publicRateLimitMax,
        secret: config.jwtSecret,
        answerCodeLimits: config.answerCodeLimits ?? {
          resendAfterSeconds: 60,
          perProposalPerHour: 5,
          perRecipientPerHour: 20,
        },
        clientMessageLimits: config.clientMessageLimits ?? { perProposalPerHour: 10, perIpPerHour: 20 },
      });
      await api.register(remindersRoutes, { rateLimitMax: config.publicRateLimitMax });
      await api.register(readingRoutes, { rateLimitMax: config.publicRateLimitMax * 6 });
      await api.register(sealedDocumentsRoutes, {
        storage,
        downloadRateLimitMax: config.publicRateLimitMax * 6,
        verifyRateLimitMax: config.publicRateLimitMax,
        chainCheck: options.chainCheck,
      });
    },
    { prefix: '/api/v1' },
  );

  await app.register(impersonationAuditPlugin, { db: database.db });
  if (config.webDistDir) {
    await app.register(staticPlugin, {
      root: config.webDistDir,
      // /p/{token} is rendered from the public API's own read, with no view counted (docs/product.md#views).
      publicPage: {
        read: (token, meta) => viewProposal(database.db, token, { ...meta, countView: false }),
        stamp: (token) => publicPageStamp(database.db, token),
      },
      publicPageRateLimitMax: config.publicRateLimitMax * 6,
    });
  }
  await app.register(notFoundPlugin);
  await app.register(workersPlugin, {
    db: database.db,
    transport:
      options.mailTransport ??
      createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, log: app.log }),
    mailFrom: config.mailFrom,
    dkimSecretKey: secretBoxKey(config.jwtSecret, 'dkim'),
    seal: { db: database.db, storage, sealKey, appUrl: config.appUrl, tsa: config.sealTsa, pdfWorkers },
    run: config.runWorkers,
    sealJobPaused: config.sealJobPaused ?? false,
    webhooks: {
      ...config.webhooks,
      allowPrivate: config.webhooks?.allowPrivate ?? false,
      appUrl: config.appUrl,
    },
    reminders: { appUrl: config.appUrl, mailLimits },
    appUrl: config.appUrl,
  });

  return app;
}
