import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@aceite/shared/messages';
import { eq } from 'drizzle-orm';
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
