import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import addressparser from 'nodemailer/lib/addressparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  clients,
  organizations,
  proposalReminderOptOuts,
  proposalReminders,
  users,
} from '@/db/schema/index.ts';
import { createMailTransport } from '@/lib/mail-transport.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles, insertSentProposal } from '@/test/factories.ts';
import { type ReceivedMail, silentLog, startSmtp } from '@/test/smtp.ts';

/*
 * Issue 35: emails to clients, read as the mail server receives them (a real SMTP server on loopback): the From
 * display name is "<Organização> via Aceite" (issue 40, without the organization's own sender), and the emails the client did not ask for (reminders,
 * updates) carry RFC 8058's one-click unsubscribe, which stops the proposal's reminders.
 */

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let clientId: string;
const DAY = 24 * 60 * 60 * 1000;
/** 10:00 in Lisbon: inside the reminders' sending hours. */
const BASE = new Date('2030-03-04T10:00:00Z');

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({
    mailTransport: createMailTransport({ smtpUrl: smtp.url, dataDir: '/nonexistent', log: silentLog }),
  });
  team = await createTeamOfRoles(t.db);
  await t.db.update(users).set({ firstName: 'Vera', lastName: 'Vieira' }).where(eq(users.id, team.sales.id));
  await t.db.update(organizations).set({ name: 'Demo Lda' }).where(eq(organizations.id, team.org.id));
  const [client] = await t.db
    .insert(clients)
    .values({ organizationId: team.org.id, name: 'Joana Lima', email: 'joana@lima.pt' })
    .returning();
  clientId = client?.id as string;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** One header of a raw message, its folded lines joined. */
function header(mail: ReceivedMail | undefined, name: string): string | undefined {
  const head = (mail?.raw ?? '').split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

async function sendAndReceive(subjectPart: string): Promise<ReceivedMail | undefined> {
  await t.app.outbox.drain();
  return smtp.received.find((m) => (header(m, 'Subject') ?? '').includes(subjectPart));
}

const EXPECTED_FROM = 'Demo Lda via Aceite <no-reply@aceite.test>';

describe('the From of emails to clients', () => {
  it('is "<Organização> via Aceite" on the proposal email, with no unsubscribe (the client asked)', async () => {
    const sales = as(t.app, team.sales);
    const created = (await sales('POST', '/proposals', { title: 'Loja online', clientId })).json().data;
    const sent = await sales('POST', `/proposals/${created.id}/send`, { subject: 'Proposta Loja online' });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await sendAndReceive('Loja online');
    expect(header(mail, 'From')).toBe(EXPECTED_FROM);
    // The envelope sender stays MAIL_FROM's address: SPF and DKIM align with the sending domain.
    expect(mail?.from).toBe('no-reply@aceite.test');
    expect(header(mail, 'List-Unsubscribe')).toBeUndefined();
  });

  it('a name with quotes, commas, angle brackets and accents stays one quoted, encoded name', async () => {
    const transport = createMailTransport({ smtpUrl: smtp.url, dataDir: '/nonexistent', log: silentLog });
    const subject = `Teste ${randomUUID()}`;
    try {
      await transport.send({
        id: randomUUID(),
        from: 'Aceite <no-reply@aceite.test>',
        fromName: 'João "Zé", <evil@attacker.example> (Ação, Lda)',
        to: 'joana@lima.pt',
        subject,
        html: '<p>Olá</p>',
        text: 'Olá',
        links: [],
      });
    } finally {
      transport.close();
    }
    const mail = smtp.received.find((m) => (header(m, 'Subject') ?? '').includes(subject.slice(6)));
    const from = header(mail, 'From') ?? '';
    const parsed = addressparser(from, { flatten: true }) as { name: string; address: string }[];
    expect(parsed).toHaveLength(1);
    expect(parsed[0]?.address).toBe('no-reply@aceite.test');
    expect(from).not.toContain('evil@attacker.example>');
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('a proposal update to the client carries List-Unsubscribe and List-Unsubscribe-Post', async () => {
    const sales = as(t.app, team.sales);
    const created = (await sales('POST', '/proposals', { title: 'Site atualizado', clientId })).json().data;
    await sales('POST', `/proposals/${created.id}/send`, {});
    await t.app.inject({ url: `/api/v1/public/proposals/${created.publicToken}` });
    const res = await sales('PUT', `/proposals/${created.id}?notifyClient=true`, {
      title: 'Site atualizado',
      clientId,
      status: 'viewed',
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.outbox.drain();
    const mail = smtp.received.find(
      (m) =>
        (header(m, 'Subject') ?? '').includes('atualizada') &&
        (header(m, 'List-Unsubscribe') ?? '').includes(created.publicToken),
    );
    expect(header(mail, 'List-Unsubscribe')).toBe(
      `<http://localhost:3000/api/v1/public/proposals/${created.publicToken}/reminders/stop>`,
    );
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(header(mail, 'From')).toBe(EXPECTED_FROM);
  });

  it("a reminder carries them, and the mail provider's one-click POST stops the reminders, audited", async () => {
    const p = await insertSentProposal(
      t.db,
      { organizationId: team.org.id, ownerId: team.sales.id, clientId },
      {
        title: 'Lembrete de teste',
        sentAt: BASE,
        validUntil: '2030-12-31',
        content: { blocks: [], items: [] },
      },
    );
    await t.app.reminders.run(new Date(BASE.getTime() + 3 * DAY));
    await t.app.outbox.drain();
    const mail = smtp.received.find((m) => (header(m, 'List-Unsubscribe') ?? '').includes(p.token));
    const link = `http://localhost:3000/api/v1/public/proposals/${p.token}/reminders/stop`;
    expect(header(mail, 'List-Unsubscribe')).toBe(`<${link}>`);
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(header(mail, 'From')).toBe(EXPECTED_FROM);

    // What Gmail or Yahoo sends: a form-encoded POST to the link, no cookie, no page.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: new URL(link).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    expect(oneClick.json()).toEqual({ data: { stopped: true } });
    const optOut = await t.db
      .select()
      .from(proposalReminderOptOuts)
      .where(eq(proposalReminderOptOuts.proposalId, p.id));
    expect(optOut).toHaveLength(1);
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, p.id), eq(auditLogs.action, 'proposal.reminders_stopped')));
    expect(audit).toHaveLength(1);
    // RFC 8058's own example sends it as multipart/form-data: answered the same (idempotent, no second audit).
    const boundary = '---FormBoundaryjWmhtjORrn';
    const multipartClick = await t.app.inject({
      method: 'POST',
      url: new URL(link).pathname,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipartClick.statusCode, multipartClick.body).toBe(200);

    // No further reminder: two days before the validity date would otherwise be due.
    await t.app.reminders.run(new Date('2030-12-29T10:00:00Z'));
    const reminders = await t.db
      .select()
      .from(proposalReminders)
      .where(eq(proposalReminders.proposalId, p.id));
    expect(reminders.map((r) => r.kind)).toEqual(['not_opened']);
  });
});
