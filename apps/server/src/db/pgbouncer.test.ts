import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { walkHotPaths } from '@/test/hot-paths.ts';
import { BOUNCER_APPLICATION, type Bouncer, startPgBouncer } from '@/test/pgbouncer.ts';

/**
 * The app behind a real PgBouncer in transaction mode (issue 41; docs/scale.md#pgbouncer-in-transaction-mode):
 * Debian's 1.18, which does not carry named statements across server connections (1.21 does). Two server
 * connections serve the app's five, so one client's consecutive transactions meet different server
 * connections. With DATABASE_POOLER=transaction the app sends its statements unnamed and every path works.
 */

const SERVER_CONNECTIONS = 2;

let direct: TestApp;
let bouncer: Bouncer;
let pooled: TestApp;

beforeAll(async () => {
  direct = await buildTestApp();
  bouncer = await startPgBouncer(direct.databaseUrl, SERVER_CONNECTIONS);
  pooled = await buildTestApp({ sharedDatabaseUrl: bouncer.url, databasePooler: 'transaction' });
});
afterAll(async () => {
  await pooled?.close();
  await bouncer?.stop();
  await direct?.close();
});

/** The server connections PgBouncer holds to the test's database (its clients' connections are not counted). */
async function serverConnections(): Promise<number> {
  const { rows } = await direct.pool.query<{ n: number }>(
    'select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1',
    [BOUNCER_APPLICATION],
  );
  return rows[0]?.n ?? 0;
}

describe('behind PgBouncer in transaction mode', () => {
  it('a named statement breaks there: the reason for the setting', async () => {
    // Two clients, one after the other: PgBouncer hands the second the server connection the first left, where
    // the name is already taken.
    const first = new pg.Client({ connectionString: bouncer.url });
    const second = new pg.Client({ connectionString: bouncer.url });
    await first.connect();
    await second.connect();
    try {
      await first.query({ name: 'aceite_probe', text: 'select 1 as one' });
      await expect(second.query({ name: 'aceite_probe', text: 'select 1 as one' })).rejects.toThrow(
        /prepared statement "aceite_probe" (already exists|does not exist)/,
      );
    } finally {
      await first.end();
      await second.end();
    }
  });

  it('signs in, writes, reads, serves the public page and runs the jobs with DATABASE_POOLER=transaction', async () => {
    // Its reads run eight at a time, three rounds: every one of the app's five connections runs named
    // statements on both server connections.
    const walked = await walkHotPaths(pooled.app, direct.db);
    const res = await pooled.app.inject({
      method: 'GET',
      url: `/api/v1/proposals/${walked.proposalId}`,
      headers: { authorization: `Bearer ${walked.accessToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('viewed');
    // The app's five connections went through PgBouncer's two.
    const held = await serverConnections();
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThanOrEqual(SERVER_CONNECTIONS);
    expect(pooled.pool.totalCount).toBeGreaterThan(SERVER_CONNECTIONS);
  });
});
