import { MESSAGES } from '@aceite/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, notifications, proposals, proposalVersions } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles, createUser, type TestUser } from '@/test/factories.ts';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let clientId: string;
let sales2: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
  sales2 = await createUser(t.db, { organizationId: team.org.id, role: 'sales' });
  clientId = (
    await as(t.app, team.sales)('POST', '/clients', { name: 'Joana <b>Lima</b>', email: 'joana@lima.pt' })
  ).json().data.id;
});
afterAll(async () => {
  await t.close();
});

const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'Website <script>x</script>',
  clientId,
  validUntil: '2099-06-30',
  content: { blocks: [], items: [{ name: 'Site', quantity: 1, unitPrice: 250000 }] },
  ...overrides,
});

describe('POST /proposals/:id/send', () => {
  it('queues a branded email with the public link, snapshots a version and marks the proposal sent', async () => {
    const created = (await as(t.app, team.sales)('POST', '/proposals', body())).json().data;
    const res = await as(t.app, team.sales)('POST', `/proposals/${created.id}/send`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ recipient: 'joana@lima.pt', status: 'sent' });

    const [row] = await t.db.select().from(proposals).where(eq(proposals.id, created.id));
    expect(row).toMatchObject({ status: 'sent', currentVersion: 1 });
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(
      await t.db.select().from(proposalVersions).where(eq(proposalVersions.proposalId, created.id)),
    ).toHaveLength(1);

    expect(await t.app.outbox.drain()).toBeGreaterThanOrEqual(1);
    const mail = t.sentMail.find((m) => m.to === 'joana@lima.pt');
    expect(mail?.links).toEqual([`http://localhost:3000/p/${created.publicToken}`]);
    expect(mail?.subject).toContain('Website <script>x</script>');
    // User text is escaped in the HTML body.
    expect(mail?.html).toContain('Website &lt;script&gt;x&lt;/script&gt;');
    expect(mail?.html).not.toContain('<script>x</script>');
    expect(mail?.html).toContain('Joana &lt;b&gt;Lima&lt;/b&gt;');
    expect(mail?.text).toContain('3075,00');
  });

  it('does not snapshot again when nothing changed, and keeps viewed or later statuses', async () => {
    const created = (await as(t.app, team.sales)('POST', '/proposals', body())).json().data;
    await as(t.app, team.sales)('POST', `/proposals/${created.id}/send`);
    await t.db.update(proposals).set({ status: 'viewed' }).where(eq(proposals.id, created.id));
    const again = await as(t.app, team.sales)('POST', `/proposals/${created.id}/send`);
    expect(again.json().data.status).toBe('viewed');
    expect(
      await t.db.select().from(proposalVersions).where(eq(proposalVersions.proposalId, created.id)),
    ).toHaveLength(1);
    const outbox = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'proposal'));
    expect(outbox.length).toBeGreaterThanOrEqual(2);
  });

  it("answers 400 'Proposta sem cliente associado' without a client email", async () => {
    const created = (await as(t.app, team.sales)('POST', '/proposals', body())).json().data;
    await t.db.update(proposals).set({ clientId: null }).where(eq(proposals.id, created.id));
    const res = await as(t.app, team.sales)('POST', `/proposals/${created.id}/send`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MESSAGES.sendNoClient);
  });

  it('lets managers send any proposal (the owner is notified) and refuses other sales and viewers', async () => {
    const created = (await as(t.app, team.sales)('POST', '/proposals', body())).json().data;
    expect((await as(t.app, sales2)('POST', `/proposals/${created.id}/send`)).statusCode).toBe(403);
    expect((await as(t.app, team.viewer)('POST', `/proposals/${created.id}/send`)).statusCode).toBe(403);
    expect((await as(t.app, team.manager)('POST', `/proposals/${created.id}/send`)).statusCode).toBe(200);
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, team.sales.id));
    expect(notes.map((n) => n.type)).toContain('proposal_sent');
  });

  it('notifies the new owner when a manager hands a proposal over', async () => {
    const created = (await as(t.app, team.manager)('POST', '/proposals', body())).json().data;
    await as(t.app, team.manager)('PUT', `/proposals/${created.id}`, body({ ownerId: sales2.id }));
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, sales2.id));
    expect(notes.map((n) => n.type)).toContain('proposal_assigned');
  });
});
