import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@aceite/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentBlocks } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createApiKey, createTeamOfRoles, type TestUser } from '@/test/factories.ts';

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

const input = (overrides: Record<string, unknown> = {}) => ({
  name: `Condições gerais ${randomUUID().slice(0, 6)}`,
  block: { type: 'text', title: 'Condições', content: 'Pagamento a 30 dias.' },
  ...overrides,
});

async function create(by: TestUser, overrides: Record<string, unknown> = {}) {
  const res = await as(t.app, by)('POST', '/content-blocks', input(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; name: string; block: { title: string; content: string } };
}

describe('POST /content-blocks', () => {
  it('saves a block for admins, managers and sales, with its author', async () => {
    for (const user of [team.admin, team.manager, team.sales]) {
      const block = await create(user);
      expect(block).toMatchObject({
        block: { type: 'text', title: 'Condições', content: 'Pagamento a 30 dias.' },
        createdBy: { id: user.id },
      });
      const [row] = await t.db.select().from(contentBlocks).where(eq(contentBlocks.id, block.id));
      expect(row?.organizationId).toBe(team.org.id);
    }
  });

  it('refuses a viewer with 403 and stores nothing', async () => {
    const name = `Visualizador ${randomUUID()}`;
    const res = await as(t.app, team.viewer)('POST', '/content-blocks', input({ name }));
    expect(res.statusCode).toBe(403);
    expect(await t.db.select().from(contentBlocks).where(eq(contentBlocks.name, name))).toEqual([]);
  });

  it('validates the name, an empty block and the limits, in Portuguese', async () => {
    const res = await as(t.app, team.admin)('POST', '/content-blocks', {
      name: '  ',
      block: { title: '', content: '   ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual(
      expect.arrayContaining([
        { field: 'name', message: MESSAGES.contentBlockNameRequired },
        { field: 'block.content', message: MESSAGES.contentBlockEmpty },
      ]),
    );
    const long = await as(t.app, team.admin)('POST', '/content-blocks', {
      name: 'x'.repeat(121),
      block: { title: 't'.repeat(301), content: 'c'.repeat(20_001) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.details).toEqual(
      expect.arrayContaining([
        { field: 'name', message: MESSAGES.contentBlockNameTooLong },
        { field: 'block.title', message: MESSAGES.contentBlockTitleTooLong },
        { field: 'block.content', message: MESSAGES.contentBlockContentTooLong },
      ]),
    );
  });
});

describe('GET /content-blocks', () => {
  it('searches the name, the title and the text, pages, and shows only the organization’s blocks', async () => {
    const tag = randomUUID().slice(0, 8);
    await create(team.sales, {
      name: `Garantia ${tag}`,
      block: { title: 'Garantia', content: 'Dois anos.' },
    });
    await create(team.sales, { name: 'Prazo', block: { title: `Prazo ${tag}`, content: 'Quatro semanas.' } });
    await create(team.sales, { name: 'Alcance', block: { title: 'Âmbito', content: `Inclui ${tag}.` } });
    await create(other.admin, { name: `Garantia ${tag}` });
    const res = await as(t.app, team.viewer)('GET', `/content-blocks?search=${tag}&limit=2`);
    expect(res.statusCode).toBe(200);
    expect(res.json().pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
    const page2 = await as(t.app, team.viewer)('GET', `/content-blocks?search=${tag}&limit=2&page=2`);
    const names = [...res.json().data, ...page2.json().data].map((b: { name: string }) => b.name);
    expect(names).toEqual(['Alcance', `Garantia ${tag}`, 'Prazo']);
  });

  it('treats % and _ in the search literally', async () => {
    const res = await as(t.app, team.admin)('GET', '/content-blocks?search=%25');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });
});

describe('GET /content-blocks/:id', () => {
  it('answers 404 for another organization’s block', async () => {
    const foreign = await create(other.admin);
    const res = await as(t.app, team.admin)('GET', `/content-blocks/${foreign.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(MESSAGES.contentBlockNotFound);
  });
});

describe('PATCH and DELETE /content-blocks/:id', () => {
  it('lets the author rename and edit their block', async () => {
    const block = await create(team.sales);
    const res = await as(t.app, team.sales)('PATCH', `/content-blocks/${block.id}`, { name: 'Novo nome' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Novo nome', block: { content: 'Pagamento a 30 dias.' } });
    const edited = await as(t.app, team.sales)('PATCH', `/content-blocks/${block.id}`, {
      block: { type: 'list', title: 'Lista', content: 'a\nb' },
    });
    expect(edited.json().data).toMatchObject({
      name: 'Novo nome',
      block: { type: 'list', title: 'Lista', content: 'a\nb' },
    });
  });

  it('refuses another sales user and a viewer; managers and admins edit and delete any', async () => {
    const otherSales = await create(team.admin);
    const block = await create(team.sales);
    const byViewer = await as(t.app, team.viewer)('PATCH', `/content-blocks/${block.id}`, { name: 'X' });
    expect(byViewer.statusCode).toBe(403);
    const bySales = await as(t.app, team.sales)('DELETE', `/content-blocks/${otherSales.id}`);
    expect(bySales.statusCode).toBe(403);
    expect(bySales.json().error.message).toBe(MESSAGES.contentBlockEditForbidden);
    const byManager = await as(t.app, team.manager)('PATCH', `/content-blocks/${block.id}`, {
      name: 'Gestor',
    });
    expect(byManager.statusCode).toBe(200);
    expect((await as(t.app, team.admin)('DELETE', `/content-blocks/${block.id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(contentBlocks).where(eq(contentBlocks.id, block.id))).toEqual([]);
    expect((await as(t.app, team.admin)('GET', `/content-blocks/${block.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for another organization’s block and leaves it unchanged', async () => {
    const foreign = await create(other.admin);
    const patch = await as(t.app, team.admin)('PATCH', `/content-blocks/${foreign.id}`, { name: 'Intruso' });
    expect(patch.statusCode).toBe(404);
    expect((await as(t.app, team.admin)('DELETE', `/content-blocks/${foreign.id}`)).statusCode).toBe(404);
    const [row] = await t.db.select().from(contentBlocks).where(eq(contentBlocks.id, foreign.id));
    expect(row?.name).toBe(foreign.name);
  });
});

describe('API keys', () => {
  it('a read key reads the library; a write key saves blocks with no author', async () => {
    const read = await createApiKey(t.app, team.admin, 'read');
    const write = await createApiKey(t.app, team.admin, 'write');
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/content-blocks', headers: read.headers });
    expect(list.statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/content-blocks',
      headers: read.headers,
      payload: input(),
    });
    expect(refused.statusCode).toBe(403);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/v1/content-blocks',
      headers: write.headers,
      payload: input(),
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().data.createdBy).toBeNull();
  });
});

describe('inserting copies the block (docs/product.md#block-library)', () => {
  it('editing or deleting a library block leaves proposals and templates made from it unchanged', async () => {
    const library = await create(team.sales, {
      block: { type: 'text', title: 'Condições', content: 'Pagamento a 30 dias.' },
    });
    // The editors insert a copy of the library block, then save the document with it.
    const inserted = { title: library.block.title, content: library.block.content };
    const client = (
      await as(t.app, team.sales)('POST', '/clients', { name: 'Cliente', email: `c-${randomUUID()}@x.pt` })
    ).json().data;
    const proposal = await as(t.app, team.sales)('POST', '/proposals', {
      title: 'Proposta',
      clientId: client.id,
      content: { blocks: [inserted], items: [] },
    });
    expect(proposal.statusCode, proposal.body).toBe(201);
    const template = await as(t.app, team.admin)('POST', '/templates', {
      name: 'Modelo',
      content: { blocks: [{ id: 'b1', type: 'text', ...inserted }], items: [] },
    });
    expect(template.statusCode, template.body).toBe(201);

    const edited = await as(t.app, team.sales)('PATCH', `/content-blocks/${library.id}`, {
      block: { type: 'text', title: 'Condições novas', content: 'Pagamento a 60 dias.' },
    });
    expect(edited.statusCode).toBe(200);
    const afterEdit = await as(t.app, team.sales)('GET', `/proposals/${proposal.json().data.id}`);
    expect(afterEdit.json().data.content.blocks).toEqual([inserted]);
    const templateAfter = await as(t.app, team.admin)('GET', `/templates/${template.json().data.id}`);
    expect(templateAfter.json().data.content.blocks).toEqual([{ id: 'b1', type: 'text', ...inserted }]);

    expect((await as(t.app, team.sales)('DELETE', `/content-blocks/${library.id}`)).statusCode).toBe(200);
    const afterDelete = await as(t.app, team.sales)('GET', `/proposals/${proposal.json().data.id}`);
    expect(afterDelete.json().data.content.blocks).toEqual([inserted]);
  });
});
