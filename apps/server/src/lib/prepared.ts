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
