-- Rate-limit counters shared by every process and machine (apps/server/src/lib/postgres-rate-limit-store.ts,
-- issue 26). UNLOGGED: a counter lost in a database crash only restarts a window; not worth a WAL write per
-- limited request. Not in the Drizzle schema: only that store reads and writes it, in plain SQL.
CREATE UNLOGGED TABLE IF NOT EXISTS "rate_limit_counters" (
  "key" text PRIMARY KEY,
  "count" integer NOT NULL,
  "window_ends_at" timestamptz NOT NULL
);
