import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type pg from 'pg';

/** What @fastify/rate-limit expects of a store: the count of the key's window and the window's time left. */
type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The route a limit belongs to (absent for limiters made with `createRateLimit`). */
type StoreOptions = { routeInfo?: { method?: string; url?: string } };

// One row per key and window (fixed windows, like the plugin's own store). The table is UNLOGGED (migration
// 0018): counters are worth losing on a database crash, not worth a write-ahead-log write per request.
const INCREMENT = `
  insert into rate_limit_counters as c (key, count, window_ends_at)
  values ($1, 1, clock_timestamp() + $2 * interval '1 millisecond')
  on conflict (key) do update set
    count = case when c.window_ends_at <= clock_timestamp() then 1 else c.count + 1 end,
    window_ends_at = case when c.window_ends_at <= clock_timestamp() then excluded.window_ends_at
                          else c.window_ends_at end
  returning count, greatest(0, ceil(extract(epoch from c.window_ends_at - clock_timestamp()) * 1000))::int as ttl`;
const READ = `
  select count, greatest(0, ceil(extract(epoch from window_ends_at - clock_timestamp()) * 1000))::int as ttl
    from rate_limit_counters where key = $1 and window_ends_at > clock_timestamp()`;
const SWEEP = 'delete from rate_limit_counters where window_ends_at < clock_timestamp()';
/** Expired rows are deleted by one increment in this many, per process. */
const SWEEP_EVERY = 1000;

/** Keys carry addresses and emails: long ones are hashed so a row stays small (the count is what matters). */
function storedKey(prefix: string, key: string): string {
  const full = `${prefix}${key}`;
  return full.length <= 200 ? full : `sha256:${createHash('sha256').update(full).digest('base64url')}`;
}

/**
 * A @fastify/rate-limit store in PostgreSQL (docs/deployment.md#scaling-out, issue 26): every process and every
 * machine sharing the database counts in the same row, so N processes do not multiply an attacker's allowance.
 * One statement per limited request, atomic under concurrency (`insert … on conflict do update`).
 */
export function postgresRateLimitStore(pool: pg.Pool): FastifyRateLimitStoreCtor {
  let increments = 0;
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    readonly #prefix: string;

    constructor(options: object = {}) {
      const { routeInfo } = options as StoreOptions;
      // The plugin's own store keeps one map per route; here the route is part of the key.
      const route = routeInfo?.url ? `${routeInfo.method} ${routeInfo.url}` : '';
      this.#prefix = route ? `${route}|` : '';
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      if (++increments % SWEEP_EVERY === 0) pool.query(SWEEP).catch(() => {});
      pool.query<{ count: number; ttl: number }>(INCREMENT, [storedKey(this.#prefix, key), timeWindow]).then(
        ({ rows: [row] }) => callback(null, { current: row?.count ?? 1, ttl: row?.ttl ?? timeWindow }),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback): void {
      pool.query<{ count: number; ttl: number }>(READ, [storedKey(this.#prefix, key)]).then(
        ({ rows: [row] }) => callback(null, { current: row?.count ?? 0, ttl: row?.ttl ?? 0 }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      return new PostgresRateLimitStore(routeOptions);
    }
  }
  return PostgresRateLimitStore;
}
