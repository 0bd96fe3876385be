import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLogs, clients, emailOutbox, emailSenders, organizations } from '@/db/schema/index.ts';
import { createMailTransport } from '@/lib/mail-transport.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createOrg, createUser, type TestUser } from '@/test/factories.ts';
import { type ReceivedMail, silentLog, startSmtp } from '@/test/smtp.ts';

/*
 * White-label: the organization's own sender of its emails to clients, signed with DKIM (issue 40,
 * docs/product.md#white-label). DNS is never asked: the TXT records are this map, for the app's check and for the
 * independent verifier (mailauth) alike. The emails go through a real SMTP server on loopback.
 */

const txt = new Map<string, string[][]>();
const ADDRESS = 'propostas@empresa.pt';
const NAME = 'Demo Lda — Propostas';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let org: Awaited<ReturnType<typeof createOrg>>;
let admin: TestUser;
let sales: TestUser;
let clientId: string;

async function resolveTxt(name: string): Promise<string[][]> {
  const records = txt.get(name);
  if (!records) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return records;
}

/** mailauth's resolver: the same map, for TXT only. */
async function verifierResolver(name: string, rrtype: string): Promise<string[][]> {
  if (rrtype !== 'TXT') throw Object.assign(new Error('no record'), { code: 'ENOTFOUND' });
  return resolveTxt(name);
}

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({
    ssoResolveTxt: resolveTxt,
    mailTransport: createMailTransport({ smtpUrl: smtp.url, dataDir: '/nonexistent', log: silentLog }),
  });
  org = await createOrg(t.db, { plan: 'enterprise', name: 'Demo Lda' });
  admin = await createUser(t.db, { organizationId: org.id, role: 'admin' });
  sales = await createUser(t.db, { organizationId: org.id, role: 'sales' });
  const [client] = await t.db
    .insert(clients)
    .values({ organizationId: org.id, name: 'Joana Lima', email: 'joana@lima.pt' })
    .returning();
  clientId = client?.id as string;
}, 60_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

beforeEach(() => txt.clear());

/** One header of a raw message, its folded lines joined. */
function header(mail: ReceivedMail | undefined, name: string): string | undefined {
  const head = (mail?.raw ?? '').split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** Sends a new proposal to the client as the seller; answers the message the SMTP server received. */
async function sendProposal(title: string, user: TestUser = sales): Promise<ReceivedMail> {
  const api = as(t.app, user);
  const created = (await api('POST', '/proposals', { title, clientId })).json().data;
  const sent = await api('POST', `/proposals/${created.id}/send`, { subject: title });
  expect(sent.statusCode, sent.body).toBe(200);
  await t.app.outbox.drain();
  const mail = smtp.received.find((m) => (header(m, 'Subject') ?? '').includes(title));
  expect(mail, `no email "${title}" received`).toBeDefined();
  return mail as ReceivedMail;
}

/** Sets the sender, publishes both records, verifies. */
async function verifiedSender(user: TestUser = admin) {
  const set = await as(t.app, user)('PUT', '/settings/email-sender', { name: NAME, address: ADDRESS });
  expect(set.statusCode, set.body).toBe(200);
  const { ownershipRecord, dkimRecord } = set.json().data.sender;
  txt.set(ownershipRecord.name, [[ownershipRecord.value]]);
  // Long records are published as several strings of one record (the 255-byte limit): joined when read.
  txt.set(dkimRecord.name, [[dkimRecord.value.slice(0, 200), dkimRecord.value.slice(200)]]);
  const verified = await as(t.app, user)('POST', '/settings/email-sender/verify');
  expect(verified.statusCode, verified.body).toBe(200);
  return verified.json().data;
}

describe('the sender settings (Configurações → Remetente dos emails)', () => {
  it('only Enterprise sets one: Starter and Professional get PLAN_LIMIT; GET says it is not available', async () => {
    for (const plan of ['starter', 'professional']) {
      const other = await createOrg(t.db, { plan });
      const otherAdmin = await createUser(t.db, { organizationId: other.id, role: 'admin' });
      const res = await as(t.app, otherAdmin)('PUT', '/settings/email-sender', {
        name: 'X',
        address: 'a@b.pt',
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.code).toBe('PLAN_LIMIT');
      expect(res.json().error.message).toContain('Enterprise');
      const read = await as(t.app, otherAdmin)('GET', '/settings/email-sender');
      expect(read.json().data).toEqual({ sender: null, available: false });
    }
  });

  it('a member who is not an admin is refused (403)', async () => {
    const res = await as(t.app, sales)('PUT', '/settings/email-sender', { name: NAME, address: ADDRESS });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    expect((await as(t.app, sales)('GET', '/settings/email-sender')).statusCode).toBe(403);
    expect((await as(t.app, sales)('POST', '/settings/email-sender/verify')).statusCode).toBe(403);
  });

  it('refuses bad input with Portuguese messages under the field', async () => {
    const cases: [unknown, string, string][] = [
      [{ name: '', address: ADDRESS }, 'name', 'Indique o nome do remetente'],
      [{ name: 'A\r\nBcc: x@y.pt', address: ADDRESS }, 'name', 'quebras de linha'],
      [{ name: 'x'.repeat(101), address: ADDRESS }, 'name', '100 caracteres'],
      [{ name: NAME, address: 'não é email' }, 'address', 'email válido'],
      [{ name: NAME, address: 'a@[127.0.0.1]' }, 'address', ''],
      [{ name: NAME }, 'address', ''],
    ];
    for (const [body, field, words] of cases) {
      const res = await as(t.app, admin)('PUT', '/settings/email-sender', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const detail = res.json().error.details.find((d: { field: string }) => d.field === field);
      expect(detail, `${JSON.stringify(body)}: ${res.body}`).toBeDefined();
      expect(detail.message).toContain(words);
    }
    expect((await as(t.app, admin)('GET', '/settings/email-sender')).json().data.sender).toBeNull();
  });

  it('answers both records to publish, an RSA 2048 DKIM key, and never the private key', async () => {
    const res = await as(t.app, admin)('PUT', '/settings/email-sender', { name: NAME, address: ADDRESS });
    expect(res.statusCode, res.body).toBe(200);
    const { sender, available } = res.json().data;
    expect(available).toBe(true);
    expect(sender).toMatchObject({ name: NAME, address: ADDRESS, domain: 'empresa.pt', verifiedAt: null });
    expect(sender.ownershipRecord.name).toBe('_aceite-verification.empresa.pt');
    expect(sender.ownershipRecord.value).toMatch(/^aceite-verification=[\w-]{20,}$/);
    expect(sender.dkimRecord.name).toMatch(/^s\d{8}[0-9a-f]{6}\._domainkey\.empresa\.pt$/);
    const p = /^v=DKIM1; k=rsa; p=([A-Za-z0-9+/=]+)$/.exec(sender.dkimRecord.value)?.[1];
    const key = createPublicKey({ key: Buffer.from(p as string, 'base64'), format: 'der', type: 'spki' });
    expect(key.asymmetricKeyType).toBe('rsa');
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(res.body).not.toMatch(/PRIVATE|dkimPrivate|sealed/i);
    // Sealed at rest: no PEM in the database.
    const [row] = await t.db.select().from(emailSenders).where(eq(emailSenders.organizationId, org.id));
    expect(row?.dkimPrivateKeySealed).toMatch(/^v1\./);
    expect(row?.dkimPrivateKeySealed).not.toContain('BEGIN');
    // Saving the same again keeps the key and the records.
    const again = await as(t.app, admin)('PUT', '/settings/email-sender', { name: NAME, address: ADDRESS });
    expect(again.json().data.sender.dkimRecord).toEqual(sender.dkimRecord);
    expect((await as(t.app, admin)('DELETE', '/settings/email-sender')).statusCode).toBe(200);
  });

  it('Verificar looks both records up and says which is missing; both present verifies', async () => {
    const set = await as(t.app, admin)('PUT', '/settings/email-sender', { name: NAME, address: ADDRESS });
    const { ownershipRecord, dkimRecord } = set.json().data.sender;
    const verify = () => as(t.app, admin)('POST', '/settings/email-sender/verify');
    const fields = (res: Awaited<ReturnType<typeof verify>>) =>
      res.json().error.details.map((d: { field: string; message: string }) => `${d.field}: ${d.message}`);

    const none = await verify();
    expect(none.statusCode).toBe(422);
    expect(none.json().error.message).toContain('Falta o registo TXT de verificação do domínio.');
    expect(none.json().error.message).toContain('Falta o registo DKIM.');
    expect(fields(none)).toEqual([
      'ownershipRecord: Falta o registo TXT de verificação do domínio.',
      'dkimRecord: Falta o registo DKIM.',
    ]);

    txt.set(ownershipRecord.name, [['v=spf1 -all'], [ownershipRecord.value]]);
    const onlyTxt = await verify();
    expect(onlyTxt.statusCode).toBe(422);
    expect(fields(onlyTxt)).toEqual(['dkimRecord: Falta o registo DKIM.']);

    // A DKIM record of another key (an old one, or a copy gone wrong).
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({
      type: 'spki',
      format: 'der',
    });
    txt.set(dkimRecord.name, [[`v=DKIM1; k=rsa; p=${other.toString('base64')}`]]);
    const wrongKey = await verify();
    expect(wrongKey.statusCode).toBe(422);
    expect(fields(wrongKey)).toEqual([
      'dkimRecord: O registo DKIM não tem a chave indicada: copie-o de novo.',
    ]);

    txt.delete(ownershipRecord.name);
    txt.set(dkimRecord.name, [[dkimRecord.value]]);
    const onlyDkim = await verify();
    expect(fields(onlyDkim)).toEqual(['ownershipRecord: Falta o registo TXT de verificação do domínio.']);

    txt.set(ownershipRecord.name, [[ownershipRecord.value]]);
    // As providers publish it: spaces around the tags, the key split in two strings.
    txt.set(dkimRecord.name, [
      [
        `v=DKIM1;  k=rsa;\tp=${dkimRecord.value.split('p=')[1]?.slice(0, 100)}`,
        `${dkimRecord.value.split('p=')[1]?.slice(100)}`,
      ],
    ]);
    const ok = await verify();
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.sender.verifiedAt).not.toBeNull();
    const actions = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.organizationId, org.id), eq(auditLogs.entity, 'email_sender')));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['email_sender.created', 'email_sender.verified']),
    );

    // The name changes, the domain stays: still verified. Another domain: a new check and a new token.
    const renamed = await as(t.app, admin)('PUT', '/settings/email-sender', {
      name: 'Demo',
      address: 'ola@empresa.pt',
    });
    expect(renamed.json().data.sender.verifiedAt).not.toBeNull();
    const moved = await as(t.app, admin)('PUT', '/settings/email-sender', {
      name: 'Demo',
      address: 'ola@demo.pt',
    });
    expect(moved.json().data.sender).toMatchObject({ domain: 'demo.pt', verifiedAt: null });
    expect(moved.json().data.sender.ownershipRecord.value).not.toBe(ownershipRecord.value);
    expect(moved.json().data.sender.dkimRecord.name).toMatch(/\._domainkey\.demo\.pt$/);

    expect((await as(t.app, admin)('DELETE', '/settings/email-sender')).statusCode).toBe(200);
    const gone = await as(t.app, admin)('DELETE', '/settings/email-sender');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe('A organização não tem um remetente próprio configurado');
    expect((await verify()).statusCode).toBe(404);
  });
});

describe('isolation', () => {
  it("another organization's admin never sees, verifies or removes this sender", async () => {
    await verifiedSender();
    const other = await createOrg(t.db, { plan: 'enterprise' });
    const otherAdmin = await createUser(t.db, { organizationId: other.id, role: 'admin' });
    const api = as(t.app, otherAdmin);
    const read = await api('GET', '/settings/email-sender');
    expect(read.json().data).toEqual({ sender: null, available: true });
    expect(read.body).not.toContain('empresa.pt');
    expect((await api('POST', '/settings/email-sender/verify')).statusCode).toBe(404);
    expect((await api('DELETE', '/settings/email-sender')).statusCode).toBe(404);
    const mine = (await as(t.app, admin)('GET', '/settings/email-sender')).json().data.sender;
    expect(mine.verifiedAt).not.toBeNull();
  });
});

describe('the emails a client receives', () => {
  // Each test starts with no sender (the earlier ones leave one verified).
  beforeEach(async () => {
    await t.db.delete(emailSenders).where(eq(emailSenders.organizationId, org.id));
  });

  it('without a verified sender: From "Demo Lda via Aceite" at MAIL_FROM, no DKIM signature of the domain', async () => {
    await as(t.app, admin)('PUT', '/settings/email-sender', { name: NAME, address: ADDRESS });
    const mail = await sendProposal('Sem remetente verificado');
    expect(header(mail, 'From')).toBe('Demo Lda via Aceite <no-reply@aceite.test>');
    expect(mail.from).toBe('no-reply@aceite.test');
    expect(header(mail, 'DKIM-Signature')).toBeUndefined();
    // Replies still reach the seller.
    expect(header(mail, 'Reply-To')).toBe(sales.email);
    await as(t.app, admin)('DELETE', '/settings/email-sender');
  });

  it('with a verified sender: From is its name and address, signed with DKIM that an independent verifier accepts', async () => {
    await verifiedSender();
    const mail = await sendProposal('Com remetente verificado');
    expect(header(mail, 'From')).toBe(`=?UTF-8?Q?Demo_Lda_=E2=80=94_Propostas?= <${ADDRESS}>`);
    // The envelope sender (bounces, SPF) stays the platform's.
    expect(mail.from).toBe('no-reply@aceite.test');
    expect(header(mail, 'Reply-To')).toBe(sales.email);
    const signature = header(mail, 'DKIM-Signature') ?? '';
    expect(signature).toContain('d=empresa.pt');

    const result = await dkimVerify(Buffer.from(mail.raw), { resolver: verifierResolver });
    expect(result.results).toHaveLength(1);
    expect(result.results[0]).toMatchObject({
      signingDomain: 'empresa.pt',
      status: { result: 'pass', aligned: 'empresa.pt' },
    });

    // One character of the body changed: the signature no longer verifies.
    const altered = mail.raw.replace('Com remetente verificado', 'Com remetente verificadx');
    expect(altered).not.toBe(mail.raw);
    const tampered = await dkimVerify(Buffer.from(altered), { resolver: verifierResolver });
    expect(tampered.results[0]?.status.result).toBe('fail');
    // And a From rewritten to another address fails too (From is signed).
    const forged = mail.raw.replace(`<${ADDRESS}>`, '<ceo@empresa.pt>');
    expect(
      (await dkimVerify(Buffer.from(forged), { resolver: verifierResolver })).results[0]?.status.result,
    ).toBe('fail');
  });

  it('the other emails a client receives go the same way: the answer code, a changed recipient, the cancellation', async () => {
    await verifiedSender();
    const api = as(t.app, sales);
    const created = (await api('POST', '/proposals', { title: 'Outros emails', clientId })).json().data;
    expect(
      (await api('POST', `/proposals/${created.id}/send`, { subject: 'Outros emails' })).statusCode,
    ).toBe(200);
    const code = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/proposals/${created.publicToken}/code`,
    });
    expect(code.statusCode, code.body).toBe(200);
    const changed = await api('POST', `/proposals/${created.id}/recipient`, {
      name: 'Rui Lima',
      email: 'rui@lima.pt',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const cancelled = await api('POST', `/proposals/${created.id}/cancel`, {
      reason: 'Desistiu',
      notifyClient: true,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const rows = await t.db
      .select({
        kind: emailOutbox.kind,
        to: emailOutbox.toAddress,
        fromOrganization: emailOutbox.fromOrganization,
      })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.organizationId, org.id),
          inArray(emailOutbox.toAddress, ['joana@lima.pt', 'rui@lima.pt']),
        ),
      );
    const kinds = new Set(rows.filter((r) => r.fromOrganization).map((r) => r.kind));
    expect([...kinds].sort()).toEqual(['answer_code', 'proposal', 'proposal_cancelled', 'recipient_changed']);
    expect(rows.every((r) => r.fromOrganization)).toBe(true);
    await t.app.outbox.drain();
    // "Demo Lda: código de confirmação", an encoded word in the raw header.
    const codeMail = smtp.received.find(
      (m) => m.to.includes('joana@lima.pt') && (header(m, 'Subject') ?? '').includes('confirma'),
    );
    expect(header(codeMail, 'From')).toContain(`<${ADDRESS}>`);
    const verified = await dkimVerify(Buffer.from(codeMail?.raw ?? ''), { resolver: verifierResolver });
    expect(verified.results[0]?.status.result).toBe('pass');
  });

  it('an email to a member stays the platform’s (an invitation): MAIL_FROM, unsigned', async () => {
    await verifiedSender();
    const res = await as(t.app, admin)('POST', '/users/invite', { email: 'novo@empresa.pt', role: 'sales' });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await t.app.outbox.drain();
    const mail = smtp.received.find((m) => m.to.includes('novo@empresa.pt'));
    expect(header(mail, 'From')).toBe('Aceite <no-reply@aceite.test>');
    expect(header(mail, 'DKIM-Signature')).toBeUndefined();
  });

  it('the sender is read as the email leaves: removed after queueing, or a downgraded plan, goes "via Aceite"', async () => {
    await verifiedSender();
    const api = as(t.app, sales);
    const created = (await api('POST', '/proposals', { title: 'Removido antes de sair', clientId })).json()
      .data;
    expect(
      (await api('POST', `/proposals/${created.id}/send`, { subject: 'Removido antes de sair' })).statusCode,
    ).toBe(200);
    expect((await as(t.app, admin)('DELETE', '/settings/email-sender')).statusCode).toBe(200);
    await t.app.outbox.drain();
    const removed = smtp.received.find((m) =>
      (header(m, 'Subject') ?? '').includes('Removido antes de sair'),
    );
    expect(header(removed, 'From')).toBe('Demo Lda via Aceite <no-reply@aceite.test>');
    expect(header(removed, 'DKIM-Signature')).toBeUndefined();

    await verifiedSender();
    await t.db.update(organizations).set({ plan: 'professional' }).where(eq(organizations.id, org.id));
    try {
      const mail = await sendProposal('Plano sem white-label');
      expect(header(mail, 'From')).toBe('Demo Lda via Aceite <no-reply@aceite.test>');
      expect(header(mail, 'DKIM-Signature')).toBeUndefined();
    } finally {
      await t.db.update(organizations).set({ plan: 'enterprise' }).where(eq(organizations.id, org.id));
    }
  });

  it('a key the server cannot open (its secret changed) sends the email as the platform’s, not never', async () => {
    await verifiedSender();
    await t.db
      .update(emailSenders)
      .set({ dkimPrivateKeySealed: 'v1.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA' })
      .where(eq(emailSenders.organizationId, org.id));
    const mail = await sendProposal('Chave que nao abre');
    expect(header(mail, 'From')).toBe('Demo Lda via Aceite <no-reply@aceite.test>');
    expect(header(mail, 'DKIM-Signature')).toBeUndefined();
  });

  it('a sender no longer verified (its DKIM record gone when checked again) signs nothing', async () => {
    const data = await verifiedSender();
    txt.delete(data.sender.dkimRecord.name);
    const res = await as(t.app, admin)('POST', '/settings/email-sender/verify');
    expect(res.statusCode).toBe(422);
    expect(
      (await as(t.app, admin)('GET', '/settings/email-sender')).json().data.sender.verifiedAt,
    ).toBeNull();
    const mail = await sendProposal('Registo DKIM retirado');
    expect(header(mail, 'From')).toBe('Demo Lda via Aceite <no-reply@aceite.test>');
    expect(header(mail, 'DKIM-Signature')).toBeUndefined();
    const [audit] = await t.db
      .execute<{ n: number }>(
        sql`select count(*)::int as n from audit_logs where organization_id = ${org.id} and action = 'email_sender.unverified'`,
      )
      .then((r) => r.rows);
    expect(audit?.n).toBeGreaterThan(0);
  });
});

describe('the signature itself', () => {
  it('covers List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) beside From, and verifies', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    txt.set('t1._domainkey.empresa.pt', [
      [`v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`],
    ]);
    const transport = createMailTransport({ smtpUrl: smtp.url, dataDir: '/nonexistent', log: silentLog });
    await transport.send({
      id: 'unsubscribe-signed',
      from: 'Aceite <no-reply@aceite.test>',
      sender: {
        name: 'Demo Lda',
        address: ADDRESS,
        dkim: {
          domainName: 'empresa.pt',
          keySelector: 't1',
          privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        },
      },
      to: 'lembrete@lima.pt',
      listUnsubscribe: 'https://app.example.pt/api/v1/public/proposals/x/reminders/stop',
      subject: 'Lembrete assinado',
      html: '<p>Olá</p>',
      text: 'Olá',
      links: [],
    });
    transport.close();
    const mail = smtp.received.find((m) => m.to.includes('lembrete@lima.pt'));
    const signed = /\bh=([^;]+)/.exec(header(mail, 'DKIM-Signature') ?? '')?.[1]?.replace(/\s/g, '') ?? '';
    expect(signed.toLowerCase().split(':')).toEqual(
      expect.arrayContaining(['from', 'subject', 'list-unsubscribe', 'list-unsubscribe-post', 'to']),
    );
    const result = await dkimVerify(Buffer.from(mail?.raw ?? ''), { resolver: verifierResolver });
    expect(result.results[0]?.status.result).toBe('pass');
  });
});
