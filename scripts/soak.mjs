#!/usr/bin/env node
// Load soak (issue 10): the built server (`npm run build` first) on its embedded database with the demo data,
// under a bounded mixed load of the main reads and writes (autocannon on loopback) for several minutes.
// Passes when there is no 5xx, no error line in the server's log, and the server's memory stays flat
// (mean resident size over the last minute within 25 % of that over the minute after warm-up).
//
// Usage: npm run soak                         (3 minutes, 8 connections)
//        SOAK_SECONDS=600 SOAK_CONNECTIONS=16 npm run soak
import { readFile, rm } from 'node:fs/promises';
import autocannon from 'autocannon';
import { call, freePort, killChildren, startServer, stop, tempDir } from './lib/server-process.mjs';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 180);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 8);
const SALES = { email: 'vendas@aceite.demo', password: 'Aceite2026!' };

async function rssMb(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return kb / 1024;
}

const mean = (values) => values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1);

async function main() {
  const dataDir = await tempDir('aceite-soak-');
  const server = await startServer({
    dataDir,
    port: await freePort(),
    args: ['--seed-demo'],
    env: { LOG_LEVEL: 'warn' },
  });
  try {
    const login = await call(server.base, 'POST', '/auth/login', { body: SALES });
    const token = login.json.data.accessToken;
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const list = await call(server.base, 'GET', '/proposals?status=sent', { token });
    const first = list.json?.data?.find((p) => p.clientId);
    const sent = first && (await call(server.base, 'GET', `/proposals/${first.id}`, { token })).json?.data;
    if (!sent)
      throw new Error(`no sent proposal of the demo sales user: ${JSON.stringify(list.json).slice(0, 300)}`);
    const draft = await call(server.base, 'POST', '/proposals', {
      token,
      body: {
        title: 'Proposta de carga',
        clientId: sent.clientId,
        content: { blocks: [], items: [{ name: 'Item', unitPrice: 1000 }] },
      },
    });
    if (draft.status !== 201)
      throw new Error(`creating the draft answered ${draft.status}: ${JSON.stringify(draft.json)}`);
    const draftId = draft.json.data.id;
    let n = 0;
    const requests = [
      { method: 'GET', path: '/api/v1/proposals?page=1&limit=20' },
      { method: 'GET', path: '/api/v1/proposals?status=sent' },
      { method: 'GET', path: '/api/v1/proposals?search=website' },
      { method: 'GET', path: `/api/v1/proposals/${sent.id}` },
      { method: 'GET', path: '/api/v1/proposals/stats' },
      { method: 'GET', path: '/api/v1/analytics/overview' },
      { method: 'GET', path: '/api/v1/notifications/unread-count' },
      { method: 'GET', path: `/api/v1/public/proposals/${sent.publicToken}?refresh=1`, headers: {} },
      {
        method: 'POST',
        path: '/api/v1/clients',
        setupRequest: (req) => {
          n += 1;
          return {
            ...req,
            body: JSON.stringify({ name: `Carga ${n}`, email: `carga-${n}-${Date.now()}@exemplo.pt` }),
          };
        },
      },
      {
        method: 'PUT',
        path: `/api/v1/proposals/${draftId}`,
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({
            title: `Proposta de carga ${n}`,
            clientId: sent.clientId,
            content: { blocks: [], items: [{ name: 'Item', quantity: 1 + (n % 5), unitPrice: 1000 }] },
          }),
        }),
      },
    ];

    const samples = [];
    const sampler = setInterval(async () => {
      samples.push({ t: Date.now(), mb: await rssMb(server.child.pid).catch(() => 0) });
    }, 5000);
    const started = Date.now();
    const result = await autocannon({
      url: server.base.replace('/api/v1', ''),
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: auth,
      requests,
    });
    clearInterval(sampler);

    const after = (s) => samples.filter((x) => x.t - started >= s * 1000).map((x) => x.mb);
    const span = Math.min(60, Math.floor(SECONDS / 3));
    const early = mean(
      samples.filter((x) => x.t - started >= span * 1000 && x.t - started < 2 * span * 1000).map((x) => x.mb),
    );
    const late = mean(after(SECONDS - span));
    const growth = early > 0 ? (late - early) / early : 0;
    const errorLines = server
      .output()
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line) || /\bERROR\b/.test(line));
    const codes = Object.entries(result.statusCodeStats ?? {})
      .map(([code, { count }]) => `${code}: ${count}`)
      .join(', ');

    console.log(`soak: ${SECONDS} s, ${CONNECTIONS} connections, ${requests.length} request kinds in turn`);
    console.log(`  requests      ${result.requests.total} (${result.requests.average.toFixed(0)}/s average)`);
    console.log(`  latency       p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
    console.log(`  status codes  ${codes}`);
    console.log(
      `  errors        ${result.errors} transport, ${result['5xx']} × 5xx, ${errorLines.length} error log lines`,
    );
    console.log(
      `  memory (RSS)  ${early.toFixed(0)} MB after warm-up → ${late.toFixed(0)} MB at the end (${(growth * 100).toFixed(1)} %)`,
    );
    const problems = [];
    if (result['5xx'] > 0) problems.push(`${result['5xx']} responses were 5xx`);
    if (result.errors > 0) problems.push(`${result.errors} transport errors`);
    if (errorLines.length > 0) problems.push(`error lines in the log:\n${errorLines.slice(0, 5).join('\n')}`);
    if (growth > 0.25) problems.push(`memory grew ${(growth * 100).toFixed(0)} %`);
    if (result['4xx'] > 0) problems.push(`${result['4xx']} responses were 4xx (the load itself is wrong)`);
    await stop(server);
    if (problems.length > 0) throw new Error(problems.join('; '));
    console.log('soak passed');
  } finally {
    await stop(server).catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  }
}

process.on('exit', killChildren);
main().catch((error) => {
  process.stderr.write(`soak FAILED: ${error.message}\n`);
  killChildren();
  process.exit(1);
});
