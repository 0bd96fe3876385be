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
    expect(mail?.text.replace(/[\u00a0\u202f]/g, ' ')).toContain('3 075,00');
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

  it("sets Reply-To to the proposal's owner, not the no-reply sender", async () => {
    const created = (await as(t.app, team.sales)('POST', '/proposals', body())).json().data;
    // A manager sends it: replies still go to the person whose proposal it is.
    expect((await as(t.app, team.manager)('POST', `/proposals/${created.id}/send`)).statusCode).toBe(200);
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'proposal'));
    expect(row).toBeDefined();
    await t.app.outbox.drain();
    const mail = t.sentMail.at(-1);
    expect(mail?.replyTo).toBe(team.sales.email);
  });

  it('sends the subject and message typed in the dialog, escaped, with the link still in it', async () => {
    const created = (await as(t.app, team.sales)('POST', '/proposals', body())).json().data;
    const res = await as(t.app, team.sales)('POST', `/proposals/${created.id}/send`, {
      subject: 'A nossa proposta <b>revista</b>',
      message: 'Cara Joana,\n\nSegue a proposta <i>revista</i>.',
    });
    expect(res.statusCode).toBe(200);
    await t.app.outbox.drain();
    const mail = t.sentMail.at(-1);
    expect(mail?.subject).toBe('A nossa proposta <b>revista</b>');
    expect(mail?.text).toContain('Segue a proposta <i>revista</i>.');
    expect(mail?.html).toContain('Segue a proposta &lt;i&gt;revista&lt;/i&gt;.');
    expect(mail?.links).toEqual([`http://localhost:3000/p/${created.publicToken}`]);
  });

  it("offers a draft from the organization's defaults, with the placeholders filled in", async () => {
    const created = (await as(t.app, team.sales)('POST', '/proposals', body({ title: 'Loja' }))).json().data;
    const before = await as(t.app, team.sales)('GET', `/proposals/${created.id}/email-draft`);
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toMatchObject({ to: 'joana@lima.pt', replyTo: team.sales.email });
    expect(before.json().data.subject).toContain('Loja');

    const org = (await as(t.app, team.admin)('GET', '/settings/organization')).json().data;
    const saved = await as(t.app, team.admin)('PUT', '/settings/organization', {
      name: org.name,
      settings: {
        ...org.settings,
        proposalEmailSubject: 'Proposta {proposta} para {cliente}',
        proposalEmailMessage: 'Olá {cliente}, segue a proposta de {organizacao}.',
      },
    });
    expect(saved.statusCode).toBe(200);
    const draft = (await as(t.app, team.sales)('GET', `/proposals/${created.id}/email-draft`)).json().data;
    expect(draft.subject).toBe('Proposta Loja para Joana <b>Lima</b>');
    expect(draft.message).toBe(`Olá Joana <b>Lima</b>, segue a proposta de ${org.name}.`);
    // Sending without a subject or message uses the same defaults.
    await as(t.app, team.sales)('POST', `/proposals/${created.id}/send`);
    await t.app.outbox.drain();
    expect(t.sentMail.at(-1)?.subject).toBe('Proposta Loja para Joana <b>Lima</b>');
  });

  it('refuses an empty or oversized subject and message with Portuguese messages', async () => {
    const created = (await as(t.app, team.sales)('POST', '/proposals', body())).json().data;
    const empty = await as(t.app, team.sales)('POST', `/proposals/${created.id}/send`, { subject: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details).toEqual([
      expect.objectContaining({ field: 'subject', message: MESSAGES.emailSubjectRequired }),
    ]);
    const long = await as(t.app, team.sales)('POST', `/proposals/${created.id}/send`, {
      message: 'x'.repeat(5001),
    });
    expect(long.statusCode).toBe(400);
    const [row] = await t.db.select().from(proposals).where(eq(proposals.id, created.id));
    expect(row?.status).toBe('draft');
    const badDefaults = await as(t.app, team.admin)('PUT', '/settings/organization', {
      name: 'Org',
      settings: { proposalValidityDays: 0 },
    });
    expect(badDefaults.statusCode).toBe(400);
  });

  it('keeps the email draft to those who may send the proposal', async () => {
    const created = (await as(t.app, team.sales)('POST', '/proposals', body())).json().data;
    expect((await as(t.app, sales2)('GET', `/proposals/${created.id}/email-draft`)).statusCode).toBe(403);
    expect((await as(t.app, team.viewer)('GET', `/proposals/${created.id}/email-draft`)).statusCode).toBe(
      403,
    );
  });

  it('notifies the new owner when a manager hands a proposal over', async () => {
    const created = (await as(t.app, team.manager)('POST', '/proposals', body())).json().data;
    await as(t.app, team.manager)('PUT', `/proposals/${created.id}`, body({ ownerId: sales2.id }));
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, sales2.id));
    expect(notes.map((n) => n.type)).toContain('proposal_assigned');
  });
});
