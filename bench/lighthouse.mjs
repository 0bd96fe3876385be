#!/usr/bin/env node
// Lighthouse (issue 11) on the pages a visitor reaches without signing in: the landing page, sign-in and a
// client's public proposal page, with Lighthouse's default mobile settings (simulated slow 4G, 4× CPU
// slowdown, a phone's screen) in Debian's Chromium. Reports; never fails on a score (benchmarks report).
//
// Usage: npm run bench:lighthouse (after `npm run build`; `npm run bench` runs it last)
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
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const run = promisify(execFile);

/**
 * One Lighthouse run of `url`; the parsed report. Lighthouse itself sometimes fails to record a page load
 * ("Something went wrong with recording the trace", NO_NAVSTART): such a run is made again, up to 3 times.
 */
async function lighthouse(url, out, attempt = 1) {
  try {
    return await lighthouseOnce(url, out);
  } catch (error) {
    if (attempt >= 3) throw error;
    const reason = String(error.stderr ?? error.message).match(/Runtime error[^\n]*/)?.[0] ?? 'failed';
    process.stdout.write(`  (${url}: Lighthouse ${reason}; again)\n`);
    return lighthouse(url, out, attempt + 1);
  }
}

async function lighthouseOnce(url, out) {
  await run(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      url,
      '--quiet',
      `--chrome-flags=${CHROME_FLAGS}`,
      '--only-categories=performance,accessibility,best-practices',
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
    const session = (
      await call(server.base, 'POST', '/auth/login', {
        body: { email: 'vendas@aceite.demo', password: 'Aceite2026!' },
      })
    ).json.data;
    const sent = (await call(server.base, 'GET', '/proposals?status=sent', { token: session.accessToken }))
      .json.data[0];
    const proposal = (await call(server.base, 'GET', `/proposals/${sent.id}`, { token: session.accessToken }))
      .json.data;
    const pages = [
      ['/', `${origin}/`],
      ['/login', `${origin}/login`],
      ['/p/{token}', `${origin}/p/${proposal.publicToken}`],
    ];
    const outDir = path.join(ROOT, 'bench/results');
    await mkdir(outDir, { recursive: true });
    const rows = [];
    for (const [name, url] of pages) {
      const reports = [];
      for (let i = 0; i < RUNS; i++) {
        reports.push(await lighthouse(url, path.join(outDir, `lighthouse-${rows.length}-${i}.json`)));
      }
      const score = (category) => Math.round(median(reports.map((r) => r.categories[category].score)) * 100);
      const audit = (id) => median(reports.map((r) => r.audits[id].numericValue));
      rows.push({
        page: name,
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best practices': score('best-practices'),
        'LCP ms': Math.round(audit('largest-contentful-paint')),
        'TBT ms': Math.round(audit('total-blocking-time')),
        CLS: Number(audit('cumulative-layout-shift').toFixed(3)),
        '≥ 95': ['performance', 'accessibility', 'best-practices'].every((c) => score(c) >= 95)
          ? 'yes'
          : 'NO',
      });
      process.stdout.write(`  measured ${name}\n`);
    }
    console.log(
      `\nLighthouse ${LIGHTHOUSE.split('@')[1]}, mobile defaults, median of ${RUNS} runs per page:`,
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
