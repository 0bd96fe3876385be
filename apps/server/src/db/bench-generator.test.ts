import { computeTotals } from '@aceite/shared/totals';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
// The benchmark's data generator (bench/generate.mjs), run small: the data it writes must be data the app reads.
import { BENCH_PASSWORD, BIG_ADMIN, BIG_SALES, generateData } from '../../../../bench/generate.mjs';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  const { rows } = await t.db.execute<{ url: string }>(sql`select current_database() as url`);
  const url = new URL(inject('adminDbUrl'));
  url.pathname = `/${rows[0]?.url}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await generateData(client, { proposals: 400, clients: 50, products: 20, smallOrgs: 3 });
  } finally {
    await client.end();
  }
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('benchmark data generator', () => {
  it('writes the sizes asked for, in one large organization and the small ones', async () => {
    const { rows } = await t.db.execute<{
      name: string;
      proposals: number;
      clients: number;
      users: number;
    }>(sql`
      select o.name,
             (select count(*)::int from proposals p where p.organization_id = o.id) as proposals,
             (select count(*)::int from clients c where c.organization_id = o.id) as clients,
             (select count(*)::int from users u where u.organization_id = o.id) as users
        from organizations o where o.domain like '%.bench' order by o.name`);
    expect(rows.find((r) => r.name === 'Grande Lda')).toMatchObject({
      proposals: 400,
      clients: 50,
      users: 50,
    });
    expect(rows.filter((r) => r.name.startsWith('Pequena'))).toHaveLength(3);
    for (const small of rows.filter((r) => r.name.startsWith('Pequena'))) {
      expect(small).toMatchObject({ proposals: 50, clients: 10, users: 1 });
    }
  });

  it("computes every proposal's totals from its items exactly as the server does", async () => {
    const { rows } = await t.db.execute<{
      content: { items: { quantity: number; unitPrice: number }[] };
      discount_value: string;
      tax_rate: string;
      subtotal: number;
      discount_amount: number;
      tax_amount: number;
      total_value: number;
    }>(sql`select content, discount_value, tax_rate, subtotal, discount_amount, tax_amount, total_value
             from proposals p join organizations o on o.id = p.organization_id where o.domain like '%.bench'`);
    expect(rows.length).toBe(550);
    for (const row of rows) {
      const totals = computeTotals({
        items: row.content.items,
        discountType: 'percentage',
        discountValue: Number(row.discount_value),
        taxRate: Number(row.tax_rate),
      });
      // The SQL above is the single-rate rule of before IVA per line: the per-rate function gives the same
      // figures, and one row by rate holding them (docs/product.md#totals).
      expect(totals).toEqual({
        subtotal: row.subtotal,
        discountAmount: row.discount_amount,
        taxAmount: row.tax_amount,
        totalValue: row.total_value,
        taxBreakdown:
          row.content.items.length === 0
            ? []
            : [{ rate: Number(row.tax_rate), base: row.subtotal - row.discount_amount, tax: row.tax_amount }],
      });
    }
  });

  it('gives accounts that sign in and lists the app reads, scoped to their organization', async () => {
    const login = async (email: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email, password: BENCH_PASSWORD },
        })
      ).json().data.accessToken as string;
    const admin = await login(BIG_ADMIN);
    const list = await t.app.inject({
      url: '/api/v1/proposals?status=accepted',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().pagination.total).toBeGreaterThan(50);
    const sales = await login(BIG_SALES);
    const own = await t.app.inject({
      url: '/api/v1/proposals',
      headers: { authorization: `Bearer ${sales}` },
    });
    expect(own.statusCode).toBe(200);
    const overview = await t.app.inject({
      url: '/api/v1/analytics/overview',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(overview.json().data.totalProposals).toBe(400);
  });
});
