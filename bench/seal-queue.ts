// `npm run bench -- --only "seal queue"` (issue 41): sealing never blocks a request. N clients (default 50) sign N proposals
// at the same moment on the built server; for each, the time its request took (the client waits for that), and
// the time from the signature's answer to its sealed PDF being downloadable (the seal job's queue: it polls every
// 2 s and seals one after another, docs/decisions.md "Sealed certificate and verification"). The server runs as
// its own process (apps/server/dist, `npm run build` first) with the demo data, on an embedded PostgreSQL of its
// own; the one-time codes are read from the email outbox, as the client reads them from their email.
//
// One run measures the same N signatures in three modes, each on a server started for it (same database, new
// proposals each time): "on the event loop" (PDF_WORKERS=0: the rendering and sealing run on the server's own
// thread, as before issue 41), "in a worker thread" (the default, modules/pdf-workers) and "seal job paused"
// (BENCH_SEAL_PAUSED=1: the reference, the signatures alone). Method and figures:
// docs/performance.md#documents-at-speed-issue-41.
//
// Options: BENCH_SIGNATURES (default 50), BENCH_SEAL_MODES (default "event-loop,worker,paused")
import { contentSha256 } from '@aceite/shared/content-hash';
import pg from 'pg';
import { call, freePort, killChildren, startServer, stop, tempDir } from '../scripts/lib/server-process.mjs';
import { startDatabase } from './database.mjs';

const SIGNATURES = Number(process.env.BENCH_SIGNATURES ?? 50);
const MODES = {
  'event-loop': { what: 'sealing on the event loop (PDF_WORKERS=0, as before)', env: { PDF_WORKERS: '0' } },
  worker: { what: 'sealing in a worker thread (PDF_WORKERS=1)', env: { PDF_WORKERS: '1' } },
  paused: { what: 'seal job paused (the reference)', env: { BENCH_SEAL_PAUSED: '1' } },
} as const;
type Mode = keyof typeof MODES;
// Paused last: the jobs it leaves queued would otherwise be sealed by the next mode's server.
const ORDER: Mode[] = ['event-loop', 'worker', 'paused'];
const chosen = (process.env.BENCH_SEAL_MODES ?? ORDER.join(',')).split(',').map((m) => m.trim()) as Mode[];
for (const mode of chosen) if (!(mode in MODES)) throw new Error(`BENCH_SEAL_MODES: unknown mode ${mode}`);
const PASSWORD = 'Aceite2026!';
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    'p50 ms': quantile(sorted, 0.5)?.toFixed(0),
    'p99 ms': quantile(sorted, 0.99)?.toFixed(0),
    'max ms': sorted.at(-1)?.toFixed(0),
  };
};

interface Measured {
  mode: Mode;
  requestMs: number[];
  /** A light request (`GET /health/live`) every 50 ms once the signatures were answered: what the sealing costs a request. */
  probeMs: number[];
  queueMs: number[] | null;
  allSealedS: number | null;
}

/** One mode: a server started for it, N proposals sent, signed at once, and (unless paused) all sealed. */
async function measure(
  mode: Mode,
  db: { url: string },
  sql: pg.Client,
  dataDir: string,
  seed: boolean,
): Promise<Measured> {
  const server = await startServer({
    dataDir,
    port: await freePort(),
    args: seed ? ['--seed-demo'] : [],
    env: { DATABASE_URL: db.url, ...MODES[mode].env },
  });
  try {
    const login = await call(server.base, 'POST', '/auth/login', {
      body: { email: 'vendas@aceite.demo', password: PASSWORD },
    });
    const token = login.json.data.accessToken as string;
    const clients = await call(server.base, 'GET', '/clients?limit=1', { token });
    const clientId = clients.json.data[0].id as string;

    // N sent proposals, each with what its page shows and the code its client got by email.
    const ready: { publicToken: string; body: Record<string, unknown> }[] = [];
    for (let i = 0; i < SIGNATURES; i++) {
      const created = await call(server.base, 'POST', '/proposals', {
        token,
        body: {
          title: `Selagem em carga ${i + 1} (${mode})`,
          clientId,
          status: 'sent',
          content: {
            blocks: [{ title: 'Âmbito', content: 'Manutenção mensal' }],
            items: Array.from({ length: 30 }, (_, n) => ({
              name: `Serviço ${n + 1}`,
              quantity: 1,
              unitPrice: 10_000 + n,
            })),
          },
        },
      });
      if (created.status !== 201) throw new Error(`POST /proposals: ${created.status}`);
      const publicToken = created.json.data.publicToken as string;
      const shown = await call(server.base, 'GET', `/public/proposals/${publicToken}?refresh=1`);
      const asked = await call(server.base, 'POST', `/public/proposals/${publicToken}/code`);
      if (asked.status !== 200) throw new Error(`code: ${asked.status}`);
      const { rows } = await sql.query(
        `select o.text from answer_codes a join proposals p on p.id = a.proposal_id
           join email_outbox o on o.id = a.outbox_id where p.public_token = $1 order by a.created_at desc limit 1`,
        [publicToken],
      );
      const code = (rows[0]?.text as string | undefined)?.match(/^(\d{6})$/m)?.[1];
      if (!code) throw new Error('no answer code in the outbox');
      ready.push({
        publicToken,
        body: {
          signerName: 'Inês Conceição',
          signerEmail: 'ines@exemplo.pt',
          signatureData: PNG,
          code,
          version: shown.json.data.version,
          contentSha256: await contentSha256(shown.json.data),
        },
      });
    }

    // All at once: each request's time; then each sealed PDF's wait, from the row its decision queued
    // (sealed_documents.created_at, in the decision's transaction) to sealed_at, read from the database, so
    // the bench's own polling adds no load to the server it measures.
    const requestMs: number[] = [];
    const started = performance.now();
    await Promise.all(
      ready.map(async ({ publicToken, body }) => {
        const sent = performance.now();
        const signed = await call(server.base, 'POST', `/public/proposals/${publicToken}/sign`, { body });
        if (signed.status !== 200) throw new Error(`sign: ${signed.status} ${JSON.stringify(signed.json)}`);
        requestMs.push(performance.now() - sent);
      }),
    );
    // From the last signature's answer on, a light request every 50 ms while the job seals (paused: for 10 s),
    // each request's time: what a request meets while the seal job works, beside the signatures' own cost.
    const probeMs: number[] = [];
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const sent = performance.now();
        const live = await fetch(`${server.base}/health/live`);
        await live.arrayBuffer();
        probeMs.push(performance.now() - sent);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    if (mode === 'paused') {
      await new Promise((r) => setTimeout(r, 10_000));
      probing = false;
      await probe;
      return { mode, requestMs, probeMs, queueMs: null, allSealedS: null };
    }
    const tokens = ready.map((r) => r.publicToken);
    const waited = `select extract(epoch from (s.sealed_at - s.created_at)) * 1000 as ms from sealed_documents s
       join proposals p on p.id = s.proposal_id where p.public_token = any($1) and s.status = 'sealed'`;
    let queueMs: number[] = [];
    for (;;) {
      queueMs = (await sql.query(waited, [tokens])).rows.map((r) => Number(r.ms));
      if (queueMs.length === SIGNATURES) break;
      if (performance.now() - started > 600_000) throw new Error(`${queueMs.length} sealed after 10 minutes`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const allSealedS = (performance.now() - started) / 1000;
    probing = false;
    await probe;
    // A sealed PDF the client can download (checked once: the wait above is the database's own clock).
    const one = await fetch(`${server.base}/public/proposals/${tokens[0]}/sealed-pdf`);
    if (one.status !== 200 || !(await one.text()).startsWith('%PDF'))
      throw new Error('the sealed PDF is not served');
    return { mode, requestMs, probeMs, queueMs, allSealedS };
  } finally {
    await stop(server);
  }
}

async function main() {
  const db = await startDatabase();
  const dataDir = await tempDir('aceite-seal-queue-');
  const sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  try {
    const results: Measured[] = [];
    for (const mode of ORDER.filter((m) => chosen.includes(m))) {
      results.push(await measure(mode, db, sql, dataDir, results.length === 0));
    }
    console.log(`\n${SIGNATURES} signatures at once on the built server, per mode:`);
    console.table(
      results.flatMap((r) => [
        {
          mode: MODES[r.mode].what,
          what: 'the signature request (the client waits)',
          ...summary(r.requestMs),
        },
        {
          mode: MODES[r.mode].what,
          what: `GET /health/live every 50 ms after the signatures (${r.probeMs.length})`,
          ...summary(r.probeMs),
        },
        ...(r.queueMs
          ? [
              {
                mode: MODES[r.mode].what,
                what: 'decision → sealed PDF (queue and sealing)',
                ...summary(r.queueMs),
              },
            ]
          : []),
      ]),
    );
    for (const r of results) {
      if (r.allSealedS === null) continue;
      console.log(
        `${MODES[r.mode].what}: all ${SIGNATURES} sealed ${r.allSealedS.toFixed(1)} s after the first signature ` +
          `(${(SIGNATURES / r.allSealedS).toFixed(1)} sealed PDFs/s)`,
      );
    }
  } finally {
    await sql.end();
    await db.stop();
  }
}

main().catch((error) => {
  console.error(error);
  killChildren();
  process.exit(1);
});
