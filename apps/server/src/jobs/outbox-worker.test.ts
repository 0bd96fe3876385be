import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailOutbox } from '@/db/schema/index.ts';
import { createMailTransport, type MailTransport } from '@/lib/mail-transport.ts';
import { queueEmail } from '@/modules/email/email.service.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles, createUser } from '@/test/factories.ts';
import { pdfPagesText } from '@/test/pdf-text.ts';
import { silentLog, startSmtp } from '@/test/smtp.ts';
import { backoffSeconds, MAX_ATTEMPTS, OutboxWorker } from './outbox-worker.ts';

describe('email delivery through a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildTestApp({
      mailTransport: createMailTransport({ smtpUrl: smtp.url, dataDir: '/nonexistent', log: silentLog }),
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the password reset email with its link over SMTP', async () => {
    const user = await createUser(t.db);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(await t.app.outbox.drain()).toBe(1);
    const message = smtp.received.find((m) => m.to.includes(user.email));
    expect(message?.from).toBe('no-reply@aceite.test');
    expect(message?.raw).toMatch(/Subject: Redefinir a sua password do Aceite/);
    // Quoted-printable: undo soft line breaks and the encoded '='.
    const decoded = message?.raw.replace(/=\r?\n/g, '').replaceAll('=3D', '=');
    expect(decoded).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[\w-]{40,}/);
    expect(message?.raw).toMatch(/Content-Type: text\/html/);
  });

  it('sends a proposal to the client: one message with the public link, even with two workers racing', async () => {
    const team = await createTeamOfRoles(t.db);
    const api = as(t.app, team.sales);
    const email = `cliente-${Date.now()}@exemplo.pt`;
    const client = (await api('POST', '/clients', { name: 'Cliente SMTP', email })).json().data;
    const proposal = (
      await api('POST', '/proposals', {
        title: 'Proposta por SMTP',
        clientId: client.id,
        content: {
          blocks: [],
          items: [{ name: 'Serviço', description: '', quantity: 1, unitPrice: 10_000 }],
        },
      })
    ).json().data;
    expect((await api('POST', `/proposals/${proposal.id}/send`)).statusCode).toBe(200);

    // Two server processes sharing the database: each claims with SKIP LOCKED, so the message goes once.
    const second = new OutboxWorker(
      t.db,
      createMailTransport({ smtpUrl: smtp.url, dataDir: '/nonexistent', log: silentLog }),
      'no-reply@aceite.test',
      silentLog,
      { dkimSecretKey: Buffer.alloc(32) },
    );
    const [a, b] = await Promise.all([t.app.outbox.drain(), second.drain()]);
    expect(a + b).toBe(1);
    const messages = smtp.received.filter((m) => m.to.includes(email));
    expect(messages).toHaveLength(1);
    const decoded = messages[0]?.raw.replace(/=\r?\n/g, '').replaceAll('=3D', '=');
    expect(decoded).toContain(`/p/${proposal.publicToken}`);
    expect(decoded).toContain('Proposta por SMTP');
  });

  it("brands the proposal email with the organization's logo as an inline image, never user markup", async () => {
    const team = await createTeamOfRoles(t.db);
    const logo =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const saved = await as(t.app, team.admin)('PUT', '/settings/organization', {
      name: 'Marca <b>Lda</b>',
      branding: { primaryColor: '#aa3300', logo },
    });
    expect(saved.statusCode).toBe(200);
    const api = as(t.app, team.sales);
    const email = `marca-${Date.now()}@exemplo.pt`;
    const client = (await api('POST', '/clients', { name: 'Cliente Marca', email })).json().data;
    const proposal = (await api('POST', '/proposals', { title: 'Com logótipo', clientId: client.id })).json()
      .data;
    expect((await api('POST', `/proposals/${proposal.id}/send`)).statusCode).toBe(200);
    await t.app.outbox.drain();

    const raw = smtp.received.find((m) => m.to.includes(email))?.raw ?? '';
    const decoded = raw.replace(/=\r?\n/g, '').replaceAll('=3D', '=');
    // The data URL became a related image part referenced by cid (mail clients block data: images).
    expect(decoded).toMatch(/<img src="cid:[^"]+"/);
    expect(raw).toMatch(/Content-Type: image\/png/);
    expect(decoded).not.toContain('data:image/png');
    expect(decoded).toContain('#aa3300');
    expect(decoded).toContain('Marca &lt;b&gt;Lda&lt;/b&gt;');
  });
  it('attaches the proposal as a PDF by default ("Anexar PDF"), and not when the sender turns it off', async () => {
    const team = await createTeamOfRoles(t.db);
    const api = as(t.app, team.sales);
    const email = `pdf-${Date.now()}@exemplo.pt`;
    const client = (await api('POST', '/clients', { name: 'Cliente PDF', email })).json().data;
    const create = (title: string) =>
      api('POST', '/proposals', {
        title,
        clientId: client.id,
        content: {
          blocks: [],
          items: [{ name: 'Consultoria técnica', description: '', quantity: 2, unitPrice: 61_725 }],
        },
      }).then((r) => r.json().data);
    const withPdf = await create('Proposta com anexo: Açores');
    const withoutPdf = await create('Proposta sem anexo');
    expect((await api('POST', `/proposals/${withPdf.id}/send`)).statusCode).toBe(200);
    expect((await api('POST', `/proposals/${withoutPdf.id}/send`, { attachPdf: false })).statusCode).toBe(
      200,
    );
    // Edited after sending: the attachment is what was sent, rendered when the email was queued.
    await api('PUT', `/proposals/${withPdf.id}`, { title: 'Título mudado depois' });
    await t.app.outbox.drain();

    const received = smtp.received.filter((m) => m.to.includes(email));
    const raw = received.find((m) => m.raw.includes('com anexo'))?.raw ?? '';
    const part =
      /Content-Type: application\/pdf;[^\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(raw);
    expect(part, raw.slice(0, 2000)).not.toBeNull();
    // The attachment is named with the proposal's number (issue 33). A long name is folded into RFC 2231
    // continuations (filename*0*, filename*1*, …), joined and decoded here as a mail client does.
    const disposition = /Content-Disposition: attachment;((?:\s*filename\*\d+\*?=[^;\r\n]+;?)+)/.exec(raw);
    const fileName = decodeURIComponent(
      [...(disposition?.[1] ?? '').matchAll(/filename\*\d+\*?=(?:utf-8'')?([^;\s]+)/g)]
        .map((m) => m[1])
        .join(''),
    );
    expect(fileName).toMatch(/^ORC \d{4}-\d{4} - Proposta com anexo A[çc]ores\.pdf$/);
    const bytes = Buffer.from(part?.[1]?.replace(/\s/g, '') ?? '', 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfPagesText(bytes)).join('\n').replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain('Proposta com anexo: Açores');
    expect(text).toContain('Consultoria técnica');
    expect(text).toContain('1 234,50 €');
    const other = received.find((m) => m.raw.includes('sem anexo'))?.raw ?? '';
    expect(other).not.toBe('');
    expect(other).not.toContain('application/pdf');
  });
});

describe('email delivery while the SMTP server is down', () => {
  it('keeps the message queued and delivers it once the server is back', async () => {
    const first = await startSmtp();
    const port = first.port;
    await first.close();
    const t = await buildTestApp({
      mailTransport: createMailTransport({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        dataDir: '/nonexistent',
        log: silentLog,
      }),
    });
    try {
      const user = await createUser(t.db);
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        payload: { email: user.email },
      });
      expect(await t.app.outbox.drain()).toBe(0);
      const [queued] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email));
      expect(queued).toMatchObject({ status: 'pending', attempts: 1 });
      expect(queued?.lastError).toBeTruthy();

      const back = await startSmtp(port);
      try {
        await t.db
          .update(emailOutbox)
          .set({ nextAttemptAt: new Date() })
          .where(eq(emailOutbox.toAddress, user.email));
        expect(await t.app.outbox.drain()).toBe(1);
        expect(back.received.filter((m) => m.to.includes(user.email))).toHaveLength(1);
        const [sent] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email));
        expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
      } finally {
        await back.close();
      }
    } finally {
      await t.close();
    }
  });
});

describe('outbox retries', () => {
  let t: TestApp;
  let failNext = 0;
  const delivered: string[] = [];
  const flaky: MailTransport = {
    async send(mail) {
      if (failNext > 0) {
        failNext--;
        throw new Error('SMTP 451 tente mais tarde');
      }
      delivered.push(mail.to);
    },
    close() {},
  };
  beforeAll(async () => {
    t = await buildTestApp({ mailTransport: flaky });
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps a failed message, schedules a retry with backoff, and sends it later', async () => {
    const user = await createUser(t.db);
    failNext = 1;
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(await t.app.outbox.drain()).toBe(0);
    const [failed] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email));
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMTP 451 tente mais tarde' });
    expect(failed?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    // Not due yet: nothing is sent.
    expect(await t.app.outbox.drain()).toBe(0);
    await t.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date() })
      .where(eq(emailOutbox.toAddress, user.email));
    expect(await t.app.outbox.drain()).toBe(1);
    expect(delivered).toContain(user.email);
    const [sent] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('keeps retrying through a long outage (hours), and gives up only after MAX_ATTEMPTS', async () => {
    const user = await createUser(t.db);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgot-password',
      payload: { email: user.email },
    });
    const mine = eq(emailOutbox.toAddress, user.email);
    // Ten failed attempts so far (over an hour and a half of outage): still queued.
    await t.db.update(emailOutbox).set({ attempts: 10 }).where(mine);
    failNext = 1;
    expect(await t.app.outbox.drain()).toBe(0);
    const [queued] = await t.db.select().from(emailOutbox).where(mine);
    expect(queued).toMatchObject({ status: 'pending', attempts: 11 });
    expect(queued?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 3500_000);

    // The last allowed attempt fails too: marked failed, no longer claimed.
    await t.db
      .update(emailOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1, nextAttemptAt: new Date() })
      .where(mine);
    failNext = 1;
    expect(await t.app.outbox.drain()).toBe(0);
    const [failed] = await t.db.select().from(emailOutbox).where(mine);
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(await t.app.outbox.drain()).toBe(0);
    expect(delivered).not.toContain(user.email);
  });

  it('backs off exponentially up to an hour', () => {
    expect([1, 2, 3, 10].map(backoffSeconds)).toEqual([30, 60, 120, 3600]);
  });
});

describe('the outbox folder without SMTP', () => {
  it('writes each message as an .eml file and logs its recipient, subject and file, not its links or body', async () => {
    const logged: unknown[] = [];
    const log = { ...silentLog, info: (obj: unknown) => logged.push(obj) } as typeof silentLog;
    const dir = await import('node:fs/promises').then((fs) => fs.mkdtemp('/tmp/aceite-outbox-'));
    const transport = createMailTransport({ dataDir: dir, log });
    await transport.send({
      id: 'abc',
      from: 'Aceite <no-reply@aceite.test>',
      to: 'ana@example.pt',
      subject: 'Assunto',
      html: '<p>Olá</p>',
      text: 'Olá http://localhost:3000/x',
      links: ['http://localhost:3000/x'],
    });
    const files = await readdir(path.join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    const eml = await readFile(path.join(dir, 'outbox', files[0] ?? ''), 'utf8');
    expect(eml).toMatch(/To: ana@example.pt/);
    // The links carry tokens: they stay in the file (issue 34; docs/decisions.md, "No tokens in the log").
    expect(logged).toEqual([
      { to: 'ana@example.pt', subject: 'Assunto', file: path.join(dir, 'outbox', files[0] ?? '') },
    ]);
    expect(JSON.stringify(logged)).not.toContain('http://localhost:3000/x');
    expect(JSON.stringify(logged)).not.toContain('<p>Olá</p>');
  });
});

describe('waking the worker', () => {
  it('runs another pass for a message queued while a pass is running, without waiting for the next poll', async () => {
    const t = await buildTestApp();
    try {
      const transport: MailTransport = { send: async () => {}, close() {} };
      const worker = new OutboxWorker(t.db, transport, 'Aceite <no-reply@aceite.test>', silentLog, {
        dkimSecretKey: Buffer.alloc(32),
        pollMs: 3_600_000,
      });
      let passes = 0;
      let releaseFirst = () => {};
      const firstPass = new Promise<void>((resolve) => {
        releaseFirst = resolve;
      });
      // The first pass is still running (its last claim done) when the message is queued.
      worker.drain = async () => {
        passes++;
        if (passes === 1) await firstPass;
        return 0;
      };
      worker.start();
      expect(passes).toBe(1);
      await queueEmail(t.db, {
        kind: 'password_reset',
        to: 'ana@example.pt',
        email: { subject: 'Assunto', html: '<p>Olá</p>', text: 'Olá', links: [] },
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      releaseFirst();
      await vi.waitFor(() => expect(passes).toBe(2), { timeout: 2000 });
      await worker.stop();
    } finally {
      await t.close();
    }
  });
});
