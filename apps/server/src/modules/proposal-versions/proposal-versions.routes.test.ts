import { MESSAGES } from '@aceite/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles, createUser, type TestUser } from '@/test/factories.ts';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let other: Awaited<ReturnType<typeof createTeamOfRoles>>;
let sales2: TestUser;
let proposalId: string;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
  other = await createTeamOfRoles(t.db);
  sales2 = await createUser(t.db, { organizationId: team.org.id, role: 'sales' });
  const clientId = (await as(t.app, team.sales)('POST', '/clients', { name: 'C', email: 'c@c.pt' })).json()
    .data.id;
  proposalId = (
    await as(t.app, team.sales)('POST', '/proposals', {
      title: 'Versão 1',
      clientId,
      content: { items: [{ name: 'A', quantity: 2, unitPrice: 1000 }] },
      taxRate: 23,
    })
  ).json().data.id;
});
afterAll(async () => {
  await t.close();
});

describe('versions', () => {
  it('numbers snapshots max + 1, lists them newest first and shows any one in full', async () => {
    const call = as(t.app, team.sales);
    const v1 = await call('POST', `/proposals/${proposalId}/versions`, {
      changeNotes: '  Primeira versão  ',
    });
    expect(v1.statusCode).toBe(201);
    expect(v1.json().data).toMatchObject({
      versionNumber: 1,
      changeNotes: 'Primeira versão',
      title: 'Versão 1',
      totalValue: 2460,
    });
    const proposal = (await call('GET', `/proposals/${proposalId}`)).json().data;
    await call('PUT', `/proposals/${proposalId}`, {
      title: 'Versão 2',
      clientId: proposal.clientId,
      content: { items: [{ name: 'A', quantity: 3, unitPrice: 1000 }] },
    });
    await call('POST', `/proposals/${proposalId}/versions`, { changeNotes: 'Mais uma unidade' });
    const list = (await call('GET', `/proposals/${proposalId}/versions`)).json().data;
    expect(list.map((v: { versionNumber: number }) => v.versionNumber)).toEqual([2, 1]);
    expect(list[0].creator).toMatchObject({ firstName: 'Teste' });
    const first = (await call('GET', `/proposals/${proposalId}/versions/1`)).json().data;
    expect(first.snapshot).toMatchObject({
      title: 'Versão 1',
      totalValue: 2460,
      content: { items: [{ quantity: 2 }] },
    });
    expect((await call('GET', `/proposals/${proposalId}`)).json().data.currentVersion).toBe(2);
    expect((await call('GET', `/proposals/${proposalId}/versions/9`)).statusCode).toBe(404);
  });

  it('requires change notes, and gives concurrent versions distinct numbers', async () => {
    const empty = await as(t.app, team.sales)('POST', `/proposals/${proposalId}/versions`, {
      changeNotes: '   ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(MESSAGES.versionNotesRequired);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        as(t.app, team.manager)('POST', `/proposals/${proposalId}/versions`, { changeNotes: `v${i}` }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const numbers = results.map((r) => r.json().data.versionNumber).sort();
    expect(new Set(numbers).size).toBe(5);
  });

  it('refuses other sales and viewers (403) and other organizations (404)', async () => {
    expect(
      (await as(t.app, sales2)('POST', `/proposals/${proposalId}/versions`, { changeNotes: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await as(t.app, team.viewer)('POST', `/proposals/${proposalId}/versions`, { changeNotes: 'x' }))
        .statusCode,
    ).toBe(403);
    expect((await as(t.app, team.viewer)('GET', `/proposals/${proposalId}/versions`)).statusCode).toBe(200);
    expect((await as(t.app, other.admin)('GET', `/proposals/${proposalId}/versions`)).statusCode).toBe(404);
    expect((await as(t.app, other.admin)('GET', `/proposals/${proposalId}/versions/1`)).statusCode).toBe(404);
    expect(
      (await as(t.app, other.admin)('POST', `/proposals/${proposalId}/versions`, { changeNotes: 'x' }))
        .statusCode,
    ).toBe(404);
  });
});
