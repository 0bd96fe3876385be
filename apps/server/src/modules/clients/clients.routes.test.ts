import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@aceite/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, proposals } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles } from '@/test/factories.ts';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let other: Awaited<ReturnType<typeof createTeamOfRoles>>;
beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
  other = await createTeamOfRoles(t.db);
});
afterAll(async () => {
  await t.close();
});

const validClient = (overrides: Record<string, unknown> = {}) => ({
  name: 'Rita Fernandes',
  company: 'Fernandes & Associados',
  email: `rita-${randomUUID().slice(0, 6)}@fernandes.pt`,
  phone: '+351 912 345 678',
  taxId: '509876544',
  address: { street: 'Rua Augusta 100', city: 'Lisboa', postalCode: '1100-053', country: 'Portugal' },
  notes: 'Prefere contacto por email.',
  ...overrides,
});

describe('POST /clients', () => {
  it('creates a client in the caller organization and stores it', async () => {
    const res = await as(t.app, team.sales)('POST', '/clients', validClient({ email: 'RITA@Exemplo.pt' }));
    expect(res.statusCode).toBe(201);
    const body = res.json().data;
    expect(body).toMatchObject({
      name: 'Rita Fernandes',
      email: 'rita@exemplo.pt',
      address: { city: 'Lisboa' },
    });
    const [row] = await t.db.select().from(clients).where(eq(clients.id, body.id));
    expect(row?.organizationId).toBe(team.org.id);
    expect(row?.createdBy).toBe(team.sales.id);
  });

  it('defaults the country to Portugal', async () => {
    const res = await as(t.app, team.sales)('POST', '/clients', { name: 'Só Nome', email: 'so@nome.pt' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.address).toEqual({
      street: null,
      city: null,
      postalCode: null,
      country: 'Portugal',
    });
  });

  it('answers 400 with the spec messages', async () => {
    const empty = await as(t.app, team.sales)('POST', '/clients', { name: '', email: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(MESSAGES.clientRequired);
    const bad = await as(t.app, team.sales)(
      'POST',
      '/clients',
      validClient({ email: 'rita@', taxId: '123456780' }),
    );
    expect(bad.json().error.details).toEqual(
      expect.arrayContaining([
        { field: 'email', message: MESSAGES.emailInvalid },
        // docs/product.md#tax-ids: a wrong check digit.
        { field: 'taxId', message: MESSAGES.taxIdInvalid },
      ]),
    );
    const country = await as(t.app, team.sales)(
      'POST',
      '/clients',
      validClient({ address: { country: 'Marte' } }),
    );
    expect(country.statusCode).toBe(400);
  });

  it('answers 409 for an email already used by a client of the organization, but not of another', async () => {
    const email = `dup-${randomUUID().slice(0, 6)}@x.pt`;
    expect((await as(t.app, team.sales)('POST', '/clients', validClient({ email }))).statusCode).toBe(201);
    const dup = await as(t.app, team.manager)(
      'POST',
      '/clients',
      validClient({ email: email.toUpperCase() }),
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatchObject({ code: 'CONFLICT', message: MESSAGES.clientEmailTaken });
    expect(dup.json().error.details).toEqual([{ field: 'email', message: MESSAGES.clientEmailTaken }]);
    expect((await as(t.app, other.sales)('POST', '/clients', validClient({ email }))).statusCode).toBe(201);
  });

  it('refuses a viewer with 403', async () => {
    const res = await as(t.app, team.viewer)('POST', '/clients', validClient());
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'FORBIDDEN', message: MESSAGES.forbidden });
  });

  it('ignores an organizationId in the body', async () => {
    const res = await as(t.app, team.sales)(
      'POST',
      '/clients',
      validClient({ organizationId: other.org.id }),
    );
    const [row] = await t.db.select().from(clients).where(eq(clients.id, res.json().data.id));
    expect(row?.organizationId).toBe(team.org.id);
  });
});

describe('GET /clients', () => {
  it('searches name, company, email and tax id, paged, within the organization only', async () => {
    const tag = randomUUID().slice(0, 6);
    const call = as(t.app, team.viewer);
    await as(t.app, team.sales)('POST', '/clients', validClient({ name: `Zé ${tag}`, taxId: '123456789' }));
    await as(t.app, team.sales)(
      'POST',
      '/clients',
      validClient({ name: 'Outro', company: `Empresa ${tag}` }),
    );
    await as(t.app, team.sales)('POST', '/clients', validClient({ name: 'Outra', email: `${tag}@mail.pt` }));
    await as(t.app, other.sales)('POST', '/clients', validClient({ name: `Alheio ${tag}` }));

    const found = await call('GET', `/clients?search=${tag}`);
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toHaveLength(3);
    expect(found.json().pagination).toMatchObject({ page: 1, total: 3, totalPages: 1 });

    const paged = await call('GET', `/clients?search=${tag}&limit=2&page=2`);
    expect(paged.json().data).toHaveLength(1);
    expect(paged.json().pagination).toMatchObject({ page: 2, limit: 2, total: 3, totalPages: 2 });
  });

  it('treats % and _ in the search as plain characters', async () => {
    const res = await as(t.app, team.viewer)('GET', '/clients?search=%25%25');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });

  it('answers 400 for a bad page number', async () => {
    expect((await as(t.app, team.viewer)('GET', '/clients?page=0')).statusCode).toBe(400);
  });
});

describe('GET /clients/:id', () => {
  it('returns the client with its proposals', async () => {
    const created = (await as(t.app, team.sales)('POST', '/clients', validClient())).json().data;
    await t.db.insert(proposals).values({
      organizationId: team.org.id,
      ownerId: team.sales.id,
      clientId: created.id,
      title: 'Website institucional',
      totalValue: 123400,
      publicToken: randomUUID(),
    });
    const res = await as(t.app, team.viewer)('GET', `/clients/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.proposals).toEqual([
      expect.objectContaining({ title: 'Website institucional', status: 'draft', totalValue: 123400 }),
    ]);
  });

  it('answers 404 for another organization client and for an unknown id', async () => {
    const theirs = (await as(t.app, other.sales)('POST', '/clients', validClient())).json().data;
    const res = await as(t.app, team.admin)('GET', `/clients/${theirs.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(MESSAGES.clientNotFound);
    expect((await as(t.app, team.admin)('GET', `/clients/${randomUUID()}`)).statusCode).toBe(404);
    expect((await as(t.app, team.admin)('GET', '/clients/nao-e-uuid')).statusCode).toBe(400);
  });
});

describe('PUT /clients/:id', () => {
  it('updates the client', async () => {
    const created = (await as(t.app, team.sales)('POST', '/clients', validClient())).json().data;
    const res = await as(t.app, team.sales)(
      'PUT',
      `/clients/${created.id}`,
      validClient({ email: created.email, name: 'Rita F.', address: { city: 'Porto', country: 'Espanha' } }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Rita F.',
      address: { city: 'Porto', country: 'Espanha' },
    });
  });

  it('answers 409 when the new email belongs to another client', async () => {
    const a = (await as(t.app, team.sales)('POST', '/clients', validClient())).json().data;
    const b = (await as(t.app, team.sales)('POST', '/clients', validClient())).json().data;
    const res = await as(t.app, team.sales)('PUT', `/clients/${b.id}`, validClient({ email: a.email }));
    expect(res.statusCode).toBe(409);
  });

  it('answers 404 for another organization client and leaves it unchanged', async () => {
    const theirs = (await as(t.app, other.sales)('POST', '/clients', validClient())).json().data;
    const res = await as(t.app, team.admin)('PUT', `/clients/${theirs.id}`, validClient({ name: 'Roubado' }));
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.select().from(clients).where(eq(clients.id, theirs.id));
    expect(row?.name).toBe('Rita Fernandes');
  });

  it('refuses a viewer with 403', async () => {
    const created = (await as(t.app, team.sales)('POST', '/clients', validClient())).json().data;
    expect((await as(t.app, team.viewer)('PUT', `/clients/${created.id}`, validClient())).statusCode).toBe(
      403,
    );
  });
});

describe('DELETE /clients/:id', () => {
  it('deletes a client without proposals (manager, admin)', async () => {
    for (const user of [team.manager, team.admin]) {
      const created = (await as(t.app, team.sales)('POST', '/clients', validClient())).json().data;
      expect((await as(t.app, user)('DELETE', `/clients/${created.id}`)).statusCode).toBe(200);
      expect(await t.db.select().from(clients).where(eq(clients.id, created.id))).toHaveLength(0);
    }
  });

  it('refuses sales and viewers with 403', async () => {
    const created = (await as(t.app, team.sales)('POST', '/clients', validClient())).json().data;
    for (const user of [team.sales, team.viewer]) {
      expect((await as(t.app, user)('DELETE', `/clients/${created.id}`)).statusCode).toBe(403);
    }
  });

  it('answers 409 with the spec message while proposals reference the client', async () => {
    const created = (await as(t.app, team.sales)('POST', '/clients', validClient())).json().data;
    await t.db.insert(proposals).values({
      organizationId: team.org.id,
      ownerId: team.sales.id,
      clientId: created.id,
      title: 'Consultoria',
      publicToken: randomUUID(),
    });
    const res = await as(t.app, team.admin)('DELETE', `/clients/${created.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(MESSAGES.clientHasProposals);
    expect(await t.db.select().from(clients).where(eq(clients.id, created.id))).toHaveLength(1);
  });

  it('answers 404 for another organization client and keeps it', async () => {
    const theirs = (await as(t.app, other.sales)('POST', '/clients', validClient())).json().data;
    expect((await as(t.app, team.admin)('DELETE', `/clients/${theirs.id}`)).statusCode).toBe(404);
    expect(await t.db.select().from(clients).where(eq(clients.id, theirs.id))).toHaveLength(1);
  });

  it('requires a session', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/clients/${randomUUID()}` });
    expect(res.statusCode).toBe(401);
  });
});
