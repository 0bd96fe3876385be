#!/usr/bin/env node
// `npm run bench:runtime` (issue 18): the built server on two Node runtimes in one run, so neither is compared
// with a figure from another day: the pinned Node 24 LTS (node_modules/.bin/node) and the machine's own Node
// (/usr/bin/node, Debian's 20 here; BENCH_OTHER_NODE=path to choose another).
//
//  - Start-up: spawn to the first 200 from /api/v1/health on a database that already holds the demo data
//    (migrations checked, nothing to load), ROUNDS times each, the runtimes alternating.
//  - Throughput: autocannon on three reads of the demo data (one proposal, the list's first page, the
//    dashboard cards), both servers up side by side, DURATION seconds a turn, the runtimes taking turns,
//    ROUNDS turns each; medians.
//
// Usage: npm run build && npm run bench:runtime   (BENCH_ROUNDS default 5, BENCH_DURATION default 5 s)
// Talks to 127.0.0.1 only; prints a table and exits.
import { execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  call,
  freePort,
  killChildren,
  ROOT,
  startServer,
  stop,
  tempDir,
} from '../scripts/lib/server-process.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const PINNED = path.join(ROOT, 'node_modules/.bin/node');
const OTHER = process.env.BENCH_OTHER_NODE ?? '/usr/bin/node';
const version = (node) => execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
const RUNTIMES = [
  { label: `Node ${version(PINNED)} (pinned)`, node: PINNED },
  { label: `Node ${version(OTHER)} (${OTHER})`, node: OTHER },
];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

process.on('exit', killChildren);
const dataDir = await tempDir('aceite-bench-runtime-');
try {
  // One data folder for every start: the first one creates the cluster and loads the demo.
  const first = await startServer({ dataDir, port: await freePort(), args: ['--seed-demo'] });
  await stop(first);

  const startup = new Map(RUNTIMES.map((r) => [r.label, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const runtime of RUNTIMES) {
      const began = performance.now();
      const server = await startServer({ dataDir, port: await freePort(), node: runtime.node });
      startup.get(runtime.label).push(performance.now() - began);
      await stop(server);
    }
  }

  const cases = [
    { name: 'one proposal', path: (id) => `/api/v1/proposals/${id}` },
    { name: 'proposals list, first page', path: () => '/api/v1/proposals?page=1&pageSize=20' },
    { name: 'dashboard cards', path: () => '/api/v1/analytics/overview' },
  ];
  // Both servers run side by side (each on its own copy of the demo), and every case is measured on one then
  // the other, in turns, ROUNDS times: a busy moment of the machine hits both alike.
  const servers = [];
  for (const runtime of RUNTIMES) {
    const own = await tempDir('aceite-bench-runtime-');
    const server = await startServer({
      dataDir: own,
      port: await freePort(),
      node: runtime.node,
      args: ['--seed-demo'],
    });
    const login = await call(server.base, 'POST', '/auth/login', {
      body: { email: 'admin@aceite.demo', password: 'Aceite2026!' },
    });
    const token = login.json.data.accessToken;
    const list = await call(server.base, 'GET', '/proposals?page=1&pageSize=1', { token });
    servers.push({
      runtime,
      server,
      own,
      token,
      id: list.json.data[0].id,
      origin: server.base.replace(/\/api\/v1$/, ''),
    });
  }
  const throughput = new Map(cases.map((c) => [c.name, new Map(RUNTIMES.map((r) => [r.label, []]))]));
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const c of cases) {
        const order = round % 2 === 0 ? servers : [...servers].reverse();
        for (const s of order) {
          const opts = {
            url: `${s.origin}${c.path(s.id)}`,
            connections: 20,
            headers: { authorization: `Bearer ${s.token}` },
          };
          if (round === 0) await autocannon({ ...opts, duration: 2 });
          const result = await autocannon({ ...opts, duration: DURATION });
          if (result.non2xx > 0) throw new Error(`${c.name}: ${result.non2xx} answers were not 2xx`);
          throughput.get(c.name).get(s.runtime.label).push(result);
        }
      }
    }
  } finally {
    for (const s of servers) {
      await stop(s.server);
      await rm(s.own, { recursive: true, force: true });
    }
  }

  console.log(`\nStart-up to /api/v1/health (median of ${ROUNDS}, alternating; ms)`);
  for (const runtime of RUNTIMES) {
    const xs = startup.get(runtime.label);
    console.log(`  ${runtime.label}: ${median(xs).toFixed(0)} (${xs.map((x) => x.toFixed(0)).join(', ')})`);
  }
  console.log(
    `\nThroughput, 20 connections, ${DURATION} s a turn, ${ROUNDS} turns each (median requests/s, median p99 ms)`,
  );
  for (const c of cases) {
    const row = RUNTIMES.map((r) => {
      const runs = throughput.get(c.name).get(r.label);
      const rps = median(runs.map((x) => x.requests.average));
      const p99 = median(runs.map((x) => x.latency.p99));
      return `${r.label}: ${rps.toFixed(0)}/s, p99 ${p99} ms`;
    });
    console.log(`  ${c.name}: ${row.join(' | ')}`);
  }
} finally {
  killChildren();
  await rm(dataDir, { recursive: true, force: true });
}
