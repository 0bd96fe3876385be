#!/usr/bin/env node
// Lighthouse (issues 11 and 27) on the pages a visitor reaches without signing in: the landing page, sign-in and
// a client's public proposal page, with Lighthouse's default mobile settings (simulated slow 4G, 4× CPU
// slowdown, a phone's screen) in Debian's Chromium, and again with a 6× CPU slowdown (a low-end phone). Each
// figure is the median of N runs. Reports; never fails on a score (benchmarks report).
//
// Usage: npm run bench:lighthouse [-- --pages=/,/login,/p --runs=3 --cpu=4,6]   (after `npm run build`;
//        `npm run bench` runs it last)
//   --pages  which pages: `/`, `/login`, `/p` (the public page of a sent demo proposal); default all three
//   --runs   runs per page and CPU setting, the median is reported (default 3, or LIGHTHOUSE_RUNS)
//   --cpu    CPU slowdowns to run; 4 is Lighthouse's mobile default (default 4,6)
// Lighthouse itself runs through npx at a pinned version: it is ~180 MB that no test needs, so it stays out of
// the project's install and is fetched from the registry the first time this runs.
import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  call,
  freePort,
  killChildren,
  ROOT,
  startServer,
  stop,
  tempDir,
} from '../scripts/lib/server-process.mjs';

const LIGHTHOUSE = 'lighthouse@13.5.0';
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
].join(' ');
const run = promisify(execFile);

/** `--name=value` from the command line, else the fallback. */
function option(name, fallback) {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length) ?? fallback;
}

const PAGE_NAMES = { '/': '/', '/login': '/login', '/p': '/p/{token}' };
const RUNS = Number(option('runs', process.env.LIGHTHOUSE_RUNS ?? 3));
const SELECTED = option('pages', Object.keys(PAGE_NAMES).join(',')).split(',');
const SLOWDOWNS = option('cpu', '4,6').split(',').map(Number);
const unknown = SELECTED.filter((page) => !(page in PAGE_NAMES));
if (unknown.length > 0 || !(RUNS >= 1) || SLOWDOWNS.some((cpu) => !(cpu >= 1))) {
  console.error(
    `lighthouse: --pages takes ${Object.keys(PAGE_NAMES).join(',')}; --runs and --cpu numbers ≥ 1`,
  );
  process.exit(2);
}

/**
 * One Lighthouse run of `url`; the parsed report. Lighthouse itself sometimes fails to record a page load
 * ("Something went wrong with recording the trace", NO_NAVSTART): such a run is made again, up to 3 times.
 */
async function lighthouse(url, out, cpu, attempt = 1) {
  try {
    return await lighthouseOnce(url, out, cpu);
  } catch (error) {
    if (attempt >= 3) throw error;
    const reason = String(error.stderr ?? error.message).match(/Runtime error[^\n]*/)?.[0] ?? 'failed';
    process.stdout.write(`  (${url}: Lighthouse ${reason}; again)\n`);
    return lighthouse(url, out, cpu, attempt + 1);
  }
}

async function lighthouseOnce(url, out, cpu) {
  await run(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      url,
      '--quiet',
      `--chrome-flags=${CHROME_FLAGS}`,
      '--only-categories=performance,accessibility,best-practices',
      // 4 is Lighthouse's mobile default; stated anyway so every row says what it ran with.
      `--throttling.cpuSlowdownMultiplier=${cpu}`,
      '--output=json',
      `--output-path=${out}`,
    ],
    { cwd: ROOT, env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(await readFile(out, 'utf8'));
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const dataDir = await tempDir('aceite-lighthouse-');
  const server = await startServer({ dataDir, port: await freePort(), args: ['--seed-demo'] });
  try {
    const origin = server.base.replace('/api/v1', '');
    // The admin manages every proposal, so the API shows it each one's public link (a salesperson sees only
    // their own: with vendas@, the first sent proposal could be a colleague's, and the page measured was
    // /p/null, the not-found state).
    const session = (
      await call(server.base, 'POST', '/auth/login', {
        body: { email: 'admin@aceite.demo', password: 'Aceite2026!' },
      })
    ).json.data;
    const sent = (await call(server.base, 'GET', '/proposals?status=sent', { token: session.accessToken }))
      .json.data;
    let publicToken = null;
    for (const { id } of sent) {
      publicToken = (await call(server.base, 'GET', `/proposals/${id}`, { token: session.accessToken })).json
        .data.publicToken;
      if (publicToken) break;
    }
    if (!publicToken) throw new Error('no sent demo proposal with a public link to measure /p/{token} on');
    const urls = {
      '/': `${origin}/`,
      '/login': `${origin}/login`,
      '/p': `${origin}/p/${publicToken}`,
    };
    const outDir = path.join(ROOT, 'bench/results');
    await mkdir(outDir, { recursive: true });
    const rows = [];
    for (const cpu of SLOWDOWNS) {
      for (const page of SELECTED) {
        const reports = [];
        for (let i = 0; i < RUNS; i++) {
          const out = path.join(outDir, `lighthouse-${cpu}x-${page.replace(/\W/g, '') || 'root'}-${i}.json`);
          reports.push(await lighthouse(urls[page], out, cpu));
        }
        const score = (category) =>
          Math.round(median(reports.map((r) => r.categories[category].score)) * 100);
        const values = (id) => reports.map((r) => r.audits[id].numericValue);
        const tbt = values('total-blocking-time').map(Math.round);
        rows.push({
          page: PAGE_NAMES[page],
          CPU: `${cpu}×`,
          performance: score('performance'),
          'LCP ms': Math.round(median(values('largest-contentful-paint'))),
          'TBT ms': median(tbt),
          'TBT runs': tbt.join(' / '),
          CLS: Number(median(values('cumulative-layout-shift')).toFixed(3)),
          accessibility: score('accessibility'),
          'best practices': score('best-practices'),
          '≥ 95': ['performance', 'accessibility', 'best-practices'].every((c) => score(c) >= 95)
            ? 'yes'
            : 'NO',
        });
        process.stdout.write(`  measured ${PAGE_NAMES[page]} at ${cpu}× CPU\n`);
      }
    }
    console.log(
      `\nLighthouse ${LIGHTHOUSE.split('@')[1]}, mobile (slow 4G; CPU slowdown as shown, 4× is the default), median of ${RUNS} run${RUNS === 1 ? '' : 's'} per row:`,
    );
    console.table(rows);
    await writeFile(
      path.join(outDir, `lighthouse-${new Date().toISOString().replaceAll(':', '-')}.json`),
      JSON.stringify({ runs: RUNS, rows }, null, 2),
    );
  } finally {
    await stop(server).catch(() => {});
  }
}

process.on('exit', killChildren);
main().catch((error) => {
  console.error(`lighthouse FAILED: ${error.stack ?? error.message}`);
  killChildren();
  process.exit(1);
});
