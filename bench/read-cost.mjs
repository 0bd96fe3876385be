#!/usr/bin/env node
// `npm run bench:read-cost` (issue 36): what one read costs, in units a noisy machine does not blur. Throughput
// under autocannon moves by a factor of 2 to 4 from one minute to the next on a shared 2-core host (the bare
// route alone measured 10,000 to 39,000 req/s in one session), so "did this change make a read slower?" is
// answered here by the work each request does instead: the server process's CPU time and PostgreSQL's CPU time
// per request (utime + stime from /proc, before and after N requests, 4 at a time), the transactions it runs
// and the rows it reads (pg_stat_database, pg_stat_user_tables), on the built server and a fresh database filled
// by bench/generate.mjs. To compare two commits, run it in a worktree of each, alternating, several times
// (docs/performance.md, "What a read costs").
//
// Options: N=requests per case (default 3000)   --proposals N (default 2000)
//          --organizations N (extra organizations, so the planner meets a table of a realistic size)
//          --only name (one case)
//          BENCH_SESSION_CACHE=false (the server without its per-process session cache, issue 41)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { call, freePort, startServer, stop, tempDir } from '../scripts/lib/server-process.mjs';
import { startDatabase } from './database.mjs';
import { BENCH_PASSWORD, BIG_ADMIN, generateData } from './generate.mjs';

const argValue = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const N = Number(process.env.N ?? 3000);
const PROPOSALS = Number(argValue('--proposals', '2000'));
const EXTRA_ORGANIZATIONS = Number(argValue('--organizations', '0'));
const ONLY = argValue('--only', '');
/** Linux counts CPU time in ticks of 10 ms (USER_HZ = 100). */
const US_PER_TICK = 10_000;

/** utime + stime of one process, in ticks (0 once it is gone). */
function ticks(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** Every PostgreSQL process on the machine (the bench's database is the only busy one while it runs). */
function postgresTicks() {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) total += ticks(pid);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

const db = await startDatabase();
const dataDir = await tempDir('aceite-read-cost-');
const server = await startServer({
  dataDir,
  port: await freePort(),
  logFile: path.join(dataDir, 'server.log'),
  env: { DATABASE_URL: db.url, LOG_LEVEL: 'info', SESSION_CACHE: process.env.BENCH_SESSION_CACHE ?? 'true' },
});
const client = new pg.Client({ connectionString: db.url });
// The database is stopped under the client at the end: that is not an error of the run.
client.on('error', () => {});
await client.connect();
await generateData(client, { proposals: PROPOSALS });
if (EXTRA_ORGANIZATIONS > 0) {
  await client.query(
    `insert into organizations (name, domain)
     select 'Outra ' || g, 'outra' || g || '.bench' from generate_series(1, $1::int) g`,
    [EXTRA_ORGANIZATIONS],
  );
  await client.query('analyze organizations');
}

const database = async () =>
  (
    await client.query(
      `select xact_commit + xact_rollback as transactions, tup_returned + tup_fetched as rows
         from pg_stat_database where datname = current_database()`,
    )
  ).rows[0];
const tables = async () =>
  (await client.query('select relname, seq_scan, seq_tup_read, idx_scan from pg_stat_user_tables')).rows;
// Statistics reach pg_stat_* when a backend reports them (at most every second while it is busy).
const settle = () => new Promise((resolve) => setTimeout(resolve, 1200));

const token = (
  await call(server.base, 'POST', '/auth/login', { body: { email: BIG_ADMIN, password: BENCH_PASSWORD } })
).json.data.accessToken;
const draft = (await call(server.base, 'GET', '/proposals?status=draft', { token })).json.data[0];
const sent = (await call(server.base, 'GET', '/proposals?status=sent', { token })).json.data[0];
const publicToken = (await call(server.base, 'GET', `/proposals/${sent.id}`, { token })).json.data
  .publicToken;
const bearer = { authorization: `Bearer ${token}` };
const cases = {
  'GET /proposals/{id}': [`/proposals/${draft.id}`, bearer],
  'GET /public/proposals/{token}?refresh=1': [`/public/proposals/${publicToken}?refresh=1`, {}],
  'dashboard: GET /analytics/overview': ['/analytics/overview', bearer],
};

async function requests(name, url, headers, count) {
  let next = 0;
  const worker = async () => {
    while (next++ < count) {
      const res = await fetch(server.base + url, { headers });
      if (!res.ok) throw new Error(`${name}: ${res.status}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

const rows = [];
const scans = {};
for (const [name, [url, headers]] of Object.entries(cases)) {
  if (ONLY && !name.includes(ONLY)) continue;
  await requests(name, url, headers, 300);
  await settle();
  const [db0, t0] = [await database(), await tables()];
  const [server0, pg0, wall0] = [ticks(server.child.pid), postgresTicks(), performance.now()];
  await requests(name, url, headers, N);
  const [server1, pg1, wall1] = [ticks(server.child.pid), postgresTicks(), performance.now()];
  await settle();
  const [db1, t1] = [await database(), await tables()];
  rows.push({
    case: name,
    'server CPU µs/req': Math.round(((server1 - server0) * US_PER_TICK) / N),
    'PostgreSQL CPU µs/req': Math.round(((pg1 - pg0) * US_PER_TICK) / N),
    'transactions/req': ((db1.transactions - db0.transactions) / N).toFixed(2),
    'rows read/req': ((db1.rows - db0.rows) / N).toFixed(1),
    'wall ms': Math.round(wall1 - wall0),
  });
  for (const after of t1) {
    const before = t0.find((t) => t.relname === after.relname);
    const seqRows = (Number(after.seq_tup_read) - Number(before.seq_tup_read)) / N;
    if (seqRows >= 1)
      scans[`${name} · ${after.relname}`] = { 'rows read by sequential scans/req': seqRows.toFixed(1) };
  }
}
console.log(
  `${PROPOSALS} proposals, ${EXTRA_ORGANIZATIONS} extra organizations, ${N} requests per case, 4 at a time`,
);
console.table(rows);
if (Object.keys(scans).length > 0) console.table(scans);
await stop(server);
await db.stop?.();
process.exit(0);
