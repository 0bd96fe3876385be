import cluster from 'node:cluster';
import path from 'node:path';
import { buildApp } from './app.ts';
import { runPrimary, workerCount } from './cluster.ts';
import { readEnv } from './config/env.ts';
import { resolveAppConfig } from './config/resolve.ts';
import { openDatabase } from './db/bootstrap.ts';
import { seedDemo } from './db/seed-demo.ts';
import { flushErrorReporting, initErrorReporting } from './lib/error-reporting.ts';

// The built SPA sits beside the server bundle: apps/server/dist → apps/web/dist.
const WEB_DIST = path.resolve(new URL('.', import.meta.url).pathname, '../../web/dist');

/** The supported runtime (docs/decisions.md, "Node 24 LTS"); npm scripts run the Node 24 the project installs. */
const SUPPORTED_NODE_MAJOR = 24;

async function main(): Promise<void> {
  if (Number(process.versions.node.split('.')[0]) < SUPPORTED_NODE_MAJOR) {
    console.warn(
      `Aceite runs on Node ${SUPPORTED_NODE_MAJOR} LTS and this is Node ${process.versions.node}: start it through npm (npm start, npm run start:prod), which uses the Node ${SUPPORTED_NODE_MAJOR} that npm ci installs.`,
    );
  }
  const env = readEnv();
  const reporting = initErrorReporting({
    dsn: env.SENTRY_DSN,
    environment: env.SENTRY_ENVIRONMENT,
    release: env.SENTRY_RELEASE,
  });
  const config = await resolveAppConfig(env, WEB_DIST);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pooler: env.DATABASE_POOLER,
    dataDir: config.dataDir,
    log: (msg) => console.log(msg),
  });
  const count = workerCount(env, process.argv);
  if (count > 1 && cluster.isPrimary) {
    // Every core (docs/deployment.md#every-core): this process keeps the database and the demo data; the
    // server processes connect to the same database with the same token secret.
    if (process.argv.includes('--seed-demo')) {
      console.log((await seedDemo(database.db)) ? 'demo data loaded (Demo Lda)' : 'database not empty');
    }
    runPrimary({
      count,
      database,
      workerEnv: { DATABASE_URL: database.url, JWT_SECRET: config.jwtSecret },
      log: (message) => console.log(message),
    });
    return;
  }
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await database.shutdown();
      await flushErrorReporting();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    // The demo data is loaded only by the start command's flag, never by a production start.
    if (process.argv.includes('--seed-demo')) {
      const seeded = await seedDemo(database.db);
      app.log.info(seeded ? 'demo data loaded (Demo Lda)' : 'database not empty: demo data left as it is');
    }
    await app.listen({ port: env.PORT, host: env.HOST });
    app.log.info(`Aceite at ${config.appUrl} (API docs at ${config.appUrl}/api/docs)`);
    if (reporting) app.log.info({ environment: env.SENTRY_ENVIRONMENT }, 'error reporting on');
  } catch (error) {
    app.log.error({ err: error }, 'start-up failed');
    await app.close().catch(() => {});
    await database.shutdown().catch(() => {});
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
