import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@aceite/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, teams, users } from '@/db/schema/index.ts';
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

describe('teams', () => {
  it('creates a team with a manager of the organization (manager, admin); others 403', async () => {
    const res = await as(t.app, team.manager)('POST', '/teams', {
      name: 'Lisboa',
      description: 'Equipa da capital',
      managerId: team.manager.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Lisboa',
      manager: { id: team.manager.id },
      memberCount: 0,
      members: [],
    });
    for (const user of [team.sales, team.viewer]) {
      expect((await as(t.app, user)('POST', '/teams', { name: 'X' })).statusCode).toBe(403);
    }
    const outsider = await as(t.app, team.admin)('POST', '/teams', { name: 'Y', managerId: other.admin.id });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().error.message).toBe(MESSAGES.managerInvalid);
    expect((await as(t.app, team.admin)('POST', '/teams', { name: '' })).json().error.message).toBe(
      MESSAGES.teamNameRequired,
    );
  });

  it('adds members (one team at most), notifies them, removes them, and counts them', async () => {
    const a = (await as(t.app, team.admin)('POST', '/teams', { name: 'A' })).json().data;
    const b = (await as(t.app, team.admin)('POST', '/teams', { name: 'B' })).json().data;
    const added = await as(t.app, team.manager)('POST', `/teams/${a.id}/members`, { userId: team.sales.id });
    expect(added.statusCode).toBe(200);
    expect(added.json().data.members.map((m: { id: string }) => m.id)).toEqual([team.sales.id]);
    const note = await t.db.select().from(notifications).where(eq(notifications.userId, team.sales.id));
    expect(note.map((n) => n.type)).toContain('user_added_to_team');

    await as(t.app, team.manager)('POST', `/teams/${b.id}/members`, { userId: team.sales.id });
    expect((await as(t.app, team.viewer)('GET', `/teams/${a.id}`)).json().data.memberCount).toBe(0);
    const [row] = await t.db.select().from(users).where(eq(users.id, team.sales.id));
    expect(row?.teamId).toBe(b.id);

    const list = await as(t.app, team.viewer)('GET', '/teams?search=B');
    expect(list.json().data.find((x: { id: string }) => x.id === b.id).memberCount).toBe(1);

    const removed = await as(t.app, team.manager)('DELETE', `/teams/${b.id}/members/${team.sales.id}`);
    expect(removed.json().data.members).toEqual([]);
    expect(
      (await as(t.app, team.manager)('POST', `/teams/${a.id}/members`, { userId: other.sales.id }))
        .statusCode,
    ).toBe(400);
  });

  it('refuses to delete a team with members (400, spec message) and deletes an empty one', async () => {
    const full = (await as(t.app, team.admin)('POST', '/teams', { name: 'Cheia' })).json().data;
    await as(t.app, team.admin)('POST', `/teams/${full.id}/members`, { userId: team.viewer.id });
    const refused = await as(t.app, team.admin)('DELETE', `/teams/${full.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(MESSAGES.teamHasMembers);
    const empty = (await as(t.app, team.admin)('POST', '/teams', { name: 'Vazia' })).json().data;
    expect((await as(t.app, team.sales)('DELETE', `/teams/${empty.id}`)).statusCode).toBe(403);
    expect((await as(t.app, team.manager)('DELETE', `/teams/${empty.id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(teams).where(eq(teams.id, empty.id))).toHaveLength(0);
  });

  it("answers 404 for another organization's team and leaves it unchanged", async () => {
    const theirs = (await as(t.app, other.admin)('POST', '/teams', { name: 'Deles' })).json().data;
    expect((await as(t.app, team.admin)('GET', `/teams/${theirs.id}`)).statusCode).toBe(404);
    expect((await as(t.app, team.admin)('PUT', `/teams/${theirs.id}`, { name: 'Nossa' })).statusCode).toBe(
      404,
    );
    expect((await as(t.app, team.admin)('DELETE', `/teams/${theirs.id}`)).statusCode).toBe(404);
    expect(
      (await as(t.app, team.admin)('POST', `/teams/${theirs.id}/members`, { userId: team.sales.id }))
        .statusCode,
    ).toBe(404);
    const [row] = await t.db.select().from(teams).where(eq(teams.id, theirs.id));
    expect(row?.name).toBe('Deles');
    expect((await as(t.app, team.admin)('GET', `/teams/${randomUUID()}`)).json().error.message).toBe(
      MESSAGES.teamNotFound,
    );
  });
});
