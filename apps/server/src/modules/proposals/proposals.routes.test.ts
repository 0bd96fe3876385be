import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@aceite/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposals, users } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles, type TestUser } from '@/test/factories.ts';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let other: Awaited<ReturnType<typeof createTeamOfRoles>>;
let clientId: string;
let otherClientId: string;
let sales2: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
  other = await createTeamOfRoles(t.db);
  const { createUser } = await import('@/test/factories.ts');
  sales2 = await createUser(t.db, { organizationId: team.org.id, role: 'sales' });
  clientId = (
    await as(t.app, team.sales)('POST', '/clients', { name: 'Cliente A', email: 'a@cliente.pt' })
  ).json().data.id;
  otherClientId = (
    await as(t.app, other.sales)('POST', '/clients', { name: 'Cliente B', email: 'b@cliente.pt' })
  ).json().data.id;
});
afterAll(async () => {
  await t.close();
});

const proposal = (overrides: Record<string, unknown> = {}) => ({
  title: 'Website institucional',
  clientId,
  description: 'Novo site com CMS',
  validUntil: '2027-01-31',
  content: {
    blocks: [{ title: 'Âmbito', content: 'Design e desenvolvimento' }],
    items: [
      { name: 'Design', description: 'Protótipos', quantity: 3, unitPrice: 1999 },
      { name: 'Horas', description: '', quantity: 1.5, unitPrice: 333 },
    ],
  },
  discountType: 'percentage',
  discountValue: 10,
  taxRate: 23,
  ...overrides,
});

const create = (user: TestUser, overrides: Record<string, unknown> = {}) =>
  as(t.app, user)('POST', '/proposals', proposal(overrides));

describe('POST /proposals', () => {
  it("keeps each line's unit, discount and IVA, as a template gives them, and totals with them", async () => {
    // A template line: 1000,00 € less 10 %, at 6 % IVA, promises 954,00 €.
    const res = await create(team.sales, {
      content: {
        blocks: [],
        items: [
          {
            name: 'Alojamento',
            description: '',
            quantity: 1,
            unit: 'mês',
            unitPrice: 100_000,
            discount: 10,
            tax: 6,
          },
        ],
      },
      discountValue: 0,
    });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data.content.items[0]).toMatchObject({ unit: 'mês', discount: 10, tax: 6 });
    expect(data).toMatchObject({ subtotal: 90_000, taxAmount: 5_400, totalValue: 95_400 });
    const [row] = await t.db.select().from(proposals).where(eq(proposals.id, data.id));
    expect(row?.content.items[0]).toMatchObject({ unit: 'mês', discount: 10, tax: 6 });
  });

  it('refuses a line discount or IVA outside 0–100 with field details', async () => {
    const res = await create(team.sales, {
      content: { blocks: [], items: [{ name: 'X', quantity: 1, unitPrice: 100, discount: 120, tax: -1 }] },
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['content.items.0.discount', 'content.items.0.tax']));
  });

  it('creates a draft owned by the creator, with server-computed totals and a public token', async () => {
    const res = await create(team.sales, { subtotal: 1, totalValue: 999999, taxAmount: 5 });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      status: 'draft',
      currency: 'EUR',
      ownerId: team.sales.id,
      subtotal: 6497,
      discountAmount: 650,
      taxAmount: 1345,
      totalValue: 7192,
      validUntil: '2027-01-31',
      client: { id: clientId, name: 'Cliente A', email: 'a@cliente.pt' },
      owner: { id: team.sales.id },
    });
    expect(data.publicToken).toMatch(/^[\w-]{43}$/);
    const [row] = await t.db.select().from(proposals).where(eq(proposals.id, data.id));
    expect(row?.organizationId).toBe(team.org.id);
    expect(row?.totalValue).toBe(7192);
  });

  it('says "Título e Cliente são obrigatórios" without title or client', async () => {
    const res = await as(t.app, team.sales)('POST', '/proposals', { title: '', content: { items: [] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MESSAGES.proposalRequired);
    expect(res.json().error.details.map((d: { field: string }) => d.field)).toEqual(['title', 'clientId']);
  });

  it('validates quantities, prices, discount and tax', async () => {
    const res = await create(team.sales, {
      content: { items: [{ name: 'x', quantity: 0, unitPrice: -1 }] },
      discountValue: 150,
      taxRate: 101,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual(
      expect.arrayContaining([
        { field: 'content.items.0.quantity', message: MESSAGES.quantityInvalid },
        { field: 'content.items.0.unitPrice', message: MESSAGES.unitPriceInvalid },
        { field: 'taxRate', message: MESSAGES.taxRateInvalid },
      ]),
    );
    const pct = await create(team.sales, { discountValue: 150 });
    expect(pct.json().error.details).toEqual([
      { field: 'discountValue', message: MESSAGES.percentageTooHigh },
    ]);
  });

  it('answers 400 for a client of another organization', async () => {
    const res = await create(team.sales, { clientId: otherClientId });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { field: 'clientId', message: MESSAGES.proposalClientInvalid },
    ]);
  });

  it('lets only managers and admins create an approved proposal', async () => {
    expect((await create(team.sales, { status: 'approved' })).statusCode).toBe(403);
    expect((await create(team.manager, { status: 'approved' })).statusCode).toBe(201);
    expect((await create(team.sales, { status: 'in_review' })).statusCode).toBe(201);
    expect((await create(team.admin, { status: 'accepted' })).statusCode).toBe(400);
  });

  it('refuses viewers with 403', async () => {
    expect((await create(team.viewer)).statusCode).toBe(403);
  });

  it('lets a manager assign the proposal to another member, but not sales or outsiders', async () => {
    const assigned = await create(team.manager, { ownerId: team.sales.id });
    expect(assigned.json().data.owner.id).toBe(team.sales.id);
    expect((await create(team.sales, { ownerId: sales2.id })).statusCode).toBe(403);
    const outsider = await create(team.admin, { ownerId: other.sales.id });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().error.details[0].field).toBe('ownerId');
  });

  it('answers with exactly what GET /proposals/:id then returns, a handed-over one included', async () => {
    const mine = (await create(team.sales)).json().data;
    expect((await as(t.app, team.sales)('GET', `/proposals/${mine.id}`)).json().data).toEqual(mine);
    const handed = (await create(team.manager, { ownerId: sales2.id })).json().data;
    expect((await as(t.app, team.manager)('GET', `/proposals/${handed.id}`)).json().data).toEqual(handed);
  });

  it('refuses to hand a proposal to a deactivated member', async () => {
    const { createUser } = await import('@/test/factories.ts');
    const gone = await createUser(t.db, { organizationId: team.org.id, role: 'sales' });
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, gone.id));
    const res = await create(team.manager, { ownerId: gone.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field).toBe('ownerId');
  });
});

describe('PUT /proposals/:id', () => {
  it('updates and recomputes totals', async () => {
    const created = (await create(team.sales)).json().data;
    const res = await as(t.app, team.sales)(
      'PUT',
      `/proposals/${created.id}`,
      proposal({
        content: { items: [{ name: 'Único', quantity: 2, unitPrice: 5000 }] },
        discountType: 'fixed',
        discountValue: 20000,
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      subtotal: 10000,
      discountAmount: 10000,
      taxAmount: 0,
      totalValue: 0,
    });
  });

  it('lets sales edit only their own proposals; managers and admins edit any', async () => {
    const mine = (await create(team.sales)).json().data;
    expect((await as(t.app, sales2)('PUT', `/proposals/${mine.id}`, proposal())).statusCode).toBe(403);
    expect((await as(t.app, team.viewer)('PUT', `/proposals/${mine.id}`, proposal())).statusCode).toBe(403);
    expect(
      (await as(t.app, team.manager)('PUT', `/proposals/${mine.id}`, proposal({ title: 'Pelo gestor' })))
        .statusCode,
    ).toBe(200);
    expect((await as(t.app, team.admin)('PUT', `/proposals/${mine.id}`, proposal())).statusCode).toBe(200);
  });

  it('refuses approved from sales and a client of another organization on update, and changes nothing', async () => {
    const mine = (await create(team.sales)).json().data;
    const approve = await as(t.app, team.sales)(
      'PUT',
      `/proposals/${mine.id}`,
      proposal({ status: 'approved' }),
    );
    expect(approve.statusCode).toBe(403);
    const foreign = await as(t.app, team.sales)(
      'PUT',
      `/proposals/${mine.id}`,
      proposal({ clientId: otherClientId, title: 'Mudado' }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.details).toEqual([
      { field: 'clientId', message: MESSAGES.proposalClientInvalid },
    ]);
    const [row] = await t.db.select().from(proposals).where(eq(proposals.id, mine.id));
    expect(row).toMatchObject({ status: 'draft', clientId, title: 'Website institucional' });
    const byManager = await as(t.app, team.manager)(
      'PUT',
      `/proposals/${mine.id}`,
      proposal({ status: 'approved' }),
    );
    expect(byManager.json().data.status).toBe('approved');
  });

  it('keeps a status set outside the form, and refuses to edit an answered proposal', async () => {
    const created = (await create(team.sales)).json().data;
    await t.db.update(proposals).set({ status: 'viewed' }).where(eq(proposals.id, created.id));
    const kept = await as(t.app, team.sales)(
      'PUT',
      `/proposals/${created.id}`,
      proposal({ status: 'viewed' }),
    );
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data.status).toBe('viewed');
    await t.db.update(proposals).set({ status: 'accepted' }).where(eq(proposals.id, created.id));
    const locked = await as(t.app, team.admin)(
      'PUT',
      `/proposals/${created.id}`,
      proposal({ status: 'accepted' }),
    );
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.message).toBe(MESSAGES.proposalLocked);
  });

  it('answers with exactly what GET then returns, for the same client and owner or new ones', async () => {
    const created = (await create(team.sales)).json().data;
    const edited = await as(t.app, team.manager)(
      'PUT',
      `/proposals/${created.id}`,
      proposal({ title: 'Editada' }),
    );
    expect(edited.json().data.title).toBe('Editada');
    expect((await as(t.app, team.sales)('GET', `/proposals/${created.id}`)).json().data).toEqual(
      edited.json().data,
    );
    const otherClient = (
      await as(t.app, team.sales)('POST', '/clients', { name: 'Cliente C', email: 'c@cliente.pt' })
    ).json().data.id;
    const moved = await as(t.app, team.manager)(
      'PUT',
      `/proposals/${created.id}`,
      proposal({ clientId: otherClient, ownerId: sales2.id }),
    );
    expect(moved.json().data).toMatchObject({ client: { id: otherClient }, owner: { id: sales2.id } });
    expect((await as(t.app, team.manager)('GET', `/proposals/${created.id}`)).json().data).toEqual(
      moved.json().data,
    );
  });

  it('never overwrites an answer that lands between the edit being read and written', async () => {
    const { updateProposalById } = await import('./proposals.queries.ts');
    const { ANSWERED_STATUSES } = await import('@aceite/shared/schemas/proposals');
    const created = (await create(team.sales)).json().data;
    await t.db.update(proposals).set({ status: 'accepted' }).where(eq(proposals.id, created.id));
    const ctx = { db: t.db, organizationId: team.org.id, userId: team.sales.id, role: 'sales' as const };
    const written = await updateProposalById(
      ctx,
      created.id,
      { title: 'Tarde demais', status: 'sent' },
      { unlessIn: ANSWERED_STATUSES },
    );
    expect(written).toBeUndefined();
    const [row] = await t.db.select().from(proposals).where(eq(proposals.id, created.id));
    expect(row).toMatchObject({ status: 'accepted', title: created.title });
  });

  it('answers 404 for another organization proposal and leaves it unchanged', async () => {
    const theirs = (
      await as(t.app, other.sales)('POST', '/proposals', proposal({ clientId: otherClientId }))
    ).json().data;
    const res = await as(t.app, team.admin)('PUT', `/proposals/${theirs.id}`, proposal({ title: 'Roubada' }));
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.select().from(proposals).where(eq(proposals.id, theirs.id));
    expect(row?.title).toBe('Website institucional');
  });
});

describe('GET /proposals', () => {
  it('lists newest first with client and owner, filtered by status and search, paged', async () => {
    const fresh = await createTeamOfRoles(t.db);
    const c = (
      await as(t.app, fresh.sales)('POST', '/clients', { name: 'Padaria Lusa', email: 'p@lusa.pt' })
    ).json().data.id;
    const make = (title: string, status = 'draft') =>
      as(t.app, fresh.sales)('POST', '/proposals', proposal({ title, clientId: c, status }));
    await make('Primeira');
    await make('Segunda', 'sent');
    await make('Terceira', 'in_review');

    const all = await as(t.app, fresh.viewer)('GET', '/proposals');
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((p: { title: string }) => p.title)).toEqual([
      'Terceira',
      'Segunda',
      'Primeira',
    ]);
    expect(all.json().data[0]).toMatchObject({
      client: { name: 'Padaria Lusa' },
      owner: { id: fresh.sales.id },
    });
    expect(all.json().data[0]).not.toHaveProperty('content');

    const sent = await as(t.app, fresh.viewer)('GET', '/proposals?status=sent');
    expect(sent.json().data.map((p: { title: string }) => p.title)).toEqual(['Segunda']);

    const byClient = await as(t.app, fresh.viewer)('GET', '/proposals?search=lusa');
    expect(byClient.json().pagination.total).toBe(3);
    const byTitle = await as(t.app, fresh.viewer)('GET', '/proposals?search=terc');
    expect(byTitle.json().data).toHaveLength(1);

    const paged = await as(t.app, fresh.viewer)('GET', '/proposals?limit=2&page=2');
    expect(paged.json().data.map((p: { title: string }) => p.title)).toEqual(['Primeira']);
    expect(paged.json().pagination).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });

    expect((await as(t.app, fresh.viewer)('GET', '/proposals?status=inventado')).statusCode).toBe(400);
  });

  it('counts proposals by status for the sidebar, per organization', async () => {
    const fresh = await createTeamOfRoles(t.db);
    const c = (await as(t.app, fresh.sales)('POST', '/clients', { name: 'X', email: 'x@x.pt' })).json().data
      .id;
    for (const status of ['draft', 'draft', 'sent']) {
      await as(t.app, fresh.sales)('POST', '/proposals', proposal({ clientId: c, status }));
    }
    const res = await as(t.app, fresh.viewer)('GET', '/proposals/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.byStatus).toMatchObject({
      draft: 2,
      sent: 1,
      viewed: 0,
      accepted: 0,
      rejected: 0,
    });
    expect(res.json().data.total).toBe(3);
  });
});

describe('GET and DELETE /proposals/:id', () => {
  it('returns the full proposal', async () => {
    const created = (await create(team.sales)).json().data;
    const res = await as(t.app, team.viewer)('GET', `/proposals/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.content.items).toHaveLength(2);
    expect(res.json().data.owner).toMatchObject({ id: team.sales.id, email: team.sales.email });
  });

  it('answers 404 for another organization proposal', async () => {
    const theirs = (
      await as(t.app, other.sales)('POST', '/proposals', proposal({ clientId: otherClientId }))
    ).json().data;
    expect((await as(t.app, team.admin)('GET', `/proposals/${theirs.id}`)).statusCode).toBe(404);
    expect((await as(t.app, team.admin)('DELETE', `/proposals/${theirs.id}`)).statusCode).toBe(404);
    expect(await t.db.select().from(proposals).where(eq(proposals.id, theirs.id))).toHaveLength(1);
  });

  it('deletes own proposals for sales and any for managers; others get 403', async () => {
    const a = (await create(team.sales)).json().data;
    expect((await as(t.app, sales2)('DELETE', `/proposals/${a.id}`)).statusCode).toBe(403);
    expect((await as(t.app, team.viewer)('DELETE', `/proposals/${a.id}`)).statusCode).toBe(403);
    expect((await as(t.app, team.sales)('DELETE', `/proposals/${a.id}`)).statusCode).toBe(200);
    const b = (await create(team.sales)).json().data;
    expect((await as(t.app, team.manager)('DELETE', `/proposals/${b.id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(proposals).where(eq(proposals.id, b.id))).toHaveLength(0);
    expect((await as(t.app, team.manager)('GET', `/proposals/${randomUUID()}`)).statusCode).toBe(404);
  });
});
