import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles, type TestUser } from '@/test/factories.ts';
import { notify } from './notifications.service.ts';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
});
afterAll(async () => {
  await t.close();
});

async function seed(user: TestUser, n: number) {
  for (let i = 0; i < n; i++) {
    await notify(t.db, {
      organizationId: user.organizationId as string,
      userId: user.id,
      type: 'general',
      title: `Aviso ${i}`,
      message: 'Mensagem',
      actionUrl: '/dashboard',
    });
  }
}

describe('notifications', () => {
  it('lists only the caller notifications, newest first, paged with meta', async () => {
    const fresh = await createTeamOfRoles(t.db);
    await seed(fresh.sales, 25);
    await seed(fresh.admin, 3);
    const res = await as(t.app, fresh.sales)('GET', '/notifications?limit=20');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(20);
    expect(res.json().meta).toEqual({ page: 1, limit: 20, total: 25, totalPages: 2 });
    expect(res.json().data[0].title).toBe('Aviso 24');
    expect((await as(t.app, fresh.sales)('GET', '/notifications')).json().meta.limit).toBe(50);
  });

  it('counts unread, marks one and all read, filters unread only', async () => {
    const fresh = await createTeamOfRoles(t.db);
    await seed(fresh.manager, 3);
    const call = as(t.app, fresh.manager);
    expect((await call('GET', '/notifications/unread-count')).json().data.count).toBe(3);
    const first = (await call('GET', '/notifications')).json().data[0];
    expect((await call('PUT', `/notifications/${first.id}/read`)).json().data.isRead).toBe(true);
    expect((await call('GET', '/notifications/unread-count')).json().data.count).toBe(2);
    expect((await call('GET', '/notifications?unreadOnly=true')).json().data).toHaveLength(2);
    expect((await call('PUT', '/notifications/mark-all-read')).json().data.count).toBe(2);
    expect((await call('GET', '/notifications/unread-count')).json().data.count).toBe(0);
  });

  it('deletes one, and all read ones, and never another user notification', async () => {
    const fresh = await createTeamOfRoles(t.db);
    await seed(fresh.sales, 2);
    await seed(fresh.viewer, 1);
    const theirs = (await as(t.app, fresh.viewer)('GET', '/notifications')).json().data[0];
    const call = as(t.app, fresh.sales);
    expect((await call('PUT', `/notifications/${theirs.id}/read`)).statusCode).toBe(404);
    expect((await call('DELETE', `/notifications/${theirs.id}`)).statusCode).toBe(404);
    expect(await t.db.select().from(notifications).where(eq(notifications.id, theirs.id))).toHaveLength(1);

    const mine = (await call('GET', '/notifications')).json().data;
    expect((await call('DELETE', `/notifications/${mine[0].id}`)).statusCode).toBe(200);
    await call('PUT', `/notifications/${mine[1].id}/read`);
    expect((await call('DELETE', '/notifications')).json().data.count).toBe(1);
    expect((await call('GET', '/notifications')).json().meta.total).toBe(0);
    expect((await call('DELETE', `/notifications/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('requires a session', async () => {
    expect((await t.app.inject({ url: '/api/v1/notifications' })).statusCode).toBe(401);
    expect(team.org.id).toBeTruthy();
  });
});
