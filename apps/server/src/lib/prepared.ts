import type { SQL } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';

const byHandle = new WeakMap<object, Map<string, unknown>>();

/**
 * A hot query built once per database handle and sent as a named statement (issue 26): Drizzle does not build
 * its SQL text again on every call, and PostgreSQL parses it once per connection. `prepare` receives the handle
 * and returns the Drizzle prepared query (`.prepare(name)`, values as `sql.placeholder`). A transaction is a
 * handle of its own, so its queries are built once per transaction — still correct, just not cached across.
 *
 * Named statements live on their connection: a pooler in transaction mode (PgBouncer) must support them
 * (docs/deployment.md).
 */
export function preparedOn<T>(db: Db, name: string, prepare: (db: Db) => T): T {
  let queries = byHandle.get(db);
  if (!queries) {
    queries = new Map();
    byHandle.set(db, queries);
  }
  let query = queries.get(name) as T | undefined;
  if (!query) {
    query = prepare(db);
    queries.set(name, query);
  }
  return query;
}

interface PreparedSql {
  execute(values: Record<string, unknown>): Promise<{ rows: unknown[] }>;
}

/**
 * A hand-written statement (values as `sql.placeholder`) prepared the same way, for the queries Drizzle's builder
 * does not express. Its rows come back as PostgreSQL names them.
 */
export async function executePrepared<Row>(
  db: Db,
  name: string,
  query: () => SQL,
  values: Record<string, unknown>,
): Promise<Row[]> {
  const prepared = preparedOn(db, name, (handle) => {
    // Drizzle's own prepare, which its query builder calls; `db.execute` has no name to give.
    const internal = handle as unknown as {
      dialect: { sqlToQuery(sql: SQL): { sql: string; params: unknown[] } };
      session: {
        prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: boolean): PreparedSql;
      };
    };
    return internal.session.prepareQuery(internal.dialect.sqlToQuery(query()), undefined, name, false);
  });
  return (await prepared.execute(values)).rows as Row[];
}
