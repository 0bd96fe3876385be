import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@aceite/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '@/db/schema/index.ts';
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

const product = (overrides: Record<string, unknown> = {}) => ({
  name: 'Consultoria estratégica',
  description: 'Sessão de trabalho com a direção',
  sku: `SKU-${randomUUID().slice(0, 8)}`,
  category: 'Consultoria',
  price: 12550,
  unit: 'hora',
  ...overrides,
});

describe('POST /products', () => {
  it('creates a product for managers and admins, active and with a formatted price', async () => {
    for (const user of [team.manager, team.admin]) {
      const res = await as(t.app, user)('POST', '/products', product());
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ price: 12550, unit: 'hora', isActive: true });
      expect(res.json().data.formattedPrice.replace(/\s/g, ' ')).toBe('125,50 €');
    }
  });

  it('defaults the unit to unidade', async () => {
    const res = await as(t.app, team.admin)('POST', '/products', { name: 'Licença', price: 0 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ unit: 'unidade', isActive: true, sku: null });
  });

  it('refuses sales and viewers with 403', async () => {
    for (const user of [team.sales, team.viewer]) {
      expect((await as(t.app, user)('POST', '/products', product())).statusCode).toBe(403);
    }
  });

  it('validates name, price and unit', async () => {
    const res = await as(t.app, team.admin)('POST', '/products', { name: ' ', price: -1, unit: 'kg' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual(
      expect.arrayContaining([
        { field: 'name', message: MESSAGES.productNameRequired },
        { field: 'price', message: MESSAGES.productPriceInvalid },
        { field: 'unit', message: MESSAGES.productUnitRequired },
      ]),
    );
    expect((await as(t.app, team.admin)('POST', '/products', product({ price: 10.5 }))).statusCode).toBe(400);
  });

  it('answers 409 for a SKU already used in the organization', async () => {
    const sku = `SKU-${randomUUID().slice(0, 8)}`;
    await as(t.app, team.admin)('POST', '/products', product({ sku }));
    const dup = await as(t.app, team.admin)('POST', '/products', product({ sku }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(MESSAGES.productSkuTaken);
    expect((await as(t.app, other.admin)('POST', '/products', product({ sku }))).statusCode).toBe(201);
  });
});

describe('GET /products', () => {
  it('pages 20 per page by default and filters by search, category and active state', async () => {
    const fresh = await createTeamOfRoles(t.db);
    const admin = as(t.app, fresh.admin);
    for (let i = 0; i < 23; i++) {
      await admin(
        'POST',
        '/products',
        product({ name: `Produto ${String(i).padStart(2, '0')}`, category: i % 2 ? 'Design' : 'Web' }),
      );
    }
    const first = await as(t.app, fresh.viewer)('GET', '/products');
    expect(first.json().data).toHaveLength(20);
    expect(first.json().pagination).toEqual({ page: 1, limit: 20, total: 23, totalPages: 2 });
    expect(first.json().data[0].name).toBe('Produto 00');

    const second = await as(t.app, fresh.viewer)('GET', '/products?page=2');
    expect(second.json().data).toHaveLength(3);

    const design = await as(t.app, fresh.viewer)('GET', '/products?category=Design&limit=100');
    expect(design.json().pagination.total).toBe(11);

    const one = await as(t.app, fresh.viewer)('GET', '/products?search=produto%2007');
    expect(one.json().data.map((p: { name: string }) => p.name)).toEqual(['Produto 07']);

    await admin('DELETE', `/products/${one.json().data[0].id}`);
    const inactive = await as(t.app, fresh.viewer)('GET', '/products?isActive=false');
    expect(inactive.json().data.map((p: { name: string }) => p.name)).toEqual(['Produto 07']);
    const active = await as(t.app, fresh.viewer)('GET', '/products?isActive=true');
    expect(active.json().pagination.total).toBe(22);
  });

  it('lists the categories in use, sorted, without other organizations ones', async () => {
    const fresh = await createTeamOfRoles(t.db);
    await as(t.app, fresh.admin)('POST', '/products', product({ category: 'Web' }));
    await as(t.app, fresh.admin)('POST', '/products', product({ category: 'Consultoria' }));
    await as(t.app, fresh.admin)('POST', '/products', product({ category: null }));
    await as(t.app, other.admin)('POST', '/products', product({ category: 'Segredo' }));
    const res = await as(t.app, fresh.sales)('GET', '/products/categories');
    expect(res.json().data).toEqual(['Consultoria', 'Web']);
  });
});

describe('PUT and DELETE /products/:id', () => {
  it('updates a product', async () => {
    const created = (await as(t.app, team.admin)('POST', '/products', product())).json().data;
    const res = await as(t.app, team.manager)(
      'PUT',
      `/products/${created.id}`,
      product({ name: 'Novo nome', price: 100 }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Novo nome', price: 100 });
  });

  it('deactivates instead of deleting', async () => {
    const created = (await as(t.app, team.admin)('POST', '/products', product())).json().data;
    const res = await as(t.app, team.manager)('DELETE', `/products/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.isActive).toBe(false);
    const [row] = await t.db.select().from(products).where(eq(products.id, created.id));
    expect(row?.isActive).toBe(false);
  });

  it('answers 404 for another organization product and leaves it unchanged', async () => {
    const theirs = (await as(t.app, other.admin)('POST', '/products', product())).json().data;
    expect((await as(t.app, team.admin)('GET', `/products/${theirs.id}`)).statusCode).toBe(404);
    expect(
      (await as(t.app, team.admin)('PUT', `/products/${theirs.id}`, product({ name: 'X' }))).statusCode,
    ).toBe(404);
    expect((await as(t.app, team.admin)('DELETE', `/products/${theirs.id}`)).statusCode).toBe(404);
    const [row] = await t.db.select().from(products).where(eq(products.id, theirs.id));
    expect(row).toMatchObject({ name: 'Consultoria estratégica', isActive: true });
  });

  it('refuses sales and viewers with 403', async () => {
    const created = (await as(t.app, team.admin)('POST', '/products', product())).json().data;
    for (const user of [team.sales, team.viewer]) {
      expect((await as(t.app, user)('PUT', `/products/${created.id}`, product())).statusCode).toBe(403);
      expect((await as(t.app, user)('DELETE', `/products/${created.id}`)).statusCode).toBe(403);
    }
  });
});
