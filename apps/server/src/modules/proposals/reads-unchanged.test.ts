import { WON_STATUSES } from '@aceite/shared/proposal-status';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
// The benchmark's data generator (bench/generate.mjs), run small.
import { BENCH_PASSWORD, BIG_ADMIN, BIG_SALES, generateData } from '../../../../../bench/generate.mjs';

/**
 * Issue 26's hot reads answer byte for byte what they answered before their optimisation (docs/decisions.md,
 * "Issue 26 — reads close to the reference"): `t` serves them the fast way (fast-json-stringify, named
 * statements, the tallies kept by the writes); `ref`, a second app on the same database with the test-only
 * `referenceReads`, the way they were computed before (zod's serializer, counts and sums from the proposals).
 * The data is the bench's generator, then writes of every kind the tallies follow — some of them concurrent.
 */
let t: TestApp;
let ref: TestApp;
let url: string;

async function withClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function tokenOf(email: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: BENCH_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.accessToken;
}

const get = (app: TestApp, token: string, path: string) =>
  app.app.inject({ method: 'GET', url: `/api/v1${path}`, headers: { authorization: `Bearer ${token}` } });

/** Each path answered by both apps: the same status and the same bytes. */
async function expectSameAnswers(token: string, paths: string[]): Promise<void> {
  for (const path of paths) {
    const [fast, reference] = await Promise.all([get(t, token, path), get(ref, token, path)]);
    expect({ path, status: fast.statusCode }).toEqual({ path, status: reference.statusCode });
    expect(fast.statusCode, `${path}: ${fast.body}`).toBe(200);
    expect({ path, body: fast.body }).toEqual({ path, body: reference.body });
  }
}

let admin: string;
let sales: string;
let clientIds: string[];

beforeAll(async () => {
  t = await buildTestApp();
  ref = await buildTestApp({ sameDatabaseAs: t, referenceReads: true });
  const { rows } = await t.db.execute<{ name: string }>(sql`select current_database() as name`);
  const u = new URL(inject('adminDbUrl'));
  u.pathname = `/${rows[0]?.name}`;
  url = u.toString();
  await withClient((client) =>
    generateData(client, { proposals: 1200, clients: 40, products: 10, smallOrgs: 2 }),
  );
  admin = await tokenOf(BIG_ADMIN);
  sales = await tokenOf(BIG_SALES);
  clientIds = (
    await t.db.execute<{ id: string }>(sql`
      select c.id from clients c join organizations o on o.id = c.organization_id
       where o.name = 'Grande Lda' order by c.name limit 6`)
  ).rows.map((r) => r.id);
}, 120_000);

afterAll(async () => {
  await ref?.close();
  await t?.close();
});

/** The reads compared: one proposal, the list (pages, filters, search), the sidebar and the dashboard. */
async function hotReadPaths(token: string): Promise<string[]> {
  const list = (await get(t, token, '/proposals?limit=100')).json().data as { id: string }[];
  const archived = (
    await t.db.execute<{ id: string }>(sql`
      select p.id from proposals p join organizations o on o.id = p.organization_id
       where o.name = 'Grande Lda' and p.archived_at is not null limit 1`)
  ).rows.map((r) => `/proposals/${r.id}`);
  return [
    ...list.slice(0, 5).map((p) => `/proposals/${p.id}`),
    ...archived,
    '/proposals',
    '/proposals?page=3&limit=20',
    '/proposals?status=accepted',
    '/proposals?status=draft&sort=lastViewed',
    '/proposals?status=cancelled',
    '/proposals?search=Cliente%201',
    '/proposals/stats',
    '/analytics/overview',
    '/analytics/top-clients?limit=5',
    '/analytics/top-clients?limit=50',
    `/analytics/overview?startDate=2020-01-01&endDate=2099-12-31`,
    `/analytics/top-clients?limit=5&startDate=2020-01-01`,
  ];
}

describe('the hot reads, optimised and by reference (issue 26)', () => {
  it('answer byte for byte the same on the generated data', async () => {
    await expectSameAnswers(admin, await hotReadPaths(admin));
    await expectSameAnswers(sales, await hotReadPaths(sales));
  });

  it('stay the same after creates, edits, status changes, archives, deletes and cancellations', async () => {
    const headers = { authorization: `Bearer ${admin}` };
    // Some with a quantity range and an optional item (keys the generated items lack).
    const items = (rich: boolean) => [
      { name: 'Serviço', quantity: 3, unitPrice: 12_345 },
      ...(rich
        ? [
            { name: 'Alojamento', quantity: 12, unitPrice: 1_000, minQuantity: 6, maxQuantity: 24 },
            { name: 'Manutenção', quantity: 1, unitPrice: 5_000, optional: 'selected' },
          ]
        : []),
    ];
    const create = (clientId: string, rich: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/proposals',
        headers,
        payload: {
          title: 'Proposta de teste',
          clientId,
          status: 'draft',
          content: { blocks: [], items: items(rich) },
        },
      });
    // Concurrent creates of one organization: every one counted.
    const created = await Promise.all(
      Array.from({ length: 24 }, (_, i) => create(clientIds[i % clientIds.length] as string, i % 2 === 1)),
    );
    for (const res of created) expect(res.statusCode).toBe(201);
    const ids = created.map((r) => r.json().data.id as string);
    // An edit that moves a proposal to another client and changes its value.
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/proposals/${ids[0]}`,
      headers,
      payload: {
        title: 'Outro cliente',
        clientId: clientIds[5],
        content: { blocks: [], items: [{ name: 'Serviço', quantity: 7, unitPrice: 50_000 }] },
      },
    });
    expect(moved.statusCode).toBe(200);
    // Deleted (a draft), and cancelled.
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/proposals/${ids[1]}`, headers })).statusCode,
    ).toBe(200);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/v1/proposals/${ids[2]}/cancel`,
      headers,
      payload: { reason: 'Já não é preciso', notifyClient: false },
    });
    expect(cancelled.statusCode).toBe(200);
    // Answers and archives written as the public page and the admin's delete do, in parallel on several
    // connections: accepted with a chosen total, signed, rejected, archived after the answer.
    await Promise.all([
      withClient((c) =>
        c.query(
          `update proposals set status = 'accepted', accepted_at = now(), chosen_total = total_value - 100
            where id = any($1::uuid[])`,
          [ids.slice(3, 8)],
        ),
      ),
      withClient((c) =>
        c.query(`update proposals set status = 'signed', signed_at = now() where id = any($1::uuid[])`, [
          ids.slice(8, 12),
        ]),
      ),
      withClient((c) =>
        c.query(`update proposals set status = 'rejected', rejected_at = now() where id = any($1::uuid[])`, [
          ids.slice(12, 16),
        ]),
      ),
      withClient((c) =>
        c.query(
          `update proposals set status = 'expired'
            where id in (select p.id from proposals p join organizations o on o.id = p.organization_id
                          where o.name = 'Grande Lda' and p.status = 'sent' order by p.id limit 40)`,
        ),
      ),
    ]);
    await withClient((c) =>
      c.query(`update proposals set archived_at = now() where id = any($1::uuid[])`, [ids.slice(3, 5)]),
    );
    const archivedByApi = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/proposals/${ids[12]}`,
      headers,
    });
    expect(archivedByApi.statusCode).toBe(200);
    // A transaction that changes its mind is not counted.
    await withClient(async (c) => {
      await c.query('begin');
      await c.query(`update proposals set status = 'viewed' where id = $1`, [ids[20]]);
      await c.query('rollback');
    });
    // Every proposal written here, one by one (the deleted one aside).
    const written = ids.filter((id) => id !== ids[1]).map((id) => `/proposals/${id}`);
    await expectSameAnswers(admin, [...(await hotReadPaths(admin)), ...written]);
    await expectSameAnswers(sales, [...(await hotReadPaths(sales)), ...written]);
  });

  it('count an organization only once it exists, and forget it with it', async () => {
    const small = (
      await t.db.execute<{ id: string; n: number }>(sql`
        select o.id, (select count(*)::int from proposal_tallies t where t.organization_id = o.id) as n
          from organizations o where o.name like 'Pequena%' order by o.name limit 1`)
    ).rows[0];
    expect(small?.n).toBeGreaterThan(0);
    await t.db.execute(sql`delete from organizations where id = ${small?.id}`);
    const left = await t.db.execute<{ n: number }>(sql`
      select (select count(*)::int from proposal_tallies where organization_id = ${small?.id})
           + (select count(*)::int from proposal_client_tallies where organization_id = ${small?.id}) as n`);
    expect(left.rows[0]?.n).toBe(0);
  });

  it("counts as won exactly the shared WON_STATUSES (the trigger's SQL names them)", async () => {
    const { rows } = await t.db.execute<{ src: string }>(
      sql`select prosrc as src from pg_proc where proname = 'proposal_tallies_change'`,
    );
    const list = WON_STATUSES.map((s) => `'${s}'`).join(', ');
    expect(rows[0]?.src).toContain(`IN (${list})`);
  });
});
