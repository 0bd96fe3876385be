import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '@/app.ts';
import type { AppConfig } from '@/config/env.ts';
import { connectDatabase, type DatabasePooler, type Db } from '@/db/client.ts';
import type { MailTransport, OutgoingMail } from '@/lib/mail-transport.ts';
import { PdfWorkers } from '@/modules/pdf-workers/pdf-workers.ts';
import { contractHook } from '@/test/contract.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** The database's URL: another app built with `sharedDatabaseUrl` serves the same data, as a second process. */
  databaseUrl: string;
  /** The connection pool behind `db` (a test may end it to play an unreachable database). */
  pool: pg.Pool;
  /** Messages handed to the mail transport (when the capture transport is used). */
  sentMail: OutgoingMail[];
  /** The app's DATA_DIR (uploads, outbox folder). */
  dataDir: string;
  /** The database's name: `buildTestApp({ sameDatabaseAs })` opens a second app (another pool) on it. */
  databaseName: string;
  close(): Promise<void>;
}

/** A transport that keeps messages in memory; tests of real SMTP delivery pass their own. */
export function captureTransport(sink: OutgoingMail[]): MailTransport {
  return {
    async send(mail) {
      sink.push(mail);
    },
    close() {},
  };
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('adminDbUrl') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * The real app on a fresh database cloned from the migrated template (milliseconds), with real auth.
 * Call `close()` in afterAll: it closes the app and drops the database.
 */
/**
 * One pool of PDF threads for every app of this test process (the files of a vitest worker share their
 * modules, docs/architecture.md#tests): a thread loads the PDF libraries once, not once per app. piscina
 * unrefs an idle thread, so the pool never holds the process open; it is never closed.
 */
let pdfWorkers: PdfWorkers | undefined;
function sharedPdfWorkers(): PdfWorkers {
  pdfWorkers ??= new PdfWorkers({ threads: 1 });
  return pdfWorkers;
}

export async function buildTestApp(
  overrides: Partial<AppConfig> & {
    mailTransport?: MailTransport;
    /** The app's own transport without SMTP (the .eml outbox folder, logging to the app's log), as `npm start`. */
    outboxFolder?: boolean;
    logStream?: { write(line: string): void };
    /** Serve another test app's database (a second process of the same deployment); left to that app to drop. */
    sharedDatabaseUrl?: string;
    /** The same, given that app. */
    sameDatabaseAs?: TestApp;
    /** What the URL points at, as DATABASE_POOLER says (the PgBouncer test: db/pgbouncer.test.ts). */
    databasePooler?: DatabasePooler;
  } = {},
): Promise<TestApp> {
  const { mailTransport, outboxFolder, logStream, sameDatabaseAs, databasePooler, ...rest } = overrides;
  const { sharedDatabaseUrl = sameDatabaseAs?.databaseUrl, ...configOverrides } = rest;
  const url = new URL(sharedDatabaseUrl ?? inject('adminDbUrl'));
  const name = sharedDatabaseUrl ? url.pathname.slice(1) : `test_${randomUUID().replaceAll('-', '')}`;
  if (!sharedDatabaseUrl) {
    await adminQuery(`create database "${name}" template "${inject('templateDb')}"`);
    url.pathname = `/${name}`;
  }
  const database = connectDatabase(url.toString(), 5, { pooler: databasePooler });
  const sentMail: OutgoingMail[] = [];
  const config: AppConfig = {
    appUrl: 'http://localhost:3000',
    jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    dataDir: await mkdtemp(path.join(os.tmpdir(), 'aceite-test-data-')),
    mailFrom: 'Aceite <no-reply@aceite.test>',
    logLevel: 'silent',
    trustProxy: false,
    authRateLimitMax: 1000,
    authAccountFailureLimit: 1000,
    passwordChangeLimitPerHour: 1000,
    registrationLimitPerHour: 1000,
    uploadsPerOrganizationPerHour: 1000,
    mailLimits: { perOrganizationPerHour: 1000, perRecipientPerHour: 1000 },
    // Test files answer many proposals of one client address; the per-address limit has its own test.
    answerCodeLimits: { resendAfterSeconds: 60, perProposalPerHour: 5, perRecipientPerHour: 1000 },
    publicRateLimitMax: 1000,
    runWorkers: false,
    // Every answer of every test also validated by zod and compared with the fast serializer's text.
    checkResponses: true,
    ...configOverrides,
  };
  // The app's own document, read once it is ready, checks every answer (issue 35, src/test/contract.ts).
  let served: FastifyInstance | undefined;
  const app = await buildApp({
    onSend: contractHook(() => (served as FastifyInstance).swagger() as never),
    config,
    database,
    // The log stays off unless a test reads it.
    logger: logStream ? undefined : false,
    logStream,
    mailTransport: outboxFolder ? undefined : (mailTransport ?? captureTransport(sentMail)),
    pdfWorkers: sharedPdfWorkers(),
  });
  await app.ready();
  served = app;
  return {
    app,
    db: database.db,
    databaseUrl: url.toString(),
    pool: database.pool,
    sentMail,
    dataDir: config.dataDir,
    databaseName: name,
    async close() {
      await app.close();
      await database.close();
      if (!sharedDatabaseUrl) await adminQuery(`drop database if exists "${name}" with (force)`);
    },
  };
}
