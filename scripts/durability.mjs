#!/usr/bin/env node
import { spawn } from 'node:child_process';
// No lost writes (issue 10), against the built server (`npm run build` first) started as its own process:
//
//  1. Crash: on its embedded PostgreSQL, drive concurrent writes, `kill -9` the server and its database
//     mid-load, restart on the same data: every acknowledged write is there and the database opens cleanly.
//  2. The same against the PostgreSQL server at DATABASE_URL (when set).
//  3. Two server processes on that one PostgreSQL taking concurrent public accept/reject/sign on the same
//     proposals: exactly one decision per proposal; every email of the outbox sent exactly once (to a loopback
//     SMTP server run here). Then (issue 41) a session signed out on one process is refused by the other on
//     its next request (each process caches the session check).
//  4. Webhooks: events queued and being delivered to a loopback receiver when the server is killed with
//     `kill -9`; after the restart every event arrives (at least once), each signature verified with the
//     `standardwebhooks` package.
//  5. Behind a real reverse proxy (Debian's nginx, when installed; .ci/run installs it): two server processes on
//     that PostgreSQL behind one nginx on loopback. A brute-force sign-in hits the per-IP limit at the same count
//     as against one process, a session works on both, and every proposal email is delivered exactly once.
//
// Usage: npm run test:durability            (part 1; parts 2 and 3 need DATABASE_URL)
//        DATABASE_URL=postgres://… npm run test:durability
// Exits non-zero on the first broken promise, printing what was lost. Talks to 127.0.0.1 only.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import canonicalize from 'canonicalize';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { Webhook } from 'standardwebhooks';
import {
  call,
  crash,
  freePort,
  killChildren,
  SERVER,
  startServer,
  stop,
  tempDir,
} from './lib/server-process.mjs';

/**
 * What the public page sends with a decision: the version and the SHA-256 of the canonical content it shows.
 * The same fields as `canonicalContent` in packages/shared/src/content-hash.ts (this script runs as plain
 * JavaScript and cannot import that TypeScript file); a drift shows as 409s here.
 */
async function shownVersion(base, token) {
  const res = await call(base, 'GET', `/public/proposals/${token}?refresh=1`);
  if (res.status !== 200) fail(`public page answered ${res.status}`);
  const p = res.json.data;
  const fields = [
    'title',
    'description',
    'content',
    'subtotal',
    'discountType',
    'discountValue',
    'discountAmount',
    'taxRate',
    'taxAmount',
    'totalValue',
    'currency',
    'validUntil',
  ];
  const shown = Object.fromEntries(fields.map((f) => [f, p[f]]));
  return {
    version: p.version,
    contentSha256: createHash('sha256').update(canonicalize(shown)).digest('hex'),
  };
}

const PASSWORD = 'Durabilidade-2026!';
const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const LOAD_MS = Number(process.env.DURABILITY_LOAD_MS ?? 3000);
const CONCURRENCY = 16;
const PROPOSALS = Number(process.env.DURABILITY_PROPOSALS ?? 30);

const results = [];

function log(line) {
  process.stdout.write(`${line}\n`);
}

function fail(message) {
  throw new Error(message);
}

async function registerAccount(base) {
  const email = `dur-${randomUUID().slice(0, 8)}@exemplo.pt`;
  const res = await call(base, 'POST', '/auth/register', {
    body: {
      email,
      password: PASSWORD,
      firstName: 'Dora',
      lastName: 'Durável',
      organizationName: 'Durável Lda',
    },
  });
  if (res.status !== 201) fail(`register answered ${res.status}: ${JSON.stringify(res.json)}`);
  return { email, token: res.json.data.accessToken };
}

async function signIn(base, email) {
  const res = await call(base, 'POST', '/auth/login', { body: { email, password: PASSWORD } });
  if (res.status !== 200) fail(`login answered ${res.status}`);
  return res.json.data.accessToken;
}

/**
 * Concurrent client creations until `stopAt()` says so; returns the ids the server acknowledged (201). A
 * request cut by the crash is not acknowledged and may or may not have landed: that is allowed.
 */
async function writeLoad(base, token, shouldStop) {
  const acknowledged = [];
  let n = 0;
  async function worker() {
    while (!shouldStop()) {
      const i = n++;
      try {
        const res = await call(base, 'POST', '/clients', {
          token,
          body: {
            name: `Cliente durável ${i}`,
            email: `duravel-${i}-${randomUUID().slice(0, 6)}@exemplo.pt`,
          },
        });
        if (res.status === 201) acknowledged.push(res.json.data.id);
        else if (res.status >= 500) fail(`a write answered ${res.status} before the crash`);
      } catch {
        return; // the connection died with the server
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return acknowledged;
}

async function crashScenario(label, env) {
  const dataDir = await tempDir('aceite-durability-');
  try {
    const port = await freePort();
    let server = await startServer({ dataDir, port, env });
    const account = await registerAccount(server.base);
    let crashed = false;
    const started = Date.now();
    const load = writeLoad(server.base, account.token, () => crashed);
    await new Promise((r) => setTimeout(r, LOAD_MS));
    await crash(server);
    crashed = true;
    const acknowledged = await load;
    const loadSeconds = (Date.now() - started) / 1000;
    if (acknowledged.length === 0) fail(`${label}: no write was acknowledged before the crash`);

    server = await startServer({ dataDir, port, env });
    const token = await signIn(server.base, account.email);
    const missing = [];
    for (const id of acknowledged) {
      const res = await call(server.base, 'GET', `/clients/${id}`, { token });
      if (res.status !== 200) missing.push(id);
    }
    const health = await call(server.base, 'GET', '/health');
    await stop(server);
    if (missing.length > 0)
      fail(`${label}: ${missing.length} acknowledged writes lost: ${missing.slice(0, 5)}`);
    if (health.json?.data?.database !== 'ok') fail(`${label}: database not healthy after restart`);
    results.push({
      check: `${label}: kill -9 mid-load, restart`,
      figure: `${acknowledged.length} acknowledged writes in ${loadSeconds.toFixed(1)} s at ${CONCURRENCY} connections, 0 lost; database healthy after restart`,
    });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A loopback webhook receiver that takes `holdMs` per request, verifying every signature. */
async function startWebhookReceiver(holdMs) {
  const received = [];
  const state = { secret: null, badSignatures: 0 };
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      setTimeout(() => {
        const body = Buffer.concat(chunks).toString('utf8');
        try {
          new Webhook(state.secret).verify(body, req.headers);
          received.push(JSON.parse(body));
        } catch {
          state.badSignatures++;
        }
        res.writeHead(200).end('ok');
      }, holdMs);
    });
  });
  const port = await freePort();
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    state,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(r);
      }),
  };
}

async function webhookCrashScenario() {
  const dataDir = await tempDir('aceite-durability-webhooks-');
  // Each answer takes 1 s: with a batch of 16 attempted at once, some are in flight and most still queued at the crash.
  const receiver = await startWebhookReceiver(1000);
  const env = { WEBHOOKS_ALLOW_PRIVATE: 'true' };
  try {
    const port = await freePort();
    let server = await startServer({ dataDir, port, env });
    const account = await registerAccount(server.base);
    const endpoint = await call(server.base, 'POST', '/webhooks', {
      token: account.token,
      body: { url: receiver.url, events: ['client.created'] },
    });
    if (endpoint.status !== 201) fail(`webhook endpoint answered ${endpoint.status}`);
    const secret = await call(server.base, 'GET', `/webhooks/${endpoint.json.data.id}/secret`, {
      token: account.token,
    });
    receiver.state.secret = secret.json.data.secret;
    const clientIds = [];
    for (let i = 0; i < 30; i++) {
      const res = await call(server.base, 'POST', '/clients', {
        token: account.token,
        body: { name: `Cliente ${i}`, email: `wh-${i}-${randomUUID().slice(0, 6)}@exemplo.pt` },
      });
      if (res.status !== 201) fail(`client creation answered ${res.status}`);
      clientIds.push(res.json.data.id);
    }
    // Some delivered, some in flight, the rest queued.
    await new Promise((r) => setTimeout(r, 600));
    await crash(server);
    const beforeCrash = receiver.received.length;
    if (beforeCrash >= clientIds.length) fail('webhooks: every event was delivered before the crash');

    server = await startServer({ dataDir, port, env });
    // Attempts in flight at the crash are retried when their lease ends (60 s).
    const deadline = Date.now() + 120_000;
    const missing = () => {
      const got = new Set(receiver.received.map((e) => e.data.id));
      return clientIds.filter((id) => !got.has(id));
    };
    while (missing().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
    await stop(server);
    if (missing().length > 0) fail(`webhooks: ${missing().length} events never delivered after the restart`);
    if (receiver.state.badSignatures > 0) fail(`webhooks: ${receiver.state.badSignatures} bad signatures`);
    const duplicates = receiver.received.length - clientIds.length;
    results.push({
      check: 'webhooks: kill -9 while 30 events are queued or in flight, restart',
      figure: `${beforeCrash} delivered before the crash, all 30 after the restart (${duplicates} delivered twice: at least once), every signature verified`,
    });
  } finally {
    await receiver.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function startSmtp() {
  const received = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString(),
        });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise((r) => server.close(r)) };
}

async function twoProcessesScenario(databaseUrl) {
  const smtp = await startSmtp();
  const dirs = [await tempDir('aceite-durability-a-'), await tempDir('aceite-durability-b-')];
  const servers = [];
  try {
    // One JWT secret for both, as behind a load balancer.
    const env = { DATABASE_URL: databaseUrl, SMTP_URL: smtp.url, JWT_SECRET: randomUUID() + randomUUID() };
    for (const dataDir of dirs) servers.push(await startServer({ dataDir, port: await freePort(), env }));
    const [a, b] = servers;
    const account = await registerAccount(a.base);
    // This scenario races answers, not the client's email code (tested by the API tests): its organization
    // turns the code off, as an admin may, so every answer below needs none (docs/decisions.md, issue 20).
    const organization = await call(a.base, 'GET', '/settings/organization', { token: account.token });
    const codeOff = await call(a.base, 'PUT', '/settings/organization', {
      token: account.token,
      body: { name: organization.json.data.name, settings: { requireAnswerCode: false } },
    });
    if (codeOff.status !== 200) fail(`turning the answer code off answered ${codeOff.status}`);
    const proposals = [];
    for (let i = 0; i < PROPOSALS; i++) {
      const email = `decisao-${i}-${randomUUID().slice(0, 8)}@exemplo.pt`;
      const client = await call(a.base, 'POST', '/clients', {
        token: account.token,
        body: { name: `Cliente ${i}`, email },
      });
      const created = await call(b.base, 'POST', '/proposals', {
        token: account.token,
        body: {
          title: `Proposta ${i}`,
          clientId: client.json.data.id,
          content: { blocks: [], items: [{ name: 'Serviço', quantity: 1, unitPrice: 10_000 }] },
        },
      });
      if (created.status !== 201) fail(`create proposal answered ${created.status}`);
      const sent = await call(i % 2 ? a.base : b.base, 'POST', `/proposals/${created.json.data.id}/send`, {
        token: account.token,
      });
      if (sent.status !== 200) fail(`send answered ${sent.status}`);
      proposals.push({ id: created.json.data.id, token: created.json.data.publicToken, email });
    }

    // A decision names what the page showed (docs/product.md#content-binding): read once per proposal.
    for (const p of proposals) p.shown = await shownVersion(a.base, p.token);
    // Every proposal gets an accept, a reject and a signature at once, spread over both processes.
    const attempts = await Promise.all(
      proposals.flatMap((p) => [
        call(a.base, 'POST', `/public/proposals/${p.token}/accept`, { body: { ...p.shown } }),
        call(b.base, 'POST', `/public/proposals/${p.token}/reject`, {
          body: { reason: 'Concorrente', ...p.shown },
        }),
        call(b.base, 'POST', `/public/proposals/${p.token}/sign`, {
          body: { signerName: 'Cliente', signerEmail: p.email, signatureData: PNG_1X1, ...p.shown },
        }),
        call(a.base, 'POST', `/public/proposals/${p.token}/accept`, { body: { ...p.shown } }),
      ]),
    );
    const fiveHundreds = attempts.filter((r) => r.status >= 500).length;
    if (fiveHundreds > 0) fail(`${fiveHundreds} concurrent public decisions answered 5xx`);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      let doubles = 0;
      for (let i = 0; i < proposals.length; i++) {
        const won = attempts.slice(i * 4, i * 4 + 4).filter((r) => r.status === 200).length;
        if (won !== 1) doubles++;
      }
      if (doubles > 0) fail(`${doubles} proposals took other than exactly one decision`);
      const { rows } = await db.query(
        `select status, accepted_at is not null as accepted, rejected_at is not null as rejected,
                signed_at is not null as signed
           from proposals where id = any($1::uuid[])`,
        [proposals.map((p) => p.id)],
      );
      const decided = rows.filter((r) => ['accepted', 'rejected'].includes(r.status));
      const inconsistent = rows.filter(
        (r) => (r.status === 'accepted') === r.rejected || (r.signed && r.rejected),
      );
      if (decided.length !== proposals.length || inconsistent.length > 0) {
        fail(
          `decisions in the database: ${decided.length} of ${proposals.length}, ${inconsistent.length} inconsistent`,
        );
      }

      // The accepted and signed proposals' sealed PDFs are made by either process's seal worker (rendered and
      // sealed in the built worker thread, dist/pdf-worker.js, modules/pdf-workers), which then queues their emails: wait for them first, so the outbox below holds every email the clients are owed.
      const sealDeadline = Date.now() + 120_000;
      for (;;) {
        const unsealed = await db.query(
          `select count(*)::int as n from sealed_documents where proposal_id = any($1::uuid[]) and sealed_at is null`,
          [proposals.map((p) => p.id)],
        );
        if (unsealed.rows[0].n === 0) break;
        if (Date.now() > sealDeadline) fail(`${unsealed.rows[0].n} sealed PDFs still not made after 120 s`);
        await new Promise((r) => setTimeout(r, 250));
      }

      // Both processes' workers drain the outbox: wait until it is empty, then count what the SMTP server got.
      const deadline = Date.now() + 60_000;
      for (;;) {
        const pending = await db.query(
          `select count(*)::int as n from email_outbox where status <> 'sent' and to_address = any($1)`,
          [proposals.map((p) => p.email)],
        );
        if (pending.rows[0].n === 0) break;
        if (Date.now() > deadline) fail(`${pending.rows[0].n} emails still unsent after 60 s`);
        await new Promise((r) => setTimeout(r, 250));
      }
      await new Promise((r) => setTimeout(r, 1000));
      // Each client is owed its proposal's email and, once it accepted or signed, the sealed PDF's: every queued
      // email must arrive exactly once, and the send must have queued exactly one proposal email.
      const queued = await db.query(
        `select to_address, count(*)::int as total, count(*) filter (where kind = 'proposal')::int as sends
           from email_outbox where to_address = any($1) group by to_address`,
        [proposals.map((p) => p.email)],
      );
      const owed = new Map(queued.rows.map((r) => [r.to_address, r]));
      const counts = proposals.map((p) => smtp.received.filter((m) => m.to.includes(p.email)).length);
      const wrong = proposals.filter(
        (p, i) => owed.get(p.email)?.sends !== 1 || counts[i] !== owed.get(p.email)?.total,
      ).length;
      if (wrong > 0) {
        const expected = proposals.map((p) => owed.get(p.email)?.total ?? 0).join(',');
        fail(
          `${wrong} clients received other than each queued email once (got ${counts.join(',')}; queued ${expected})`,
        );
      }
      const accepted = decided.filter((r) => r.status === 'accepted').length;
      results.push({
        check: 'two server processes on one PostgreSQL, concurrent accept/reject/sign/accept per proposal',
        figure: `${proposals.length} proposals × 4 concurrent decisions: exactly 1 succeeded each (${accepted} accepted, ${proposals.length - accepted} rejected), 0 × 5xx; ${counts.reduce((a, n) => a + n, 0)} emails to the clients (the send, and the sealed PDF of each accepted one), each delivered exactly once`,
      });
      results.push(await revocationAcrossProcesses(a.base, b.base, account.email));
    } finally {
      await db.end();
    }
  } finally {
    for (const server of servers) await stop(server).catch(() => {});
    await smtp.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Issue 41: each process keeps the session check's answer (docs/architecture.md#the-session-cache). A session
 * read on both processes (both caches warm), signed out through A: B's next requests are refused, counting any
 * B still accepted (the notification on its way) and failing when one is accepted after 2 s.
 */
async function revocationAcrossProcesses(aBase, bBase, email) {
  // Five: with the registration, within the per-address sign-in limit (10 a minute) of this scenario.
  const rounds = 5;
  let late = 0;
  let worstMs = 0;
  for (let i = 0; i < rounds; i++) {
    const token = await signIn(aBase, email);
    for (const base of [aBase, bBase, aBase, bBase]) {
      const me = await call(base, 'GET', '/auth/me', { token });
      if (me.status !== 200) fail(`a fresh session answered ${me.status}`);
    }
    const out = await call(aBase, 'POST', '/auth/logout', { token });
    if (out.status !== 200) fail(`sign-out answered ${out.status}`);
    const start = performance.now();
    for (;;) {
      const me = await call(bBase, 'GET', '/auth/me', { token });
      if (me.status === 401) break;
      if (me.status !== 200) fail(`a signed-out session answered ${me.status} on the other process`);
      late++;
      worstMs = Math.max(worstMs, performance.now() - start);
      if (performance.now() - start > 2000)
        fail('a signed-out session still answered 200 on the other process after 2 s');
    }
    if ((await call(aBase, 'GET', '/auth/me', { token })).status !== 401)
      fail('the signing-out process answered the session');
  }
  return {
    check: 'sign-out on one process, the next request on the other (both with the session cached)',
    figure: `${rounds} sign-outs: ${late === 0 ? 'every one refused on the very next request' : `${late} request(s) still answered, the last ${worstMs.toFixed(1)} ms after the sign-out`}`,
  };
}

const NGINX = '/usr/sbin/nginx';

/** nginx in the foreground on a loopback port, round-robin over `upstreams`, passing the client's address on. */
async function startNginx(upstreams) {
  const dir = await tempDir('aceite-nginx-');
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await mkdir(`${dir}/${sub}`);
  const port = await freePort();
  const root = process.getuid?.() === 0;
  await writeFile(
    `${dir}/nginx.conf`,
    `${root ? 'user root;\n' : ''}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream aceite { ${upstreams.map((u) => `server ${u};`).join(' ')} }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://aceite;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto http;
    }
  }
}
`,
  );
  const child = spawn(NGINX, ['-p', dir, '-c', `${dir}/nginx.conf`], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (d) => {
    errors += d;
  });
  const base = `http://127.0.0.1:${port}/api/v1`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) fail(`nginx exited: ${errors}`);
    try {
      if ((await fetch(`${base}/health/live`)).ok) break;
    } catch {
      // not yet
    }
    if (i > 100) fail(`nginx did not answer: ${errors}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    async stop() {
      child.kill('SIGQUIT');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Wrong-password sign-ins from one client address until the first 429: how many were let through. */
async function attemptsUntilLimited(base, clientAddress) {
  for (let i = 1; i <= 50; i++) {
    const res = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress },
      body: JSON.stringify({ email: `ninguem-${i}@exemplo.pt`, password: 'Errada-2026!' }),
    });
    await res.arrayBuffer();
    if (res.status === 429) return i - 1;
    if (res.status !== 401) fail(`a wrong sign-in answered ${res.status}`);
  }
  fail('50 wrong sign-ins from one address were never limited');
}

async function proxyScenario(databaseUrl) {
  const smtp = await startSmtp();
  const dirs = [await tempDir('aceite-proxy-a-'), await tempDir('aceite-proxy-b-')];
  const servers = [];
  let proxy;
  try {
    const env = {
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtp.url,
      JWT_SECRET: randomUUID() + randomUUID(),
      TRUST_PROXY: 'true',
      AUTH_RATE_LIMIT_MAX: '10',
    };
    for (const dataDir of dirs) servers.push(await startServer({ dataDir, port: await freePort(), env }));
    proxy = await startNginx(servers.map((s) => new URL(s.base).host));

    // The per-IP sign-in limit, from two client addresses: straight to one process, then through the proxy.
    const alone = await attemptsUntilLimited(servers[0].base, '203.0.113.10');
    const behindProxy = await attemptsUntilLimited(proxy.base, '203.0.113.11');
    if (alone !== 10 || behindProxy !== alone) {
      fail(
        `sign-ins let through before 429: ${alone} on one process, ${behindProxy} behind the proxy (limit 10)`,
      );
    }

    // A session from a sign-up through the proxy works on both processes (nginx alternates per request).
    const account = await registerAccount(proxy.base);
    for (let i = 0; i < 6; i++) {
      const me = await call(proxy.base, 'GET', '/auth/me', { token: account.token });
      if (me.status !== 200) fail(`a session behind the proxy answered ${me.status} on request ${i + 1}`);
    }
    for (const server of servers) {
      const me = await call(server.base, 'GET', '/auth/me', { token: account.token });
      if (me.status !== 200) fail(`the session answered ${me.status} on one of the processes`);
    }

    // Every send's email through both processes' outbox workers: each delivered exactly once.
    const emails = [];
    for (let i = 0; i < 10; i++) {
      const email = `proxy-${i}-${randomUUID().slice(0, 8)}@exemplo.pt`;
      const client = await call(proxy.base, 'POST', '/clients', {
        token: account.token,
        body: { name: `Cliente ${i}`, email },
      });
      const created = await call(proxy.base, 'POST', '/proposals', {
        token: account.token,
        body: {
          title: `Proposta ${i}`,
          clientId: client.json.data.id,
          content: { blocks: [], items: [{ name: 'Serviço', quantity: 1, unitPrice: 10_000 }] },
        },
      });
      const sent = await call(proxy.base, 'POST', `/proposals/${created.json.data.id}/send`, {
        token: account.token,
      });
      if (sent.status !== 200) fail(`send behind the proxy answered ${sent.status}`);
      emails.push(email);
    }
    const deadline = Date.now() + 60_000;
    while (smtp.received.filter((m) => emails.some((e) => m.to.includes(e))).length < emails.length) {
      if (Date.now() > deadline) fail('the proposal emails sent behind the proxy did not all arrive in 60 s');
      await new Promise((r) => setTimeout(r, 250));
    }
    await new Promise((r) => setTimeout(r, 2000));
    const counts = emails.map((e) => smtp.received.filter((m) => m.to.includes(e)).length);
    if (counts.some((n) => n !== 1))
      fail(`proposal emails behind the proxy, per client: ${counts.join(',')}`);
    results.push({
      check: 'two server processes behind nginx on loopback, one PostgreSQL',
      figure: `sign-in limit hit after ${behindProxy} attempts behind the proxy and ${alone} on one process (limit 10); one session on both; ${emails.length} emails each delivered once`,
    });
  } finally {
    await proxy?.stop();
    for (const server of servers) await stop(server).catch(() => {});
    await smtp.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }
}

async function main() {
  if (!existsSync(SERVER)) fail('apps/server/dist/server.js is missing: run `npm run build` first');
  const started = Date.now();
  await crashScenario('embedded PostgreSQL', {});
  await webhookCrashScenario();
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    await crashScenario('PostgreSQL at DATABASE_URL', { DATABASE_URL: databaseUrl });
    await twoProcessesScenario(databaseUrl);
    if (existsSync(NGINX)) await proxyScenario(databaseUrl);
    else if (process.env.CI) fail(`${NGINX} is missing: .ci/run installs Debian's nginx`);
    else log(`${NGINX} not installed: the reverse-proxy check is skipped (.ci/run runs it).`);
  } else {
    log('DATABASE_URL not set: the PostgreSQL and two-process checks are skipped (.ci/run runs them).');
  }
  for (const r of results) log(`ok  ${r.check}\n    ${r.figure}`);
  log(`durability checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

process.on('exit', killChildren);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    killChildren();
    process.exit(130);
  });
}

main().catch((error) => {
  process.stderr.write(`durability check FAILED: ${error.message}\n`);
  killChildren();
  process.exit(1);
});
