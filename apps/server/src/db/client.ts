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

export function connectDatabase(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
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
