import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { MESSAGES } from '@aceite/shared/messages';
import { proposalLineFromTemplate, type TemplateItem } from '@aceite/shared/schemas/templates';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templates } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles, createUser, type TestUser } from '@/test/factories.ts';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let other: Awaited<ReturnType<typeof createTeamOfRoles>>;
let superadmin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
  other = await createTeamOfRoles(t.db);
  superadmin = await createUser(t.db, { role: 'superadmin' });
});
afterAll(async () => {
  await t.close();
});

const template = (overrides: Record<string, unknown> = {}) => ({
  name: 'Website institucional',
  description: 'Proposta base para sites de empresas',
  category: 'desenvolvimento',
  tags: [' web ', 'site', 'web', ''],
  content: {
    blocks: [{ id: 'b1', type: 'text', title: 'Âmbito', content: 'Desenho e desenvolvimento do site.' }],
    items: [
      { id: 'i1', description: 'Design', quantity: 1, unit: 'un', unitPrice: 150000, discount: 0, tax: 23 },
    ],
  },
  ...overrides,
});

describe('templates', () => {
  it('creates a template with trimmed, de-duplicated tags (manager, admin)', async () => {
    const res = await as(t.app, team.manager)('POST', '/templates', template());
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ tags: ['web', 'site'], isGlobal: false, useCount: 0 });
    expect(res.json().data.content.items[0]).toMatchObject({ unitPrice: 150000, unit: 'un' });
  });

  it('requires a name and a known category', async () => {
    const res = await as(t.app, team.admin)(
      'POST',
      '/templates',
      template({ name: '', category: 'culinária' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'name', message: MESSAGES.templateNameRequired }),
      ]),
    );
  });

  it('refuses sales and viewers on writes with 403', async () => {
    const created = (await as(t.app, team.admin)('POST', '/templates', template())).json().data;
    for (const user of [team.sales, team.viewer]) {
      expect((await as(t.app, user)('POST', '/templates', template())).statusCode).toBe(403);
      expect((await as(t.app, user)('PUT', `/templates/${created.id}`, template())).statusCode).toBe(403);
      expect((await as(t.app, user)('DELETE', `/templates/${created.id}`)).statusCode).toBe(403);
    }
  });

  it('counts uses by sales and refuses viewers', async () => {
    const created = (await as(t.app, team.admin)('POST', '/templates', template())).json().data;
    expect((await as(t.app, team.sales)('POST', `/templates/${created.id}/use`)).json().data.useCount).toBe(
      1,
    );
    expect((await as(t.app, team.manager)('POST', `/templates/${created.id}/use`)).json().data.useCount).toBe(
      2,
    );
    expect((await as(t.app, team.viewer)('POST', `/templates/${created.id}/use`)).statusCode).toBe(403);
  });

  it('archives on delete, and the archived template leaves the list', async () => {
    const created = (
      await as(t.app, team.admin)('POST', '/templates', template({ name: `Arquivar ${randomUUID()}` }))
    ).json().data;
    expect((await as(t.app, team.manager)('DELETE', `/templates/${created.id}`)).statusCode).toBe(200);
    const list = await as(t.app, team.viewer)('GET', '/templates');
    expect(list.json().data.map((x: { id: string }) => x.id)).not.toContain(created.id);
    const [row] = await t.db.select().from(templates).where(eq(templates.id, created.id));
    expect(row?.archivedAt).toBeInstanceOf(Date);
    expect((await as(t.app, team.admin)('GET', `/templates/${created.id}`)).statusCode).toBe(404);
  });

  it("hides other organizations' templates (404) and leaves them unchanged", async () => {
    const theirs = (await as(t.app, other.admin)('POST', '/templates', template())).json().data;
    expect((await as(t.app, team.admin)('GET', `/templates/${theirs.id}`)).statusCode).toBe(404);
    expect(
      (await as(t.app, team.admin)('PUT', `/templates/${theirs.id}`, template({ name: 'X' }))).statusCode,
    ).toBe(404);
    expect((await as(t.app, team.admin)('DELETE', `/templates/${theirs.id}`)).statusCode).toBe(404);
    expect((await as(t.app, team.sales)('POST', `/templates/${theirs.id}/use`)).statusCode).toBe(404);
    const list = await as(t.app, team.admin)('GET', '/templates');
    expect(list.json().data.map((x: { id: string }) => x.id)).not.toContain(theirs.id);
    const [row] = await t.db.select().from(templates).where(eq(templates.id, theirs.id));
    expect(row).toMatchObject({ name: 'Website institucional', useCount: 0, archivedAt: null });
  });

  it('lets only a superadmin create global templates, which every organization sees and none can edit', async () => {
    expect((await as(t.app, team.admin)('POST', '/templates', template({ isGlobal: true }))).statusCode).toBe(
      403,
    );
    const global = await as(t.app, superadmin)(
      'POST',
      '/templates',
      template({ name: `Global ${randomUUID()}` }),
    );
    expect(global.statusCode).toBe(201);
    expect(global.json().data.isGlobal).toBe(true);
    const id = global.json().data.id;

    for (const user of [team.viewer, other.sales]) {
      const list = await as(t.app, user)('GET', '/templates');
      expect(list.json().data.map((x: { id: string }) => x.id)).toContain(id);
    }
    const edit = await as(t.app, team.admin)('PUT', `/templates/${id}`, template({ name: 'Meu' }));
    expect(edit.statusCode).toBe(403);
    expect(edit.json().error.message).toBe(MESSAGES.globalTemplateReadOnly);
    expect((await as(t.app, team.admin)('DELETE', `/templates/${id}`)).statusCode).toBe(403);
    expect((await as(t.app, other.sales)('POST', `/templates/${id}/use`)).json().data.useCount).toBe(1);
    expect(
      (
        await as(t.app, superadmin)(
          'PUT',
          `/templates/${id}`,
          template({ name: 'Global v2', isGlobal: true }),
        )
      ).statusCode,
    ).toBe(200);
  });

  it('filters the list by search and category', async () => {
    const fresh = await createTeamOfRoles(t.db);
    await as(t.app, fresh.admin)(
      'POST',
      '/templates',
      template({ name: 'Campanha de verão', category: 'marketing' }),
    );
    await as(t.app, fresh.admin)(
      'POST',
      '/templates',
      template({ name: 'Auditoria', category: 'consultoria' }),
    );
    const byCategory = await as(t.app, fresh.viewer)('GET', '/templates?category=marketing');
    expect(
      byCategory
        .json()
        .data.filter((x: { isGlobal: boolean }) => !x.isGlobal)
        .map((x: { name: string }) => x.name),
    ).toEqual(['Campanha de verão']);
    const bySearch = await as(t.app, fresh.viewer)('GET', '/templates?search=audit');
    expect(
      bySearch
        .json()
        .data.filter((x: { isGlobal: boolean }) => !x.isGlobal)
        .map((x: { name: string }) => x.name),
    ).toEqual(['Auditoria']);
  });
});

describe('a package template: optional lines and quantity ranges (issue 37)', () => {
  const packageItems = [
    { id: 'p1', name: 'Site institucional', description: 'Cinco páginas', quantity: 1, unitPrice: 250_000 },
    {
      id: 'p2',
      name: 'Manutenção',
      description: 'Atualizações e cópias de segurança',
      quantity: 6,
      unit: 'mês',
      unitPrice: 5_000,
      optional: 'unselected',
      minQuantity: 3,
      maxQuantity: 12,
    },
    { id: 'p3', name: 'Logótipo', quantity: 1, unitPrice: 40_000, optional: 'selected' },
  ];

  it('stores the lines, gives them back, and a proposal made from them offers the same add-ons', async () => {
    const res = await as(t.app, team.manager)(
      'POST',
      '/templates',
      template({ name: 'Pacote site', content: { blocks: [], items: packageItems } }),
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as string;
    const used = await as(t.app, team.sales)('POST', `/templates/${id}/use`);
    expect(used.statusCode).toBe(200);
    const items = used.json().data.content.items as TemplateItem[];
    expect(items).toMatchObject([
      { name: 'Site institucional', description: 'Cinco páginas' },
      {
        name: 'Manutenção',
        optional: 'unselected',
        minQuantity: 3,
        maxQuantity: 12,
        quantity: 6,
        unit: 'mês',
      },
      { name: 'Logótipo', optional: 'selected' },
    ]);

    // What the editor sends for a proposal made from it ('Usar template'), built by the shared mapping.
    const client = await as(t.app, team.sales)('POST', '/clients', { name: 'Rita', email: 'rita@pacote.pt' });
    const proposal = await as(t.app, team.sales)('POST', '/proposals', {
      title: 'Pacote site — Rita',
      clientId: client.json().data.id,
      taxRate: 23,
      content: { blocks: [], items: items.map((item) => proposalLineFromTemplate(item, 23)) },
    });
    expect(proposal.statusCode).toBe(201);
    const lines = proposal.json().data.content.items;
    expect(lines).toMatchObject([
      {
        name: 'Site institucional',
        description: 'Cinco páginas',
        quantity: 1,
        unitPrice: 250_000,
        tax: null,
      },
      {
        name: 'Manutenção',
        description: 'Atualizações e cópias de segurança',
        quantity: 6,
        unit: 'mês',
        optional: 'unselected',
        minQuantity: 3,
        maxQuantity: 12,
      },
      { name: 'Logótipo', optional: 'selected' },
    ]);
    expect(lines[0]).not.toHaveProperty('optional');
    // The unselected add-on is out of the total: 2500 + 400 €, IVA 23 %.
    expect(proposal.json().data.totalValue).toBe(356_700);
  });

  it('refuses a range that does not hold the quantity, on the bound at fault', async () => {
    const res = await as(t.app, team.manager)(
      'POST',
      '/templates',
      template({ content: { blocks: [], items: [{ ...packageItems[1], maxQuantity: 4 }] } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'content.items.0.maxQuantity',
          message: 'A quantidade máxima não pode ser inferior à quantidade.',
        }),
      ]),
    );
  });
});

describe('migration 0037: a stored line without a name gets its description as its name (issue 37)', () => {
  it('moves the description of nameless lines only, and reads back through the API', async () => {
    const created = (await as(t.app, team.admin)('POST', '/templates', template())).json().data;
    // A template as stored before lines had names.
    await t.db
      .update(templates)
      .set({
        content: {
          blocks: [],
          items: [
            {
              id: 'i1',
              description: 'Design',
              quantity: 1,
              unit: 'un',
              unitPrice: 1000,
              discount: 0,
              tax: 23,
            },
            {
              id: 'i2',
              name: 'Alojamento',
              description: 'Doze meses',
              quantity: 12,
              unit: 'mês',
              unitPrice: 500,
              discount: 0,
              tax: 23,
            },
          ],
        } as never,
      })
      .where(eq(templates.id, created.id));
    const migration = readFileSync(
      new URL('../../db/migrations/0037_template-line-names.sql', import.meta.url),
      'utf8',
    );
    await t.db.execute(sql.raw(migration));
    const res = await as(t.app, team.admin)('GET', `/templates/${created.id}`);
    expect(res.json().data.content.items).toMatchObject([
      { id: 'i1', name: 'Design', description: '', unitPrice: 1000 },
      { id: 'i2', name: 'Alojamento', description: 'Doze meses' },
    ]);
  });
});
