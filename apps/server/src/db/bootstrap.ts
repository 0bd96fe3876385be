import path from 'node:path';
import pg from 'pg';
import { connectDatabase, type Database, type DatabasePooler, runMigrations } from './client.ts';
import { startEmbeddedPostgres } from './embedded.ts';

export interface DatabaseHandle extends Database {
  /** Stops the embedded server too, when there is one. */
  shutdown(): Promise<void>;
  embedded: boolean;
  /** Where it is: the cluster's primary hands it to the server processes (server.ts). */
  url: string;
}

const APP_DATABASE = 'aceite';

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL server in DATA_DIR/postgres. Either way the
 * committed migrations are applied before the app serves anything.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  /** What DATABASE_URL points at: a pooler in transaction mode gets unnamed statements (db/client.ts). */
  pooler?: DatabasePooler;
  dataDir: string;
  log: (msg: string) => void;
}): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const database = connectDatabase(opts.databaseUrl, 10, { pooler: opts.pooler });
    await runMigrations(database.db);
    return { ...database, embedded: false, url: opts.databaseUrl, shutdown: () => database.close() };
  }
  const server = await startEmbeddedPostgres({ dir: path.join(opts.dataDir, 'postgres'), log: () => {} });
  opts.log('embedded PostgreSQL started');
  try {
    await ensureDatabase(server.url(), APP_DATABASE);
    const database = connectDatabase(server.url(APP_DATABASE));
    await runMigrations(database.db);
    return {
      ...database,
      embedded: true,
      url: server.url(APP_DATABASE),
      async shutdown() {
        await database.close();
        await server.stop();
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
