#!/usr/bin/env node
// `npm run bench` (issue 11): the API's throughput and latency under autocannon on loopback, case by case,
// each with its ratio to a bare Fastify route answering {ok:true} measured in the same run (this machine's
// ceiling). The built server (`npm run build`) runs as its own process on a fresh database filled by
// bench/generate.mjs: an embedded PostgreSQL by default, or a new database on the server at DATABASE_URL.
//
// Then, unless --only narrows the run (or --no-growth / --no-lighthouse), the rest of the suite: growth with
// query plans at 1k/10k/100k proposals (bench/plans.ts) and Lighthouse on /, /login and /p/{token}
// (bench/lighthouse.mjs).
//
// The "webhooks" case (issue 23) measures events queued per second (clients created under load, each writing its
// client.created event in the same transaction) and delivered per second to a receiver on loopback.
//
// The two "session check" cases measure what the per-request session check (issue 20) costs: the same token
// verification with and without the look-up, on routes the server registers only with BENCH_ROUTES.
//
// The two "reference:" cases (issue 26) are the hot reads written by hand (bench/reference-server.mjs: the token
// check and the same SQL, no framework layers beyond Fastify) in their own process on the same database: the
// "vs reference" column is each app read's share of that ceiling. The app runs at the log level a user gets
// by default (info, one access line per request, written to a file) unless BENCH_LOG_LEVEL says otherwise.
//
// "through PgBouncer" (issue 41) measures `GET /proposals/{id}` on a second server connected through a real
// PgBouncer in transaction mode (apps/server/src/test/pgbouncer.ts, DATABASE_POOLER=transaction), right after the
// same read on the direct connection: `--only PgBouncer` runs the pair alone. Without the `pgbouncer` program the
// pair is skipped with a line saying so.
//
// "proposal pdf" (issue 22) renders the 30-item proposal in process (bench/pdf.ts): `--only "proposal pdf"`
// runs it alone, without the database or the server; with it, a 1-page and a 10-page proposal, bare and sealed
// (issue 41). "seal queue" (issue 41, bench/seal-queue.ts) signs 50 proposals at once on the built server and
// measures each signature's request and its sealed PDF's wait: `--only "seal queue"`.
//
// Options: --proposals N (default 100000)   BENCH_DURATION=seconds per case (default 30; warm-up 3 s)
//          BENCH_CONNECTIONS (default 50)    --only name,name (cases to run)   --cpu-prof (server profile)
//          BENCH_LATENCY_ROUNDS (default 200)
// Results: tables on stdout and JSON in bench/results/ (not committed).
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  call,
  freePort,
  killChildren,
  ROOT,
  startServer,
  stop,
  tempDir,
} from '../scripts/lib/server-process.mjs';
import { startDatabase } from './database.mjs';
import { BENCH_PASSWORD, BIG_ADMIN, BIG_SALES, generateData } from './generate.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const argValue = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const PROPOSALS = Number(argValue('--proposals', '100000'));
const ONLY = argValue('--only', '').split(',').filter(Boolean);
const PDF_CASE = 'proposal pdf';
const PDF_STEP = ['npx', ['tsx', '--tsconfig', 'apps/server/tsconfig.json', 'bench/pdf.ts']];
// "seal queue" (issue 41): 50 signatures at once on the built server, each sealed PDF's wait (bench/seal-queue.ts).
const SEAL_CASE = 'seal queue';
const SEAL_STEP = ['npx', ['tsx', '--tsconfig', 'apps/server/tsconfig.json', 'bench/seal-queue.ts']];

/** The ceiling: a bare Fastify route in its own process, on the same machine, in the same run. */
async function startBare() {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const f=require('fastify')();f.get('/ok',async()=>({ok:true}));f.listen({port:${port},host:'127.0.0.1'})`,
    ],
    { cwd: ROOT, stdio: 'ignore' },
  );
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/ok`)).ok) break;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

/** The hand-written reads (bench/reference-server.mjs) in their own process, on the bench's database. */
async function startReference(databaseUrl, jwtSecret) {
  const port = await freePort();
  const child = spawn(process.execPath, ['bench/reference-server.mjs'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret, PORT: String(port) },
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/proposals`)).status === 401) break;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

/**
 * Issue 41: the one-proposal read through PgBouncer in transaction mode, and the same read on the direct
 * connection measured just before it (the main loop's figure may be minutes older on a busy machine).
 */
const BOUNCED_CASE = 'GET /proposals/{id} through PgBouncer (transaction mode)';
const BOUNCED_DIRECT_CASE = 'GET /proposals/{id}, direct (beside PgBouncer)';
/** PgBouncer's server connections: as many as the app's pool (db/bootstrap.ts), so the pool is not what differs. */
const BOUNCER_SERVER_CONNECTIONS = 10;

/** The reads also measured on a server of two processes (WORKERS=2), issue 26. */
const TWO_PROCESS_CASES = ['GET /proposals/{id}', 'GET /proposals (first page)'];

const PUBLIC_PAGE_CASE = 'GET /p/{token} (rendered on the server)';
const PUBLIC_SHELL_CASE = 'GET /p/{token} static shell (before issue 27)';

/** Each app case measured against its hand-written reference in the same run (issue 26). */
const REFERENCES = {
  // The client's page (issue 27): rendered on the server against today's static shell, the same file sent as is.
  [PUBLIC_PAGE_CASE]: PUBLIC_SHELL_CASE,
  'GET /proposals/{id}': 'reference: GET /proposals/{id}',
  'GET /proposals (first page)': 'reference: GET /proposals (first page)',
};

/**
 * Issue 41: the same read written by hand with the app's session check joined into its one statement (one
 * round trip): the target is ≥ 90 % of its req/s and a p99 within 1.25× of its p99.
 */
const CHECKED_REFERENCES = {
  'GET /proposals/{id}': 'reference (session-checked): GET /proposals/{id}',
};

/** An app case against its session-checked reference: req/s share and p99 ratio, when both ran. */
function vsCheckedReference(results, r) {
  const reference = results.find((x) => x.name === CHECKED_REFERENCES[r.name]);
  if (!reference) return { rps: '', p99: '' };
  return {
    rps: `${((r.rps / reference.rps) * 100).toFixed(1)} %`,
    p99: `${(r.p99 / Math.max(reference.p99, 1)).toFixed(2)}×`,
  };
}

const LATENCY_ROUNDS = Number(process.env.BENCH_LATENCY_ROUNDS ?? 200);

/**
 * One request at a time (the server otherwise idle), timed end to end from this process: the latency a person
 * waits for each dashboard and analytics figure. `paths` run in parallel per round, as a page does.
 */
async function latency(name, origin, headers, paths) {
  const once = async () => {
    const started = performance.now();
    const answers = await Promise.all(paths.map((p) => fetch(`${origin}/api/v1${p}`, { headers })));
    for (const a of answers) {
      if (!a.ok) throw new Error(`${name}: ${a.status} on ${a.url}`);
      await a.arrayBuffer();
    }
    return performance.now() - started;
  };
  for (let i = 0; i < 10; i++) await once();
  const times = [];
  for (let i = 0; i < LATENCY_ROUNDS; i++) times.push(await once());
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { name, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: times[times.length - 1] };
}

const SESSION_REFERENCE = 'session check: token only (reference)';
const SESSION_CHECKED = 'session check: token + session look-up';

/**
 * What the session look-up adds to each request: at saturation, the server time per request (1 / req/s) of
 * the checked route minus the reference's; one request at a time, the difference of the medians.
 */
function sessionCheckCost(results, latencies) {
  const find = (list, name) => list.find((r) => r.name === name);
  const reference = find(results, SESSION_REFERENCE);
  const checked = find(results, SESSION_CHECKED);
  const alone = [find(latencies, SESSION_REFERENCE), find(latencies, SESSION_CHECKED)];
  if (!reference || !checked) return null;
  return {
    'req/s token only': Math.round(reference.rps),
    'req/s + look-up': Math.round(checked.rps),
    'throughput kept': `${((checked.rps / reference.rps) * 100).toFixed(1)} %`,
    'server time added per request µs': Math.round((1 / checked.rps - 1 / reference.rps) * 1e6),
    'p50 one at a time ms':
      alone[0] && alone[1] ? `${alone[0].p50.toFixed(2)} → ${alone[1].p50.toFixed(2)}` : '—',
  };
}

/** An app case's throughput as a share of its hand-written reference's, when both ran. */
function vsReference(results, r) {
  const reference = results.find((x) => x.name === REFERENCES[r.name.replace(' (2 processes)', '')]);
  return reference ? `${((r.rps / reference.rps) * 100).toFixed(1)} %` : '';
}

function run(opts) {
  return autocannon({ connections: CONNECTIONS, ...opts });
}

async function measure(name, opts) {
  await run({ ...opts, duration: Math.min(3, DURATION) });
  const r = await run({ ...opts, duration: DURATION });
  const errors = r.errors + r.timeouts + r.non2xx;
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors,
    total: r.requests.total,
  };
}

async function main() {
  const started = Date.now();
  const db = await startDatabase();
  const dataDir = await tempDir('aceite-bench-');
  let server;
  let reference;
  const bare = await startBare();
  // Known to the bench so the hand-written reference verifies the same tokens.
  const jwtSecret = randomBytes(48).toString('base64url');
  try {
    server = await startServer({
      dataDir,
      port: await freePort(),
      logFile: path.join(dataDir, 'server.log'),
      // BENCH_ROUTES: the pair of routes that measure the per-request session check (docs/performance.md).
      // WEBHOOKS_ALLOW_PRIVATE: the webhooks case's receiver is http on loopback.
      env: {
        DATABASE_URL: db.url,
        JWT_SECRET: jwtSecret,
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
        BENCH_ROUTES: 'true',
        WEBHOOKS_ALLOW_PRIVATE: 'true',
        // BENCH_SESSION_CACHE=false: the app without its per-process session cache (issue 41), for comparison.
        SESSION_CACHE: process.env.BENCH_SESSION_CACHE ?? 'true',
      },
      nodeArgs: process.argv.includes('--cpu-prof')
        ? ['--cpu-prof', `--cpu-prof-dir=${path.join(ROOT, 'bench/results')}`]
        : [],
    });
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const made = await generateData(client, { proposals: PROPOSALS });
    // 10,000 other sessions (live refresh-token families) beside the ones the bench signs in with: the session
    // check finds its row among them, as on a busy server.
    await client.query(
      `insert into refresh_tokens (user_id, family_id, token_hash, expires_at)
       select u.id, gen_random_uuid(), 'bench-' || gen_random_uuid(), now() + interval '1 day'
         from generate_series(1, 10000) g, users u where u.email = $1`,
      [BIG_ADMIN],
    );
    await client.query('analyze refresh_tokens');
    await client.end();
    reference = await startReference(db.url, jwtSecret);
    console.log(`data: ${PROPOSALS} proposals generated in ${made.seconds.toFixed(1)} s on ${db.label}`);

    const origin = server.base.replace('/api/v1', '');
    const admin = (
      await call(server.base, 'POST', '/auth/login', { body: { email: BIG_ADMIN, password: BENCH_PASSWORD } })
    ).json.data;
    const auth = { authorization: `Bearer ${admin.accessToken}`, 'content-type': 'application/json' };
    const list = (await call(server.base, 'GET', '/proposals?status=draft', { token: admin.accessToken }))
      .json.data;
    const sample = (await call(server.base, 'GET', `/proposals/${list[0].id}`, { token: admin.accessToken }))
      .json.data;
    const teams = (await call(server.base, 'GET', '/teams', { token: admin.accessToken })).json.data;
    // Proposals with the client (sent), as their pages are opened from the emails.
    const sentList = (await call(server.base, 'GET', '/proposals?status=sent', { token: admin.accessToken }))
      .json.data;
    const sentTokens = [];
    for (const { id } of sentList) {
      const detail = await call(server.base, 'GET', `/proposals/${id}`, { token: admin.accessToken });
      sentTokens.push(detail.json.data.publicToken);
    }
    let nextPage = 0;
    const teamId = (teams.teams ?? teams)[0]?.id;
    // Enough sessions for every connection of the warm-up and of the run (in-flight ones at the end of the
    // warm-up are lost): a token presented twice would be a replay, which revokes its family.
    const refreshPool = [];
    for (let i = 0; i < 2 * CONNECTIONS + 10; i++) {
      refreshPool.push(
        (
          await call(server.base, 'POST', '/auth/login', {
            body: { email: BIG_SALES, password: BENCH_PASSWORD },
          })
        ).json.data.refreshToken,
      );
    }
    const item = { name: 'Serviço', description: '', quantity: 2, unitPrice: 12_500 };
    const proposalBody = JSON.stringify({
      title: 'Proposta de medição',
      clientId: sample.clientId,
      content: { blocks: [], items: [item] },
    });
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 180 * 86_400_000).toISOString().slice(0, 10);

    const cases = [
      { name: 'bare route {ok:true}', opts: { url: `${bare.url}/ok` } },
      {
        name: 'POST /auth/login',
        opts: {
          url: `${origin}/api/v1/auth/login`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: BIG_SALES, password: BENCH_PASSWORD }),
        },
      },
      {
        name: 'POST /auth/refresh',
        opts: {
          url: origin,
          headers: { 'content-type': 'application/json' },
          requests: [
            {
              method: 'POST',
              path: '/api/v1/auth/refresh',
              // A shared queue, not autocannon's per-request context (reset after each request): each token
              // is presented once and its rotated successor goes back in for the next request.
              setupRequest: (req) => ({
                ...req,
                body: JSON.stringify({ refreshToken: refreshPool.shift() }),
              }),
              onResponse: (status, body) => {
                if (status === 200) refreshPool.push(JSON.parse(body).data.refreshToken);
              },
            },
          ],
        },
      },
      { name: 'GET /proposals (first page)', opts: { url: `${origin}/api/v1/proposals`, headers: auth } },
      {
        name: REFERENCES['GET /proposals (first page)'],
        opts: { url: `${reference.url}/proposals`, headers: auth },
      },
      {
        name: 'GET /proposals?status=accepted',
        opts: { url: `${origin}/api/v1/proposals?status=accepted`, headers: auth },
      },
      {
        name: 'GET /proposals?search=…',
        opts: { url: `${origin}/api/v1/proposals?search=Proposta%2012345`, headers: auth },
      },
      {
        name: 'GET /proposals/{id}',
        opts: { url: `${origin}/api/v1/proposals/${sample.id}`, headers: auth },
      },
      {
        name: REFERENCES['GET /proposals/{id}'],
        opts: { url: `${reference.url}/proposals/${sample.id}`, headers: auth },
      },
      {
        name: CHECKED_REFERENCES['GET /proposals/{id}'],
        opts: { url: `${reference.url}/checked/proposals/${sample.id}`, headers: auth },
      },
      {
        name: 'POST /proposals',
        opts: { url: `${origin}/api/v1/proposals`, method: 'POST', headers: auth, body: proposalBody },
      },
      {
        name: 'PUT /proposals/{id}',
        opts: {
          url: `${origin}/api/v1/proposals/${sample.id}`,
          method: 'PUT',
          headers: auth,
          body: proposalBody,
        },
      },
      { name: 'GET /proposals/stats', opts: { url: `${origin}/api/v1/proposals/stats`, headers: auth } },
      {
        name: 'dashboard: GET /analytics/overview',
        opts: { url: `${origin}/api/v1/analytics/overview`, headers: auth },
      },
      {
        name: 'dashboard: GET /analytics/top-clients?limit=5',
        opts: { url: `${origin}/api/v1/analytics/top-clients?limit=5`, headers: auth },
      },
      {
        name: 'analytics overview (6 months, a team)',
        opts: {
          url: `${origin}/api/v1/analytics/overview?startDate=${from}&endDate=${to}${teamId ? `&teamId=${teamId}` : ''}`,
          headers: auth,
        },
      },
      {
        name: 'GET /public/proposals/{token}?refresh=1',
        opts: { url: `${origin}/api/v1/public/proposals/${sample.publicToken}?refresh=1` },
      },
      // The client's page (issue 27): the HTML rendered from the proposal (cached per link while its data is
      // unchanged, one read of the proposal per request), and the static shell it replaced, which the server
      // still sends as is for the reminders' page of the same link.
      { name: PUBLIC_PAGE_CASE, opts: { url: `${origin}/p/${sentTokens[0]}` } },
      // Many links at once (each page cached, but no two requests sharing one read of a marker).
      {
        name: `${PUBLIC_PAGE_CASE}, ${sentTokens.length} links in turn`,
        opts: {
          url: origin,
          requests: [
            { setupRequest: (req) => ({ ...req, path: `/p/${sentTokens[nextPage++ % sentTokens.length]}` }) },
          ],
        },
      },
      { name: PUBLIC_SHELL_CASE, opts: { url: `${origin}/p/${sentTokens[0]}/lembretes` } },
      {
        name: 'GET /notifications/unread-count',
        opts: { url: `${origin}/api/v1/notifications/unread-count`, headers: auth },
      },
      // The per-request session check (issue 20): two routes that both verify the token and answer {ok:true};
      // only the second runs the session look-up, so their difference is its cost.
      { name: SESSION_REFERENCE, opts: { url: `${origin}/api/v1/bench/token-only`, headers: auth } },
      { name: SESSION_CHECKED, opts: { url: `${origin}/api/v1/bench/authenticated`, headers: auth } },
    ].filter(
      (c) => ONLY.length === 0 || c.name === 'bare route {ok:true}' || ONLY.some((o) => c.name.includes(o)),
    );

    const q = `startDate=${from}&endDate=${to}`;
    const teamQ = teamId ? `&teamId=${teamId}` : '';
    const latencyCases = [
      [
        'dashboard (overview + top 5 clients + 10 recent, in parallel)',
        ['/analytics/overview', '/analytics/top-clients?limit=5', '/analytics/recent-activity?limit=10'],
      ],
      [
        'analytics page, all time (7 calls in parallel)',
        [
          '/analytics/overview',
          '/analytics/proposals-over-time',
          '/analytics/proposals-by-user?limit=10',
          '/analytics/proposals-by-team',
          '/analytics/top-clients?limit=10',
          '/users',
          '/teams',
        ],
      ],
      ['GET /analytics/overview', ['/analytics/overview']],
      ['GET /analytics/overview (6 months, a team)', [`/analytics/overview?${q}${teamQ}`]],
      ['GET /analytics/proposals-over-time', ['/analytics/proposals-over-time']],
      ['GET /analytics/proposals-by-user?limit=10', ['/analytics/proposals-by-user?limit=10']],
      ['GET /analytics/proposals-by-team', ['/analytics/proposals-by-team']],
      ['GET /analytics/top-clients?limit=10', ['/analytics/top-clients?limit=10']],
      ['GET /analytics/recent-activity?limit=10', ['/analytics/recent-activity?limit=10']],
      ['GET /proposals/stats (sidebar)', ['/proposals/stats']],
      [SESSION_REFERENCE, ['/bench/token-only']],
      [SESSION_CHECKED, ['/bench/authenticated']],
    ].filter(([name]) => ONLY.length === 0 || ONLY.some((o) => name.includes(o)));
    // First, on the generated data as it is (the throughput cases below add ~15,000 proposals, whose pages
    // are not yet all-visible to index-only scans until autovacuum gets to them).
    const latencies = [];
    for (const [name, paths] of latencyCases) latencies.push(await latency(name, origin, auth, paths));
    const results = [];
    for (const c of cases) {
      const result = await measure(c.name, c.opts);
      results.push(result);
      process.stdout.write(`  measured ${c.name}\n`);
    }
    // Every core (issue 26): the same reads from a second server of WORKERS=2 processes on the same database and
    // token secret (the first server idle meanwhile), beside the one-process figures above.
    const twoProcessCases = cases.filter((c) => TWO_PROCESS_CASES.includes(c.name));
    if (twoProcessCases.length > 0) {
      const dataDir2 = await tempDir('aceite-bench-2-');
      const server2 = await startServer({
        dataDir: dataDir2,
        port: await freePort(),
        logFile: path.join(dataDir2, 'server.log'),
        env: {
          DATABASE_URL: db.url,
          JWT_SECRET: jwtSecret,
          LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
          WORKERS: '2',
        },
      });
      try {
        const origin2 = server2.base.replace('/api/v1', '');
        for (const c of twoProcessCases) {
          const url = c.opts.url.replace(origin, origin2);
          results.push(await measure(`${c.name} (2 processes)`, { ...c.opts, url }));
          process.stdout.write(`  measured ${c.name} (2 processes)\n`);
        }
      } finally {
        await stop(server2).catch(() => {});
      }
    }
    if (ONLY.length === 0 || ONLY.some((o) => BOUNCED_CASE.includes(o))) {
      const url = `/api/v1/proposals/${sample.id}`;
      results.push(...(await throughPgBouncer({ databaseUrl: db.url, jwtSecret, origin, url, auth })));
    }
    const webhooks =
      ONLY.length === 0 || ONLY.some((o) => 'webhooks'.includes(o))
        ? await webhookThroughput(server.base, admin.accessToken, auth)
        : null;
    if (webhooks) process.stdout.write('  measured webhooks\n');
    const latencyRows = latencies.map((l) => ({
      'one request at a time': l.name,
      'p50 ms': Number(l.p50.toFixed(1)),
      'p95 ms': Number(l.p95.toFixed(1)),
      'p99 ms': Number(l.p99.toFixed(1)),
      'max ms': Number(l.max.toFixed(1)),
      '≤ 100 ms': l.p99 <= 100 ? 'yes' : 'NO',
    }));

    const ceiling = results[0]?.rps ?? 1;
    const rows = results.map((r) => ({
      case: r.name,
      'req/s': Math.round(r.rps),
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      errors: r.errors,
      'vs bare': `${((r.rps / ceiling) * 100).toFixed(1)} %`,
      'vs reference': vsReference(results, r),
      'vs checked ref.': vsCheckedReference(results, r).rps,
      'p99 vs checked': vsCheckedReference(results, r).p99,
    }));
    console.log(
      `\n${db.label}, ${PROPOSALS} proposals, ${CONNECTIONS} connections, ${DURATION} s per case (${os.cpus().length} cores)`,
    );
    console.table(rows);
    if (latencyRows.length > 0) {
      console.log(`\nLatency, ${LATENCY_ROUNDS} rounds each after 10 warm-up rounds:`);
      console.table(latencyRows);
    }
    if (webhooks) {
      console.log('\nWebhooks (client.created to a loopback receiver answering 200):');
      console.table([webhooks]);
    }
    const sessionCheck = sessionCheckCost(results, latencies);
    if (sessionCheck) {
      console.log('\nThe per-request session check (token + look-up against token only, same run):');
      console.table([sessionCheck]);
    }
    await mkdir(path.join(ROOT, 'bench/results'), { recursive: true });
    const file = path.join(
      ROOT,
      'bench/results',
      `${new Date().toISOString().replaceAll(':', '-')}-${randomUUID().slice(0, 6)}.json`,
    );
    await writeFile(
      file,
      JSON.stringify(
        {
          database: db.label,
          proposals: PROPOSALS,
          connections: CONNECTIONS,
          duration: DURATION,
          rows,
          latency: latencyRows,
          sessionCheck,
          webhooks,
        },
        null,
        2,
      ),
    );
    console.log(
      `results in ${path.relative(ROOT, file)}; whole run ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  } finally {
    if (server) await stop(server).catch(() => {});
    reference?.stop();
    bare.stop();
    await db.stop().catch(() => {});
  }
}

/**
 * The one-proposal read on the direct connection, then through PgBouncer in transaction mode: a second server
 * (one process, the same token secret) whose DATABASE_URL is PgBouncer's, its statements unnamed
 * (DATABASE_POOLER=transaction) and its session cache listening on the direct URL (DATABASE_DIRECT_URL: LISTEN
 * needs a session, docs/scale.md#pgbouncer-in-transaction-mode). The first server is idle meanwhile. No rows,
 * and a line saying why, when the `pgbouncer` program is missing.
 */
async function throughPgBouncer({ databaseUrl, jwtSecret, origin, url, auth }) {
  const { assertPgBouncer, startPgBouncer } = await import('../apps/server/src/test/pgbouncer.ts');
  try {
    assertPgBouncer();
  } catch (error) {
    console.log(`  skipped "${BOUNCED_CASE}": ${error.message}`);
    return [];
  }
  const bouncer = await startPgBouncer(databaseUrl, BOUNCER_SERVER_CONNECTIONS);
  const dataDir = await tempDir('aceite-bench-pgbouncer-');
  let pooled;
  try {
    pooled = await startServer({
      dataDir,
      port: await freePort(),
      logFile: path.join(dataDir, 'server.log'),
      env: {
        DATABASE_URL: bouncer.url,
        DATABASE_POOLER: 'transaction',
        DATABASE_DIRECT_URL: databaseUrl,
        JWT_SECRET: jwtSecret,
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
        SESSION_CACHE: process.env.BENCH_SESSION_CACHE ?? 'true',
      },
    });
    const rows = [await measure(BOUNCED_DIRECT_CASE, { url: `${origin}${url}`, headers: auth })];
    process.stdout.write(`  measured ${BOUNCED_DIRECT_CASE}\n`);
    const pooledOrigin = pooled.base.replace('/api/v1', '');
    rows.push(await measure(BOUNCED_CASE, { url: `${pooledOrigin}${url}`, headers: auth }));
    process.stdout.write(`  measured ${BOUNCED_CASE}\n`);
    return rows;
  } finally {
    if (pooled) await stop(pooled).catch(() => {});
    await bouncer.stop();
  }
}

/**
 * Events queued per second (POST /clients under autocannon, each commit writing its event and delivery) and
 * delivered per second (from the start of the load until the receiver has them all) to a loopback receiver.
 */
async function webhookThroughput(base, token, auth) {
  let received = 0;
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.writeHead(204).end();
    });
  });
  await new Promise((r) => receiver.listen(0, '127.0.0.1', r));
  const endpoint = await call(base, 'POST', '/webhooks', {
    token,
    body: { url: `http://127.0.0.1:${receiver.address().port}/hooks`, events: ['client.created'] },
  });
  if (endpoint.status !== 201) throw new Error(`webhook endpoint answered ${endpoint.status}`);
  try {
    const started = Date.now();
    const r = await run({
      url: `${base}/clients`,
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name: 'Cliente de medição', email: 'bench-[<id>]@exemplo.pt' }),
      idReplacement: true,
      duration: DURATION,
    });
    const loadSeconds = (Date.now() - started) / 1000;
    const queued = r['2xx'];
    const deadline = Date.now() + 300_000;
    while (received < queued && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const deliverSeconds = (Date.now() - started) / 1000;
    return {
      'events queued': queued,
      'queued/s': Math.round(queued / loadSeconds),
      'events delivered': received,
      'delivered/s': Math.round(received / deliverSeconds),
      'all delivered after s': Number(deliverSeconds.toFixed(1)),
    };
  } finally {
    await call(base, 'DELETE', `/webhooks/${endpoint.json.data.id}`, { token });
    await new Promise((r) => receiver.close(r));
  }
}

/** The rest of the suite, each in its own process (the same database choice through DATABASE_URL). */
function runRest(only) {
  if (only) return runSteps([PDF_STEP, SEAL_STEP].filter((_, i) => ONLY.includes([PDF_CASE, SEAL_CASE][i])));
  const steps = [PDF_STEP, SEAL_STEP];
  if (!process.argv.includes('--no-growth'))
    steps.push(['npx', ['tsx', '--tsconfig', 'apps/server/tsconfig.json', 'bench/plans.ts']]);
  if (!process.argv.includes('--no-lighthouse')) steps.push([process.execPath, ['bench/lighthouse.mjs']]);
  return runSteps(steps);
}

function runSteps(steps) {
  let chain = Promise.resolve();
  for (const [command, args] of steps) {
    chain = chain.then(
      () =>
        new Promise((resolve, reject) => {
          const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
          child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.at(-1)} failed`))));
        }),
    );
  }
  return chain;
}

process.on('exit', killChildren);
const DOCUMENT_CASES = [PDF_CASE, SEAL_CASE];
const apiCases = ONLY.filter((name) => !DOCUMENT_CASES.includes(name));
(ONLY.length > 0 && apiCases.length === 0 ? Promise.resolve() : main())
  .then(() =>
    ONLY.length === 0
      ? runRest()
      : ONLY.some((name) => DOCUMENT_CASES.includes(name))
        ? runRest(true)
        : undefined,
  )
  .catch((error) => {
    console.error(`bench FAILED: ${error.stack ?? error.message}`);
    killChildren();
    process.exit(1);
  });
