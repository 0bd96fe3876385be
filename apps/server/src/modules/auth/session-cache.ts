import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { AccessClaims } from '@/lib/jwt.ts';

/**
 * The answer of the per-request session check kept in this process (issue 41, docs/decisions.md "Issue 41 —
 * the session check cached per process"), so an authenticated read costs one round trip to PostgreSQL instead
 * of two. It stays revocable at once:
 *
 * - every change that can end or change a session notifies the channel `aceite_sessions` from a trigger
 *   (migration 0047): 's:<family>', 'u:<user>', 'o:<organization>'. One dedicated connection of this process
 *   (not from the pool, and on DATABASE_DIRECT_URL when set: LISTEN needs a session, which PgBouncer's
 *   transaction mode does not keep) listens and drops the entries concerned;
 * - while that connection is not listening (at start, after a drop, until it reconnects) the cache is empty and
 *   bypassed: every request asks PostgreSQL, as before;
 * - a write answered by this process waits for a barrier (`afterWrite`): its answer leaves once every
 *   notification committed before it has reached this process (so PostgreSQL has sent them to every process),
 *   and until then the cache is bypassed: the process that revoked a session never answers the next request
 *   from its own stale entry;
 * - an answer read while any notification arrived is used but not kept (it may predate the change);
 * - an entry lives at most `ttlMs` (a backstop, never what revocation waits for) and never past the session's
 *   own expiry.
 */

/** What the check answers when the session holds; `sessionUntil` bounds how long it may be kept. */
export interface SessionAnswer {
  trialEndsAt: Date | null;
  sessionUntil: Date;
}

export type SessionCheck = (claims: AccessClaims) => Promise<SessionAnswer | null>;

export const SESSIONS_CHANNEL = 'aceite_sessions';

interface Entry {
  userId: string;
  ownerId: string;
  organizationId: string | null;
  trialEndsAt: Date | null;
  until: number;
}

export interface SessionCacheOptions {
  /** The listening connection's URL: DATABASE_DIRECT_URL, else the pool's. */
  listenUrl: string;
  check: SessionCheck;
  /** Sessions kept; default 10,000. */
  max?: number;
  /** Backstop lifetime of an entry; default 60 s. */
  ttlMs?: number;
  /** Longest a write's answer waits for the barrier before the listener is dropped; default 2 s. */
  barrierTimeoutMs?: number;
  /** Wait before reconnecting the listener, doubled up to 10 s; default 500 ms. */
  reconnectMs?: number;
  log?: { info(msg: string): void; warn(obj: object, msg: string): void };
}

export class SessionCache {
  readonly #opts: Required<Omit<SessionCacheOptions, 'log'>> & Pick<SessionCacheOptions, 'log'>;
  /** Family id → the answers for each caller of that family (an impersonation shares the superadmin's). */
  readonly #entries: LRUCache<string, Map<string, Entry>>;
  /** This process's own channel for the barrier (only its listener listens to it). */
  readonly #syncChannel = `aceite_sync_${randomBytes(6).toString('hex')}`;
  #client: pg.Client | null = null;
  #listening = false;
  #closed = false;
  #retry: NodeJS.Timeout | null = null;
  #delay: number;
  /** Bumped by every invalidation: an answer read across a bump is not kept. */
  #version = 0;
  /** Barrier: writes answered (requested) and writes whose notifications have all arrived (synced). */
  #requested = 0;
  #synced = 0;
  #syncing = false;
  #syncSeq = 0;
  readonly #syncWaiters = new Map<string, () => void>();
  #barrierWaiters: Array<{ target: number; resolve: () => void }> = [];
  #listeningWaiters: Array<() => void> = [];

  constructor(options: SessionCacheOptions) {
    this.#opts = { max: 10_000, ttlMs: 60_000, reconnectMs: 500, barrierTimeoutMs: 2000, ...options };
    this.#delay = this.#opts.reconnectMs;
    this.#entries = new LRUCache({ max: this.#opts.max });
  }

  /** Whether the listener is up (the cache is used only then). */
  get listening(): boolean {
    return this.#listening;
  }

  /** The listening connection's backend pid (tests end it with pg_terminate_backend). */
  get listenerPid(): number | undefined {
    return this.#listening ? (this.#client as unknown as { processID?: number }).processID : undefined;
  }

  /** Sessions with at least one answer kept. */
  get size(): number {
    return this.#entries.size;
  }

  /** Resolves once the listener listens (tests; the app serves before, bypassing the cache). */
  whenListening(): Promise<void> {
    if (this.#listening) return Promise.resolve();
    return new Promise((resolve) => this.#listeningWaiters.push(resolve));
  }

  start(): void {
    void this.#connect();
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retry) clearTimeout(this.#retry);
    const client = this.#client;
    this.#drop(client);
    await client?.end().catch(() => {});
  }

  /** The session check, from memory when it can be trusted. */
  async holds(claims: AccessClaims): Promise<{ trialEndsAt: Date | null } | null> {
    const key = callerKey(claims);
    if (this.#trusted()) {
      const entry = this.#entries.get(claims.sessionId)?.get(key);
      if (entry && entry.until > Date.now()) return { trialEndsAt: entry.trialEndsAt };
    }
    const version = this.#version;
    const answer = await this.#opts.check(claims);
    if (!answer) return null;
    if (this.#trusted() && this.#version === version) {
      const until = Math.min(Date.now() + this.#opts.ttlMs, answer.sessionUntil.getTime());
      let callers = this.#entries.get(claims.sessionId);
      if (!callers) {
        callers = new Map();
        this.#entries.set(claims.sessionId, callers);
      }
      callers.set(key, {
        userId: claims.userId,
        ownerId: claims.impersonatorId ?? claims.userId,
        organizationId: claims.organizationId,
        trialEndsAt: answer.trialEndsAt,
        until,
      });
    }
    return { trialEndsAt: answer.trialEndsAt };
  }

  /**
   * A request that may have written is about to be answered: resolves once the listener has received every
   * notification committed so far (and meanwhile the cache is bypassed), so the process that revoked a session
   * never answers the next request from its own stale entry, and the writer's answer leaves only after
   * PostgreSQL has sent the change to every listening process. The barrier is a notification this process
   * sends itself: PostgreSQL delivers notifications in commit order, so once it arrives, so have the write's.
   * Never waits more than `barrierTimeoutMs`: a listener that does not answer is dropped (cache bypassed).
   */
  afterWrite(): Promise<void> {
    if (!this.#listening) return Promise.resolve();
    const target = ++this.#requested;
    const done = new Promise<void>((resolve) => this.#barrierWaiters.push({ target, resolve }));
    if (!this.#syncing) void this.#sync();
    return done;
  }

  #trusted(): boolean {
    return this.#listening && this.#synced === this.#requested;
  }

  #settleBarriers(): void {
    const waiting = this.#barrierWaiters;
    this.#barrierWaiters = [];
    for (const waiter of waiting) {
      if (!this.#listening || waiter.target <= this.#synced) waiter.resolve();
      else this.#barrierWaiters.push(waiter);
    }
  }

  async #sync(): Promise<void> {
    this.#syncing = true;
    try {
      while (this.#listening && this.#synced < this.#requested) {
        const target = this.#requested;
        const id = String(++this.#syncSeq);
        const client = this.#client as pg.Client;
        const arrived = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), this.#opts.barrierTimeoutMs);
          this.#syncWaiters.set(id, () => {
            clearTimeout(timer);
            resolve(true);
          });
          client.query('select pg_notify($1, $2)', [this.#syncChannel, id]).catch(() => this.#drop(client));
        });
        if (!arrived && this.#client === client) {
          this.#opts.log?.warn({}, 'session cache: barrier not answered, listener dropped');
          this.#drop(client);
        }
        if (this.#listening) this.#synced = Math.max(this.#synced, target);
        this.#settleBarriers();
      }
    } finally {
      this.#syncing = false;
      this.#settleBarriers();
    }
  }

  #invalidate(payload: string): void {
    this.#version++;
    const kind = payload.slice(0, 2);
    const id = payload.slice(2);
    if (kind === 's:') {
      this.#entries.delete(id);
      return;
    }
    if (kind !== 'u:' && kind !== 'o:') {
      // Unknown: a newer migration's message; dropping everything is always correct.
      this.#entries.clear();
      return;
    }
    const emptied: string[] = [];
    for (const [family, callers] of this.#entries.entries()) {
      for (const [key, entry] of callers) {
        const hit = kind === 'u:' ? entry.userId === id || entry.ownerId === id : entry.organizationId === id;
        if (hit) callers.delete(key);
      }
      if (callers.size === 0) emptied.push(family);
    }
    for (const family of emptied) this.#entries.delete(family);
  }

  async #connect(): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client({
      connectionString: this.#opts.listenUrl,
      application_name: 'aceite-session-listener',
    });
    client.on('notification', (message) => {
      if (message.channel === this.#syncChannel) {
        const waiter = this.#syncWaiters.get(message.payload ?? '');
        this.#syncWaiters.delete(message.payload ?? '');
        waiter?.();
      } else if (message.channel === SESSIONS_CHANNEL) {
        this.#invalidate(message.payload ?? '');
      }
    });
    client.on('error', () => this.#drop(client));
    client.on('end', () => this.#drop(client));
    this.#client = client;
    try {
      await client.connect();
      await client.query(`listen ${SESSIONS_CHANNEL}`);
      await client.query(`listen ${this.#syncChannel}`);
    } catch (error) {
      this.#opts.log?.warn(
        { err: error },
        'session cache: listener not connected, sessions checked in PostgreSQL',
      );
      this.#drop(client);
      await client.end().catch(() => {});
      return;
    }
    if (this.#closed || this.#client !== client) return;
    // Empty, and every write answered so far is older than the LISTEN: nothing kept can predate a change.
    this.#entries.clear();
    this.#version++;
    this.#synced = this.#requested;
    this.#listening = true;
    this.#delay = this.#opts.reconnectMs;
    this.#opts.log?.info('session cache: listening');
    for (const resolve of this.#listeningWaiters.splice(0)) resolve();
  }

  /** The listener is gone (or never came): bypass and empty the cache, and try again unless closing. */
  #drop(client: pg.Client | null): void {
    if (client === null || this.#client !== client) return;
    const wasListening = this.#listening;
    this.#client = null;
    this.#listening = false;
    this.#entries.clear();
    this.#version++;
    for (const resolve of this.#syncWaiters.values()) resolve();
    this.#syncWaiters.clear();
    this.#settleBarriers();
    if (this.#closed) return;
    if (wasListening)
      this.#opts.log?.warn({}, 'session cache: listener lost, sessions checked in PostgreSQL');
    client.end().catch(() => {});
    this.#retry = setTimeout(() => {
      this.#retry = null;
      void this.#connect();
    }, this.#delay);
    this.#retry.unref();
    this.#delay = Math.min(this.#delay * 2, 10_000);
  }
}

/** One caller of a session: an impersonation and the superadmin's own token share the family id. */
function callerKey(claims: AccessClaims): string {
  return `${claims.userId}|${claims.role}|${claims.organizationId ?? ''}|${claims.impersonatorId ?? ''}`;
}
