import { MESSAGES } from '@aceite/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles } from '@/test/factories.ts';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let other: Awaited<ReturnType<typeof createTeamOfRoles>>;
let proposalId: string;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
  other = await createTeamOfRoles(t.db);
  const clientId = (await as(t.app, team.sales)('POST', '/clients', { name: 'C', email: 'c@c.pt' })).json()
    .data.id;
  proposalId = (
    await as(t.app, team.sales)('POST', '/proposals', { title: 'Com comentários', clientId })
  ).json().data.id;
});
afterAll(async () => {
  await t.close();
});

const url = () => `/proposals/${proposalId}/comments`;

describe('comments', () => {
  it('adds comments with the author name; another member commenting notifies the owner', async () => {
    const res = await as(t.app, team.manager)('POST', url(), {
      content: '  Rever o preço  ',
      isPrivate: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      content: 'Rever o preço',
      isPrivate: true,
      authorName: 'Teste Utilizador',
      userId: team.manager.id,
    });
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, team.sales.id));
    expect(notes.map((n) => n.type)).toContain('comment_added');
    await as(t.app, team.sales)('POST', url(), { content: 'Feito' });
    const all = (await as(t.app, team.viewer)('GET', `${url()}?includePrivate=true`)).json().data;
    expect(all.map((c: { content: string }) => c.content)).toEqual(['Rever o preço', 'Feito']);
    const publicOnly = (await as(t.app, team.viewer)('GET', `${url()}?includePrivate=false`)).json().data;
    expect(publicOnly.map((c: { content: string }) => c.content)).toEqual(['Feito']);
  });

  it('refuses empty or whitespace-only comments and viewers', async () => {
    const empty = await as(t.app, team.sales)('POST', url(), { content: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(MESSAGES.commentRequired);
    expect((await as(t.app, team.viewer)('POST', url(), { content: 'Olá' })).statusCode).toBe(403);
  });

  it('lets only the author edit or delete a comment', async () => {
    const comment = (await as(t.app, team.sales)('POST', url(), { content: 'Original' })).json().data;
    const path = `${url()}/${comment.id}`;
    expect((await as(t.app, team.admin)('PUT', path, { content: 'Alterado' })).statusCode).toBe(403);
    expect((await as(t.app, team.admin)('DELETE', path)).statusCode).toBe(403);
    const edited = await as(t.app, team.sales)('PUT', path, { content: 'Alterado', isPrivate: true });
    expect(edited.json().data).toMatchObject({ content: 'Alterado', isPrivate: true });
    expect((await as(t.app, team.sales)('DELETE', path)).statusCode).toBe(200);
    expect((await as(t.app, team.sales)('DELETE', path)).statusCode).toBe(404);
  });

  it('answers 404 for another organization proposal', async () => {
    expect((await as(t.app, other.admin)('GET', url())).statusCode).toBe(404);
    expect((await as(t.app, other.admin)('POST', url(), { content: 'Intruso' })).statusCode).toBe(404);
  });
});
