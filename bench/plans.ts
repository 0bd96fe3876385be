// Growth (issue 11): the SQL the app itself runs for the main reads, explained (EXPLAIN ANALYZE) on an
// organization of 1,000, 10,000 and 100,000 proposals. The app's own service functions are called with a
// Drizzle logger that captures each statement and its parameters; each is then run under EXPLAIN ANALYZE.
// Prints a table of PostgreSQL execution times by size, and writes every plan of the largest size to
// bench/results/plans-<size>.md.
//
// Usage: npm run bench:plans [-- --sizes 1000,10000,100000]   (DATABASE_URL: use that server, else embedded)
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { runMigrations } from '@/db/client.ts';
import * as schema from '@/db/schema/index.ts';
import type { TenantContext } from '@/lib/tenant-scope.ts';
import * as analytics from '@/modules/analytics/analytics.service.ts';
import * as auth from '@/modules/auth/auth.service.ts';
import * as proposals from '@/modules/proposals/proposals.service.ts';
import { startDatabase } from './database.mjs';
import { BIG_ADMIN, generateData } from './generate.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const sizesArg = process.argv.indexOf('--sizes');
const SIZES = (sizesArg > 0 ? process.argv[sizesArg + 1] : '1000,10000,100000').split(',').map(Number);

type Captured = { sql: string; params: unknown[] };

async function withDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const db = await startDatabase();
  try {
    return await fn(db.url);
  } finally {
    await db.stop();
  }
}

async function explainAt(size: number) {
  return withDatabase(async (url) => {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    pool.on('error', () => {}); // the database is dropped under idle clients when a step fails
    let captured: Captured[] = [];
    const db = drizzle(pool, {
      schema,
      casing: 'snake_case',
      logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
    });
    await runMigrations(db);
    const client = await pool.connect();
    await generateData(client, { proposals: size, smallOrgs: 200 });
    client.release();
    const { rows } = await pool.query(
      `select u.id as user_id, u.organization_id from users u where u.email = $1`,
      [BIG_ADMIN],
    );
    const ctx: TenantContext = {
      db,
      organizationId: rows[0].organization_id,
      userId: rows[0].user_id,
      role: 'admin',
    };
    const teamId = (
      await pool.query('select id from teams where organization_id = $1 limit 1', [ctx.organizationId])
    ).rows[0].id as string;
    const sample = (await proposals.listProposals(ctx, { page: 1, limit: 1 })).data[0];
    const since = new Date(Date.now() - 180 * 86_400_000).toISOString().slice(0, 10);
    // A live session for the admin, among 10,000 others: the check every authenticated request makes.
    const sessionId = randomUUID();
    await pool.query(
      `insert into refresh_tokens (user_id, family_id, token_hash, expires_at)
       select $1, case when g = 0 then $2::uuid else gen_random_uuid() end, 'bench-' || gen_random_uuid(),
              now() + interval '1 day'
         from generate_series(0, 10000) g`,
      [ctx.userId, sessionId],
    );
    await pool.query('analyze refresh_tokens');
    const claims = {
      userId: ctx.userId,
      organizationId: ctx.organizationId,
      role: 'admin' as const,
      sessionId,
    };
    const calls: [string, () => Promise<unknown>][] = [
      ['every authenticated request: the session check', () => auth.sessionHolds(db, claims)],
      ['GET /proposals (first page)', () => proposals.listProposals(ctx, { page: 1, limit: 24 })],
      [
        'GET /proposals?status=accepted',
        () => proposals.listProposals(ctx, { page: 1, limit: 24, status: 'accepted' }),
      ],
      [
        'GET /proposals?search=Cliente 42',
        () => proposals.listProposals(ctx, { page: 1, limit: 24, search: 'Cliente 42' }),
      ],
      ['GET /proposals/{id}', () => proposals.getProposal(ctx, sample?.id ?? '')],
      ['GET /proposals/stats', () => proposals.getProposalStats(ctx)],
      ['GET /analytics/overview', () => analytics.getOverview(ctx, {})],
      [
        'GET /analytics/overview (6 months, a team)',
        () => analytics.getOverview(ctx, { startDate: since, teamId }),
      ],
      ['GET /analytics/proposals-over-time', () => analytics.getProposalsOverTime(ctx, {})],
      ['GET /analytics/proposals-by-user', () => analytics.getProposalsByUser(ctx, {}, 10)],
      ['GET /analytics/proposals-by-team', () => analytics.getProposalsByTeam(ctx, {})],
      ['GET /analytics/top-clients', () => analytics.getTopClients(ctx, {}, 10)],
      ['GET /analytics/recent-activity', () => analytics.getRecentActivity(ctx, 10)],
    ];
    const results: { call: string; ms: number; plans: string[] }[] = [];
    for (const [name, call] of calls) {
      await call(); // warm the cache as a running server's would be
      captured = [];
      await call();
      const statements = captured;
      let ms = 0;
      const plans: string[] = [];
      for (const s of statements) {
        const explained = await pool.query(`explain (analyze, buffers, format text) ${s.sql}`, s.params);
        const text = explained.rows.map((r) => r['QUERY PLAN']).join('\n');
        ms += Number(text.match(/Execution Time: ([\d.]+) ms/)?.[1] ?? 0);
        plans.push(`${s.sql}\n\n${text}`);
      }
      results.push({ call: name, ms, plans });
    }
    await pool.end();
    return results;
  });
}

async function main() {
  const bySize = new Map<number, Awaited<ReturnType<typeof explainAt>>>();
  for (const size of SIZES) {
    process.stdout.write(`  ${size} proposals…\n`);
    bySize.set(size, await explainAt(size));
  }
  const first = bySize.get(SIZES[0] as number) ?? [];
  console.log(
    '\nPostgreSQL execution time (EXPLAIN ANALYZE, ms, all statements of the call) by organization size:',
  );
  console.table(
    first.map((r, i) =>
      Object.fromEntries([
        ['call', r.call],
        ...SIZES.map((size) => [
          `${size.toLocaleString('en')} proposals`,
          Number((bySize.get(size)?.[i]?.ms ?? 0).toFixed(2)),
        ]),
      ]),
    ),
  );
  const largest = SIZES[SIZES.length - 1] as number;
  const dir = path.join(ROOT, 'bench/results');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `plans-${largest}.md`);
  await writeFile(
    file,
    (bySize.get(largest) ?? [])
      .map(
        (r) =>
          `## ${r.call} (${r.ms.toFixed(2)} ms)\n\n${r.plans.map((p) => `\`\`\`\n${p}\n\`\`\``).join('\n\n')}`,
      )
      .join('\n\n'),
  );
  console.log(`plans at ${largest} proposals in ${path.relative(ROOT, file)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
