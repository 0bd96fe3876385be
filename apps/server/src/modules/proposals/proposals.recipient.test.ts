import { MESSAGES } from '@aceite/shared/messages';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerCodes, auditLogs, emailOutbox, proposals } from '@/db/schema/index.ts';
import { lastAnswerCode, shownVersion } from '@/test/answer-code.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles, createUser } from '@/test/factories.ts';

// The recipient is fixed at sending (issue 34, H2; docs/product.md#recipient).

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** A proposal of the team's salesperson, sent through the API to a fresh client. */
async function sentProposal(email = `carla-${Math.random().toString(36).slice(2, 8)}@exemplo.pt`) {
  const sales = as(t.app, team.sales);
  const client = (await sales('POST', '/clients', { name: 'Carla Matos', email })).json().data;
  const proposal = (await sales('POST', '/proposals', { title: 'Manutenção', clientId: client.id })).json()
    .data;
  const sent = await sales('POST', `/proposals/${proposal.id}/send`);
  expect(sent.statusCode, sent.body).toBe(200);
  return { client, id: proposal.id as string, token: proposal.publicToken as string, email };
}

const requestCode = (token: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/public/proposals/${token}/code` });
const outboxTo = async (address: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, address))
    .orderBy(desc(emailOutbox.createdAt));
const stored = async (id: string) => (await t.db.select().from(proposals).where(eq(proposals.id, id)))[0];

describe('the recipient is frozen at sending', () => {
  it('sends the answer code to the frozen address after the salesperson changes the client record (H2)', async () => {
    const { client, id, token, email } = await sentProposal();
    const proposal = (await as(t.app, team.sales)('GET', `/proposals/${id}`)).json().data;
    expect(proposal.recipient).toEqual({ name: 'Carla Matos', email });

    // The attack: the client's email becomes the salesperson's own, then the code is asked for.
    const edit = await as(t.app, team.sales)('PUT', `/clients/${client.id}`, {
      name: 'Carla Matos',
      email: 'vendedor@aceite.test',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await requestCode(token)).statusCode).toBe(200);

    expect((await outboxTo('vendedor@aceite.test')).filter((m) => m.kind === 'answer_code')).toHaveLength(0);
    const [codeMail] = (await outboxTo(email)).filter((m) => m.kind === 'answer_code');
    expect(codeMail).toBeDefined();
    const page = (await t.app.inject({ url: `/api/v1/public/proposals/${token}?refresh=1` })).json().data;
    expect(page.recipient).toEqual({ name: 'Carla Matos', email });
    expect((await stored(id))?.recipientEmail).toBe(email);
  });

  it("freezes it too when the proposal is created or saved as 'Enviada' from the form (the link shared by hand)", async () => {
    const sales = as(t.app, team.sales);
    const client = (await sales('POST', '/clients', { name: 'Ana', email: 'ana-form@exemplo.pt' })).json()
      .data;
    const created = (
      await sales('POST', '/proposals', { title: 'A', clientId: client.id, status: 'sent' })
    ).json().data;
    expect(created.recipient).toEqual({ name: 'Ana', email: 'ana-form@exemplo.pt' });
    const draft = (await sales('POST', '/proposals', { title: 'B', clientId: client.id })).json().data;
    expect(draft.recipient).toBeNull();
    const saved = await sales('PUT', `/proposals/${draft.id}`, {
      title: 'B',
      clientId: client.id,
      status: 'sent',
    });
    expect(saved.json().data.recipient).toEqual({ name: 'Ana', email: 'ana-form@exemplo.pt' });
    await sales('PUT', `/clients/${client.id}`, { name: 'Ana', email: 'outra-ana@exemplo.pt' });
    expect((await sales('GET', `/proposals/${draft.id}`)).json().data.recipient.email).toBe(
      'ana-form@exemplo.pt',
    );
  });

  it("sends the team's answer to a question to the frozen address, not the edited client record", async () => {
    const { client, id, token, email } = await sentProposal();
    await as(t.app, team.sales)('PUT', `/clients/${client.id}`, {
      name: 'Carla Matos',
      email: 'outra@aceite.test',
    });
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/proposals/${token}/messages`,
      payload: { kind: 'question', name: 'Carla', email, message: 'Inclui alojamento?' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const answered = await as(t.app, team.sales)('POST', `/proposals/${id}/messages`, { message: 'Sim.' });
    expect(answered.statusCode, answered.body).toBe(201);
    expect((await outboxTo(email)).some((m) => m.kind === 'client_message_answer')).toBe(true);
    expect(await outboxTo('outra@aceite.test')).toHaveLength(0);
  });

  it('records the full address the code went to in the evidence, the masked one on screens', async () => {
    const { id, token, email } = await sentProposal();
    expect((await requestCode(token)).statusCode).toBe(200);
    const code = await lastAnswerCode(t.db, token);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/proposals/${token}/accept`,
      payload: { ...(await shownVersion(t, token)), code },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored(id))?.answerVerification).toMatchObject({ method: 'email_code', email });
    const [sentAudit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, id), eq(auditLogs.action, 'proposal.public_code_sent')));
    expect(sentAudit?.metadata).toMatchObject({ email });
    const shown = (await as(t.app, team.sales)('GET', `/proposals/${id}`)).json().data;
    expect(shown.answerVerification.maskedEmail).toMatch(/^c•••@exemplo\.pt$/);
    expect(JSON.stringify(shown.answerVerification)).not.toContain(email);
  });
});

describe("'Alterar destinatário'", () => {
  it('changes the recipient, tells the previous address, sends the link to the new one, audits it', async () => {
    const { id, token, email } = await sentProposal();
    const res = await as(t.app, team.sales)('POST', `/proposals/${id}/recipient`, {
      name: 'Rui Matos',
      email: 'Rui@Exemplo.pt',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.recipient).toEqual({ name: 'Rui Matos', email: 'rui@exemplo.pt' });

    const notice = (await outboxTo(email)).find((m) => m.kind === 'recipient_changed');
    expect(notice?.subject).toBe('Proposta "Manutenção": destinatário alterado');
    expect(notice?.text).toContain('r•••@exemplo.pt');
    expect(notice?.text).not.toContain(token);
    const link = (await outboxTo('rui@exemplo.pt')).find((m) => m.kind === 'proposal');
    expect(link?.text).toContain(`/p/${token}`);

    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, id), eq(auditLogs.action, 'proposal.recipient_changed')));
    expect(audit?.actorId).toBe(team.sales.id);
    expect(audit?.metadata).toMatchObject({
      fromEmail: email,
      toEmail: 'rui@exemplo.pt',
      toName: 'Rui Matos',
      noticeOutboxId: notice?.id,
      linkOutboxId: link?.id,
    });

    expect((await requestCode(token)).statusCode).toBe(200);
    const [code] = await t.db
      .select()
      .from(answerCodes)
      .where(eq(answerCodes.proposalId, id))
      .orderBy(desc(answerCodes.createdAt));
    expect(code?.email).toBe('rui@exemplo.pt');
  });

  it('refuses a code sent to the previous recipient once the recipient changed', async () => {
    const { id, token } = await sentProposal();
    expect((await requestCode(token)).statusCode).toBe(200);
    const oldCode = await lastAnswerCode(t.db, token);
    await as(t.app, team.manager)('POST', `/proposals/${id}/recipient`, {
      name: 'Outro',
      email: 'outro@exemplo.pt',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/proposals/${token}/accept`,
      payload: { ...(await shownVersion(t, token)), code: oldCode },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MESSAGES.answerCodeNotRequested);
    expect((await stored(id))?.status).not.toBe('accepted');
  });

  it('is refused to a viewer and to another salesperson, and before sending (409)', async () => {
    const { id } = await sentProposal();
    const body = { name: 'X', email: 'x@exemplo.pt' };
    expect((await as(t.app, team.viewer)('POST', `/proposals/${id}/recipient`, body)).statusCode).toBe(403);
    const other = await createUser(t.db, { organizationId: team.org.id, role: 'sales' });
    expect((await as(t.app, other)('POST', `/proposals/${id}/recipient`, body)).statusCode).toBe(403);
    expect((await stored(id))?.recipientEmail).not.toBe('x@exemplo.pt');

    const sales = as(t.app, team.sales);
    const client = (await sales('POST', '/clients', { name: 'Ana', email: 'ana@exemplo.pt' })).json().data;
    const draft = (await sales('POST', '/proposals', { title: 'Rascunho', clientId: client.id })).json().data;
    const res = await sales('POST', `/proposals/${draft.id}/recipient`, body);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(MESSAGES.recipientNotSent);
  });
});
