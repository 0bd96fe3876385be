import { drizzle, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

/** A database handle or a transaction: query functions accept either. */
export type Db = PgDatabase<NodePgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** Where the pool connects (the session cache's listener connects there too, unless DATABASE_DIRECT_URL). */
  url: string;
  close(): Promise<void>;
}

// Dates and numerics as the API wants them: bigint counts as numbers, timestamps as JS Dates (default).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

/**
 * How the app reaches PostgreSQL: straight (`none`), or through a pooler in transaction mode (`transaction`,
 * PgBouncer before 1.21), where consecutive transactions of one pool client may run on different server
 * connections, so a named statement parsed on one is unknown on the next (docs/scale.md#pgbouncer-in-transaction-mode).
 */
export type DatabasePooler = 'none' | 'transaction';

/**
 * A client that sends every statement unnamed (parsed on each execution): named statements (lib/prepared.ts)
 * keep their cached SQL text, only PostgreSQL's per-connection parse is lost. Queries that carry their own
 * protocol (cursors, `submit`) are passed as they are.
 */
class UnnamedStatementsClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [config, ...rest] = args;
    if (config && typeof config === 'object' && 'name' in config && !('submit' in config)) {
      const { name: _name, ...unnamed } = config as { name?: string };
      return (super.query as (...a: unknown[]) => never)(unnamed, ...rest);
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

export function connectDatabase(url: string, max = 10, options: { pooler?: DatabasePooler } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    ...(options.pooler === 'transaction' ? { Client: UnnamedStatementsClient } : {}),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { db, pool, url, close: () => pool.end() };
}

/** The committed drizzle-kit SQL, applied at start-up on the embedded server and any PostgreSQL alike. */
export const MIGRATIONS_DIR = new URL('./migrations', import.meta.url).pathname;

export async function runMigrations(db: Db, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  await migrate(db, { migrationsFolder });
}
