import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, authHeaders, createTeamOfRoles, createUser } from '@/test/factories.ts';

/**
 * Issue 20 (security hardening): one reproduction per finding of the attack report. Each failed on the code
 * before the fix; docs/reliability.md lists them with this file's command.
 */

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let admin: ReturnType<typeof as>;
let clientId = '';

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
  admin = as(t.app, team.admin);
  clientId = (await admin('POST', '/clients', { name: 'Cliente', email: `c-${randomUUID()}@x.pt` })).json()
    .data.id;
});

afterAll(async () => {
  await t.close();
});

const item = (unitPrice: number, quantity = 1) => ({ name: 'Linha', quantity, unitPrice });

describe('finding 4: input the schema accepts never reaches PostgreSQL out of range', () => {
  it('stores a proposal worth more than 2^31 cents exactly', async () => {
    const res = await admin('POST', '/proposals', {
      title: 'Grande',
      clientId,
      taxRate: 0,
      content: { blocks: [], items: [item(3_000_000_000)] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ subtotal: 3_000_000_000, totalValue: 3_000_000_000 });
  });

  it('stores a product priced above 2^31 cents', async () => {
    const res = await admin('POST', '/products', { name: 'Caro', price: 10_000_000_000 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.price).toBe(10_000_000_000);
  });

  it('refuses a proposal whose lines add up past the limit with a 400 naming the items', async () => {
    const res = await admin('POST', '/proposals', {
      title: 'Enorme',
      clientId,
      content: { blocks: [], items: Array.from({ length: 200 }, () => item(10_000_000_000, 1_000)) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toContainEqual({
      field: 'content.items',
      message: 'O valor da proposta não pode exceder 10 000 000 000,00 €',
    });
  });

  it('stores a fixed discount of 10^10 cents', async () => {
    const res = await admin('POST', '/proposals', {
      title: 'Desconto',
      clientId,
      discountType: 'fixed',
      discountValue: 10_000_000_000,
      taxRate: 0,
      content: { blocks: [], items: [item(10_000_000_000, 2)] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ discountAmount: 10_000_000_000, totalValue: 10_000_000_000 });
  });

  it('answers 400 for a version number of 2^31', async () => {
    const id = (await admin('POST', '/proposals', { title: 'V', clientId })).json().data.id;
    const res = await admin('GET', `/proposals/${id}/versions/${2 ** 31}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('answers 400 for the year 0000 on a proposal and on analytics (a viewer reads analytics)', async () => {
    const res = await admin('POST', '/proposals', { title: 'Ano zero', clientId, validUntil: '0000-01-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toContainEqual({
      field: 'validUntil',
      message: 'A data deve estar entre os anos 1900 e 9999',
    });
    const viewer = as(t.app, team.viewer);
    for (const path of [
      '/analytics/overview',
      '/analytics/proposals-over-time',
      '/analytics/proposals-by-user',
      '/analytics/top-clients',
    ]) {
      const read = await viewer('GET', `${path}?startDate=0000-01-01&endDate=0000-12-31`);
      expect(read.statusCode, path).toBe(400);
    }
  });

  it('answers 400 for deeply nested JSON in the organization settings, and keeps a flat map', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 2_000; i++) deep = { a: deep };
    const res = await admin('PUT', '/settings/organization', { name: 'Org', settings: { deep } });
    expect(res.statusCode).toBe(400);
    const ok = await admin('PUT', '/settings/organization', { name: 'Org', settings: { weekStartsOn: 1 } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.settings).toEqual({ weekStartsOn: 1 });
  });
});

describe('finding 5: rates have two decimals and the figures are computed with the stored rate', () => {
  it('stores a 3-decimal tax and percentage discount rounded, with totals computed from the stored rates', async () => {
    const res = await admin('POST', '/proposals', {
      title: 'Arredondamento',
      clientId,
      discountType: 'percentage',
      discountValue: 10.005,
      taxRate: 22.995,
      content: { blocks: [], items: [item(100_000_000)] },
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json().data;
    const rows = await t.db.execute<Record<string, string | number>>(sql`
      select discount_value::float8 as dv, tax_rate::float8 as tr, subtotal, discount_amount, tax_amount, total_value
        from proposals where id = ${id}`);
    const row = rows.rows[0] as {
      dv: number;
      tr: number;
      subtotal: number;
      discount_amount: number;
      tax_amount: number;
      total_value: number;
    };
    expect(row.dv).toBe(10.01);
    expect(row.tr).toBe(23);
    // From the stored rates: 10.01 % of 1 000 000,00 € and 23 % of the rest.
    expect(row.discount_amount).toBe(10_010_000);
    expect(row.tax_amount).toBe(Math.round((100_000_000 - 10_010_000) * 0.23));
    expect(row.total_value).toBe(row.subtotal - row.discount_amount + row.tax_amount);
  });
});

describe("finding 1: the public decisions are the client's alone", () => {
  const PNG_1X1 =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
  const decide = (token: string, action: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/public/proposals/${token}/${action}`,
      headers,
      payload:
        action === 'sign'
          ? { signerName: 'Membro', signerEmail: 'm@x.pt', signatureData: PNG_1X1 }
          : action === 'reject'
            ? { reason: null }
            : undefined,
    });
  const newProposal = async (status: 'draft' | 'sent' = 'sent') =>
    (await as(t.app, team.sales)('POST', '/proposals', { title: 'P', clientId, status })).json().data as {
      id: string;
      publicToken: string;
    };

  it('refuses a member of the organization, a viewer included, on every action, and nothing changes', async () => {
    const proposal = await newProposal();
    for (const member of [team.viewer, team.sales, team.manager, team.admin]) {
      const headers = await authHeaders(t.app, member);
      for (const action of ['accept', 'reject', 'sign']) {
        const res = await decide(proposal.publicToken, action, headers);
        expect(res.statusCode, `${member.role} ${action}`).toBe(403);
        expect(res.json().error.message).toBe('Só o cliente pode responder a esta proposta');
      }
    }
    const status = await t.db.execute<{ status: string }>(
      sql`select status from proposals where id = ${proposal.id}`,
    );
    expect(status.rows[0]?.status).toBe('sent');
  });

  it("refuses an impersonating superadmin and a superadmin's own token", async () => {
    const proposal = await newProposal();
    const superadmin = await createUser(t.db, { role: 'superadmin' });
    const impersonating = await t.app.accessTokens.sign({
      userId: team.sales.id,
      organizationId: team.org.id,
      role: 'sales',
      sessionId: randomUUID(),
      impersonatorId: superadmin.id,
    });
    for (const headers of [
      { authorization: `Bearer ${impersonating}` },
      await authHeaders(t.app, superadmin),
    ]) {
      expect((await decide(proposal.publicToken, 'accept', headers)).statusCode).toBe(403);
    }
  });

  it('lets a member of another organization answer: they may be the client', async () => {
    const proposal = await newProposal();
    const outsider = await createUser(t.db, { role: 'admin' });
    const res = await decide(proposal.publicToken, 'accept', await authHeaders(t.app, outsider));
    expect(res.statusCode).toBe(200);
  });

  it('refuses an answer to a proposal never sent, which stays a draft and counts as nothing won', async () => {
    const draft = await newProposal('draft');
    for (const action of ['accept', 'sign', 'reject']) {
      const res = await decide(draft.publicToken, action);
      expect(res.statusCode, action).toBe(409);
      expect(res.json().error.message).toBe('Esta proposta ainda não foi enviada e não pode ser respondida');
    }
    expect(
      (await t.app.inject({ url: `/api/v1/public/proposals/${draft.publicToken}` })).json().data.isActionable,
    ).toBe(false);
    const row = await t.db.execute<{ status: string }>(
      sql`select status from proposals where id = ${draft.id}`,
    );
    expect(row.rows[0]?.status).toBe('draft');
  });

  it('shows the public link only to those who may send the proposal', async () => {
    const proposal = await newProposal();
    const tokenFor = async (user: typeof team.sales) =>
      (await as(t.app, user)('GET', `/proposals/${proposal.id}`)).json().data.publicToken;
    expect(await tokenFor(team.sales)).toBe(proposal.publicToken);
    expect(await tokenFor(team.manager)).toBe(proposal.publicToken);
    expect(await tokenFor(team.admin)).toBe(proposal.publicToken);
    expect(await tokenFor(team.viewer)).toBeNull();
    const otherSales = await createUser(t.db, { organizationId: team.org.id, role: 'sales' });
    expect(await tokenFor(otherSales)).toBeNull();
  });
});
