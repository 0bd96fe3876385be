import { MESSAGES } from '@aceite/shared/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLogs, notifications, proposalEvents, proposals } from '@/db/schema/index.ts';
import { createMailTransport } from '@/lib/mail-transport.ts';
import { newOpaqueToken } from '@/lib/tokens.ts';
import { answerAsClient } from '@/test/answer-code.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, authHeaders, createTeamOfRoles, createUser, insertSentProposal } from '@/test/factories.ts';
import { decodedMail, silentLog, startSmtp } from '@/test/smtp.ts';

/*
 * Issue 24, parts 3 and 4: the client's questions and change requests, the team's answers, 'Cancelar proposta'
 * and the structured rejection reasons (docs/product.md#client-questions-and-change-requests,
 * #cancelling-a-proposal, #rejection-reasons). Emails go through the outbox to a real SMTP server on loopback.
 */

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let clientId: string;
const CLIENT_EMAIL = 'joana@lima.pt';
const LIMITS = { perProposalPerHour: 3, perIpPerHour: 6 };

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({
    mailTransport: createMailTransport({ smtpUrl: smtp.url, dataDir: '/nonexistent', log: silentLog }),
    clientMessageLimits: LIMITS,
  });
  team = await createTeamOfRoles(t.db);
  clientId = (
    await as(t.app, team.sales)('POST', '/clients', {
      name: 'Joana Lima',
      company: 'Lima Lda',
      email: CLIENT_EMAIL,
    })
  ).json().data.id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
// Each test reads only the mail it caused: what earlier tests queued is delivered and forgotten first.
beforeEach(async () => {
  await t.app.outbox.drain();
  smtp.received.length = 0;
});

let ipCounter = 1;
/** A distinct network per call site, so the per-IP limit only bites where a test means it to. */
const freshIp = () => `198.51.${ipCounter++}.10`;

function makeProposal(values: Partial<typeof proposals.$inferInsert> = {}) {
  return insertSentProposal(t.db, { organizationId: team.org.id, ownerId: team.sales.id, clientId }, values);
}

const ask = (
  token: string,
  payload: Record<string, unknown>,
  opts: { ip?: string; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/public/proposals/${token}/messages`,
    payload,
    headers: opts.headers,
    remoteAddress: opts.ip ?? freshIp(),
  });
const question = { kind: 'question', name: 'Joana Lima', email: CLIENT_EMAIL, message: 'Inclui alojamento?' };
const changeRequest = { ...question, kind: 'change_request', message: 'Podem baixar o preço do design?' };
const stored = async (id: string) => (await t.db.select().from(proposals).where(eq(proposals.id, id)))[0];
const publicView = (token: string) => t.app.inject({ url: `/api/v1/public/proposals/${token}?refresh=1` });
const mailTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));

describe('POST /public/proposals/:token/messages', () => {
  it('a question keeps the status, notifies and emails the owner, and joins the public conversation', async () => {
    const { token, id } = await makeProposal({ status: 'viewed' });
    const res = await ask(token, { ...question, message: 'Inclui <b>alojamento</b>?' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        kind: 'question',
        authorName: 'Joana Lima',
        message: 'Inclui <b>alojamento</b>?',
      }),
    ]);
    expect((await stored(id))?.status).toBe('viewed');
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.actionUrl, `/proposals/${id}`), eq(notifications.type, 'client_message')));
    expect(note).toMatchObject({ userId: team.sales.id, title: 'Nova pergunta do cliente' });

    await t.app.outbox.drain();
    const [mail] = mailTo(team.sales.email);
    const text = decodedMail(mail);
    expect(text).toContain('Joana Lima (cliente) fez uma pergunta sobre a proposta');
    expect(text).toContain('Email: joana@lima.pt — o endereço para onde a proposta foi enviada');
    // The client's words are escaped in the HTML part, never markup.
    expect(text).toContain('&lt;b&gt;alojamento&lt;/b&gt;');
    expect(text).not.toContain('<b>alojamento</b>?</blockquote>');
    expect(text).toContain(`http://localhost:3000/proposals/${id}`);
    // Replying to the email reaches the client: the address the link was sent to (issue 34, L6).
    expect(text).toMatch(/Reply-To: joana@lima\.pt/i);

    const page = (await publicView(token)).json().data;
    expect(page.messages).toHaveLength(1);
    expect(page.messages[0]).not.toHaveProperty('authorEmail');
  });

  it('never lets the sender choose the Reply-To: an address that did not receive the link gets none (issue 34, L6)', async () => {
    const { token } = await makeProposal({ status: 'viewed' });
    const res = await ask(token, {
      ...question,
      name: 'Diretor Financeiro <financeiro@aceite.test>',
      email: 'atacante@exemplo.pt',
    });
    expect(res.statusCode).toBe(201);
    await t.app.outbox.drain();
    const [mail] = mailTo(team.sales.email);
    const text = decodedMail(mail);
    expect(text).not.toMatch(/Reply-To:/i);
    // The name as typed, marked as the client's; the address said to be unverified.
    expect(text).toContain('Diretor Financeiro <financeiro@aceite.test> (cliente) fez uma pergunta');
    expect(text).toContain(
      'Email indicado: atacante@exemplo.pt — não é o endereço para onde a proposta foi enviada',
    );
    expect(text).toMatch(/^From: (?!.*Diretor)/im);
  });

  it('a change request moves a sent or viewed proposal to under_negotiation, with an audit row', async () => {
    for (const status of ['sent', 'viewed', 'under_negotiation'] as const) {
      const { token, id } = await makeProposal({ status });
      expect((await ask(token, changeRequest)).statusCode).toBe(201);
      expect((await stored(id))?.status).toBe('under_negotiation');
      const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, id));
      expect(audit.map((a) => a.action)).toContain('proposal.public_change_request');
    }
    await t.app.outbox.drain();
    expect(decodedMail(mailTo(team.sales.email)[0])).toContain('pediu alterações à proposta');
  });

  it('refuses bad input with the error envelope', async () => {
    const { token } = await makeProposal();
    const cases = [
      { ...question, message: '' },
      { ...question, message: 'x'.repeat(5001) },
      { ...question, kind: 'complaint' },
      { ...question, email: 'não é email' },
      { ...question, name: '   ' },
    ];
    for (const payload of cases) {
      const res = await ask(token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    const long = await ask(token, { ...question, message: 'x'.repeat(5001) });
    expect(long.json().error.message).toBe(MESSAGES.clientMessageTooLong);
    expect((await ask(token, { ...question, message: 'x'.repeat(5000) })).statusCode).toBe(201);
  });

  it('refuses answered, expired and cancelled proposals with 409, and unknown links with 404', async () => {
    for (const status of ['accepted', 'rejected', 'expired', 'cancelled'] as const) {
      const { token } = await makeProposal({ status });
      const res = await ask(token, question);
      expect(res.statusCode).toBe(409);
    }
    const { token: overdue } = await makeProposal({ validUntil: '2020-01-01' });
    expect((await ask(overdue, question)).statusCode).toBe(409);
    const { token: cancelled } = await makeProposal({ status: 'cancelled' });
    expect((await ask(cancelled, question)).json().error.message).toBe(MESSAGES.proposalUnavailable);
    expect((await ask(newOpaqueToken(), question)).statusCode).toBe(404);
  });

  it("refuses a member's preview (403), like the other public writes", async () => {
    const { token, id } = await makeProposal();
    const headers = await authHeaders(t.app, team.manager);
    const res = await ask(token, changeRequest, { headers });
    expect(res.statusCode).toBe(403);
    expect((await stored(id))?.status).toBe('sent');
  });

  it('limits messages per proposal and per network (429)', async () => {
    const { token } = await makeProposal();
    for (let i = 0; i < LIMITS.perProposalPerHour; i++) {
      expect((await ask(token, question)).statusCode).toBe(201);
    }
    const over = await ask(token, question);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toBe(MESSAGES.clientMessageLimit);

    // One network over several proposals.
    const ip = '203.0.113.40';
    for (let i = 0; i < LIMITS.perIpPerHour; i++) {
      const { token: each } = await makeProposal();
      expect((await ask(each, question, { ip })).statusCode).toBe(201);
    }
    const { token: next } = await makeProposal();
    expect((await ask(next, question, { ip: '203.0.113.41' })).statusCode).toBe(429);
    expect((await ask(next, question)).statusCode).toBe(201);
  });
});

describe('GET and POST /proposals/:id/messages (the team side)', () => {
  it('the owner answers: shown on the public page and emailed to the client with the link', async () => {
    const { token, id } = await makeProposal();
    await ask(token, changeRequest);
    const api = as(t.app, team.sales);
    const listed = await api('GET', `/proposals/${id}/messages`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data[0]).toMatchObject({ kind: 'change_request', authorEmail: CLIENT_EMAIL });

    const res = await api('POST', `/proposals/${id}/messages`, { message: 'Sim, <i>10 %</i> de desconto.' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ kind: 'answer', userId: team.sales.id, authorEmail: null });

    const page = (await publicView(token)).json().data;
    expect(page.messages.map((m: { kind: string }) => m.kind)).toEqual(['change_request', 'answer']);
    expect(page.messages[1].message).toBe('Sim, <i>10 %</i> de desconto.');

    await t.app.outbox.drain();
    const text = decodedMail(mailTo(CLIENT_EMAIL)[0]);
    expect(text).toContain('respondeu à sua mensagem sobre a proposta');
    expect(text).toContain(`http://localhost:3000/p/${token}`);
    expect(text).toContain('&lt;i&gt;10 %&lt;/i&gt;');
  });

  it('whoever manages the proposal answers; a viewer or another salesperson cannot', async () => {
    const { token, id } = await makeProposal();
    await ask(token, question);
    const otherSales = await createUser(t.db, { organizationId: team.org.id, role: 'sales' });
    const body = { message: 'Resposta' };
    expect((await as(t.app, team.viewer)('POST', `/proposals/${id}/messages`, body)).statusCode).toBe(403);
    expect((await as(t.app, otherSales)('POST', `/proposals/${id}/messages`, body)).statusCode).toBe(403);
    expect((await as(t.app, team.manager)('POST', `/proposals/${id}/messages`, body)).statusCode).toBe(201);
    expect((await as(t.app, team.admin)('POST', `/proposals/${id}/messages`, body)).statusCode).toBe(201);
    // Reading is open to every member who can open the proposal.
    expect((await as(t.app, team.viewer)('GET', `/proposals/${id}/messages`)).statusCode).toBe(200);
    expect(
      (await as(t.app, team.sales)('POST', `/proposals/${id}/messages`, { message: '' })).statusCode,
    ).toBe(400);
  });

  it('another organization gets 404; a cancelled proposal takes no answer (409)', async () => {
    const { id } = await makeProposal();
    const other = await createTeamOfRoles(t.db);
    expect((await as(t.app, other.admin)('GET', `/proposals/${id}/messages`)).statusCode).toBe(404);
    expect(
      (await as(t.app, other.admin)('POST', `/proposals/${id}/messages`, { message: 'Olá' })).statusCode,
    ).toBe(404);
    const { id: cancelled } = await makeProposal({ status: 'cancelled' });
    expect(
      (await as(t.app, team.sales)('POST', `/proposals/${cancelled}/messages`, { message: 'Olá' }))
        .statusCode,
    ).toBe(409);
  });
});

describe('POST /proposals/:id/cancel', () => {
  const cancel = (user: Parameters<typeof as>[1], id: string, body: Record<string, unknown>) =>
    as(t.app, user)('POST', `/proposals/${id}/cancel`, body);

  it('cancels with a reason: the public page says unavailable, decisions and messages answer 409', async () => {
    const { token, id } = await makeProposal({ status: 'viewed' });
    const res = await cancel(team.sales, id, { reason: 'O cliente desistiu do projeto.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'O cliente desistiu do projeto.',
    });
    expect(res.json().data.cancelledAt).toEqual(expect.any(String));

    const page = await publicView(token);
    expect(page.statusCode).toBe(404);
    expect(page.json().error.message).toBe(MESSAGES.proposalUnavailable);
    for (const action of ['accept', 'reject']) {
      const answer = await answerAsClient(t, token, action, { reasonCode: 'price' });
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error.message).toBe(MESSAGES.proposalUnavailable);
    }
    expect((await ask(token, question)).statusCode).toBe(409);

    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, id), eq(auditLogs.action, 'proposal.cancelled')));
    expect(audit).toMatchObject({ actorId: team.sales.id });
    expect(audit?.metadata).toMatchObject({ from: 'viewed', reason: 'O cliente desistiu do projeto.' });
    // Not asked to tell the client: no email.
    await t.app.outbox.drain();
    expect(mailTo(CLIENT_EMAIL)).toHaveLength(0);
  });

  it('emails the client only when asked', async () => {
    const { id } = await makeProposal();
    expect(
      (await cancel(team.sales, id, { reason: 'Preços <revistos>', notifyClient: true })).statusCode,
    ).toBe(200);
    await t.app.outbox.drain();
    const text = decodedMail(mailTo(CLIENT_EMAIL)[0]);
    expect(text).toContain('foi cancelada por');
    expect(text).toContain('Preços &lt;revistos&gt;');
  });

  it('needs a reason (400) and refuses answered or already cancelled proposals (409)', async () => {
    const { id } = await makeProposal();
    const empty = await cancel(team.sales, id, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(MESSAGES.cancelReasonRequired);
    expect((await cancel(team.sales, id, {})).statusCode).toBe(400);
    for (const status of ['accepted', 'rejected', 'cancelled'] as const) {
      const { id: done } = await makeProposal({ status });
      const res = await cancel(team.admin, done, { reason: 'Motivo' });
      expect(res.statusCode).toBe(409);
    }
  });

  it('owner, manager and admin cancel; a viewer, another salesperson and another organization cannot', async () => {
    const otherSales = await createUser(t.db, { organizationId: team.org.id, role: 'sales' });
    const other = await createTeamOfRoles(t.db);
    const body = { reason: 'Motivo' };
    expect((await cancel(team.viewer, (await makeProposal()).id, body)).statusCode).toBe(403);
    expect((await cancel(otherSales, (await makeProposal()).id, body)).statusCode).toBe(403);
    expect((await cancel(other.admin, (await makeProposal()).id, body)).statusCode).toBe(404);
    for (const user of [team.sales, team.manager, team.admin]) {
      expect((await cancel(user, (await makeProposal({ status: 'draft' })).id, body)).statusCode).toBe(200);
    }
  });
});

describe('structured rejection reasons', () => {
  it('stores the code and the text; the evidence chain and the owner email carry it', async () => {
    const { token, id } = await makeProposal();
    const res = await answerAsClient(t, token, 'reject', {
      reasonCode: 'other_supplier',
      reason: 'Mais barato',
    });
    expect(res.statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({
      status: 'rejected',
      rejectionReasonCode: 'other_supplier',
      rejectionReason: 'Mais barato',
    });
    const [event] = await t.db
      .select()
      .from(proposalEvents)
      .where(and(eq(proposalEvents.proposalId, id), eq(proposalEvents.type, 'rejected')));
    expect(event?.payload).toMatchObject({ reasonCode: 'other_supplier' });
    expect((await as(t.app, team.sales)('GET', `/proposals/${id}`)).json().data.rejectionReasonCode).toBe(
      'other_supplier',
    );
    await t.app.outbox.drain();
    expect(decodedMail(mailTo(team.sales.email).find((m) => /rejeitada/.test(m.raw)))).toContain(
      'Escolheu outro fornecedor — Mais barato',
    );
  });

  it("'other' needs a text; an unknown code is refused; no code at all is recorded as 'other'", async () => {
    const { token, id } = await makeProposal();
    const noText = await answerAsClient(t, token, 'reject', { reasonCode: 'other' });
    expect(noText.statusCode).toBe(400);
    expect(noText.json().error.details).toEqual([
      expect.objectContaining({ field: 'reason', message: MESSAGES.rejectionReasonOtherText }),
    ]);
    expect((await answerAsClient(t, token, 'reject', { reasonCode: 'caro' })).statusCode).toBe(400);
    expect((await stored(id))?.status).toBe('sent');
    expect((await answerAsClient(t, token, 'reject', { reason: 'Sem orçamento' })).statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({
      rejectionReasonCode: 'other',
      rejectionReason: 'Sem orçamento',
    });
  });
});
