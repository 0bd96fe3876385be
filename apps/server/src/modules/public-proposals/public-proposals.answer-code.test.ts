import { MESSAGES } from '@aceite/shared/messages';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerCodes, auditLogs, emailOutbox, proposals } from '@/db/schema/index.ts';
import { newOpaqueToken } from '@/lib/tokens.ts';
import { lastAnswerCode, shownVersion } from '@/test/answer-code.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, authHeaders, createTeamOfRoles, insertSentProposal } from '@/test/factories.ts';

// The client's one-time email code before deciding (issue 20; docs/decisions.md, "The client's email code").

const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let clientId: string;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
  clientId = (
    await as(t.app, team.sales)('POST', '/clients', {
      name: 'Carla Matos',
      email: 'carla@exemplo.pt',
    })
  ).json().data.id;
});
afterAll(async () => {
  await t.close();
});

function makeProposal(values: Partial<typeof proposals.$inferInsert> = {}, organizationId?: string) {
  return insertSentProposal(
    t.db,
    { organizationId: organizationId ?? team.org.id, ownerId: team.sales.id, clientId },
    {
      title: 'Manutenção anual',
      totalValue: 123000,
      subtotal: 100000,
      taxAmount: 23000,
      content: { blocks: [], items: [{ name: 'Horas', description: '', quantity: 1, unitPrice: 100000 }] },
      ...values,
    },
  );
}

const requestCode = (token: string, app = t.app) =>
  app.inject({ method: 'POST', url: `/api/v1/public/proposals/${token}/code` });
/** A decision with what the page showed (docs/product.md#content-binding), then the test's own fields. */
const act = async (token: string, action: string, payload?: object, app = t.app) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/public/proposals/${token}/${action}`,
    payload: { ...(await shownVersion({ app }, token)), ...payload },
  });
const stored = async (id: string) => (await t.db.select().from(proposals).where(eq(proposals.id, id)))[0];
const codesOf = (id: string) =>
  t.db.select().from(answerCodes).where(eq(answerCodes.proposalId, id)).orderBy(desc(answerCodes.createdAt));
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function sentCode(token: string): Promise<string> {
  const res = await requestCode(token);
  expect(res.statusCode).toBe(200);
  const code = await lastAnswerCode(t.db, token);
  expect(code).toMatch(/^\d{6}$/);
  return code as string;
}

describe('the client proves control of their email before deciding (on by default)', () => {
  it('asks for a code by default: the page says so, and accept, sign and reject without one answer 400', async () => {
    const { token, id } = await makeProposal();
    const page = (await t.app.inject({ url: `/api/v1/public/proposals/${token}` })).json().data;
    expect(page.answerCode).toEqual({ required: true });
    for (const [action, payload] of [
      ['accept', undefined],
      ['reject', { reason: 'Caro' }],
      ['sign', { signerName: 'Carla', signerEmail: 'carla@exemplo.pt', signatureData: PNG_1X1 }],
    ] as const) {
      const res = await act(token, action, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: MESSAGES.answerCodeRequired,
        details: [{ field: 'code', message: MESSAGES.answerCodeRequired }],
      });
    }
    // A code that was never asked for is refused the same way, with its own message.
    const none = await act(token, 'accept', { code: '123456' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe(MESSAGES.answerCodeNotRequested);
    expect(await stored(id)).toMatchObject({ status: 'viewed', acceptedAt: null, rejectedAt: null });
  });

  it('emails a 6-digit code to the client, answers only the masked address, keeps only a hash', async () => {
    const { token, id } = await makeProposal();
    const res = await requestCode(token);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.maskedEmail).toBe('c•••@exemplo.pt');
    expect(new Date(data.expiresAt).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(new Date(data.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect(res.body).not.toContain('carla@exemplo.pt');

    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'answer_code'), eq(emailOutbox.toAddress, 'carla@exemplo.pt')))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    const code = mail?.text.match(/^(\d{6})$/m)?.[1] as string;
    expect(code).toMatch(/^\d{6}$/);
    expect(mail?.html).toContain(code);
    expect(mail?.subject).not.toContain(code);
    expect(res.body).not.toContain(code);

    const [row] = await codesOf(id);
    expect(row?.codeHash).toMatch(/^[a-f0-9]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row).toMatchObject({
      maskedEmail: 'c•••@exemplo.pt',
      outboxId: mail?.id,
      attempts: 0,
      usedAt: null,
    });
  });

  it('accepts with the right code and records its sending and use in the evidence the team sees', async () => {
    const { token, id } = await makeProposal();
    const code = await sentCode(token);
    const before = Date.now();
    const res = await act(token, 'accept', { code });
    expect(res.statusCode).toBe(200);
    const [row] = await codesOf(id);
    expect(row?.usedAt).toBeInstanceOf(Date);

    const [sent] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, id), eq(auditLogs.action, 'proposal.public_code_sent')));
    expect(sent?.metadata).toMatchObject({ maskedEmail: 'c•••@exemplo.pt', outboxId: row?.outboxId });
    expect(sent?.ip).toBeTruthy();
    const [accepted] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, id), eq(auditLogs.action, 'proposal.public_accepted')));
    const metadata = accepted?.metadata as { answerVerification: Record<string, string> } | undefined;
    const evidence = metadata?.answerVerification ?? {};
    expect(evidence).toMatchObject({
      method: 'email_code',
      maskedEmail: 'c•••@exemplo.pt',
      outboxId: row?.outboxId,
      sentAt: row?.createdAt.toISOString(),
    });
    expect(new Date(evidence.usedAt as string).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(JSON.stringify(accepted?.metadata)).not.toContain(code);

    // The evidence names the full address the code went to; the screens only the masked one (issue 34, H2).
    const { email: fullEmail, ...shown } = evidence;
    expect(fullEmail).toBe('carla@exemplo.pt');
    const detail = (await as(t.app, team.sales)('GET', `/proposals/${id}`)).json().data;
    expect(detail.answerVerification).toEqual(shown);
  });

  it('signs and rejects with the code too', async () => {
    const a = await makeProposal();
    const signed = await act(a.token, 'sign', {
      signerName: 'Carla Matos',
      signerEmail: 'carla@exemplo.pt',
      signatureData: PNG_1X1,
      code: await sentCode(a.token),
    });
    expect(signed.statusCode).toBe(200);
    expect((await stored(a.id))?.answerVerification).toMatchObject({ method: 'email_code' });
    const b = await makeProposal();
    const rejected = await act(b.token, 'reject', { reason: 'Fora de prazo', code: await sentCode(b.token) });
    expect(rejected.statusCode).toBe(200);
    expect(await stored(b.id)).toMatchObject({ status: 'rejected', rejectionReason: 'Fora de prazo' });
  });

  it('refuses a wrong code (400 on the field) and counts the try', async () => {
    const { token, id } = await makeProposal();
    const code = await sentCode(token);
    const res = await act(token, 'accept', { code: wrongCode(code) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      message: MESSAGES.answerCodeWrong,
      details: [{ field: 'code', message: MESSAGES.answerCodeWrong }],
    });
    expect((await codesOf(id))[0]?.attempts).toBe(1);
    expect((await stored(id))?.status).toBe('sent');
    const malformed = await act(token, 'accept', { code: '12ab' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.details).toEqual([{ field: 'code', message: MESSAGES.answerCodeFormat }]);
    // Still usable after a wrong try.
    expect((await act(token, 'accept', { code })).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const { token, id } = await makeProposal();
    const code = await sentCode(token);
    await t.db
      .update(answerCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(answerCodes.proposalId, id));
    const res = await act(token, 'accept', { code });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([{ field: 'code', message: MESSAGES.answerCodeExpired }]);
    expect((await stored(id))?.status).toBe('sent');
  });

  it('takes at most 5 wrong tries per code, even in parallel; then even the right code is refused', async () => {
    const { token, id } = await makeProposal();
    const code = await sentCode(token);
    const guesses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        act(token, 'accept', { code: String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0') }),
      ),
    );
    expect(guesses.map((g) => g.statusCode)).toEqual(Array(8).fill(400));
    expect((await codesOf(id))[0]?.attempts).toBe(5);
    const right = await act(token, 'accept', { code });
    expect(right.statusCode).toBe(400);
    expect(right.json().error.message).toBe(MESSAGES.answerCodeTooManyAttempts);
    expect((await stored(id))?.status).toBe('sent');
  });

  it('uses a code once: after it decided, the same code never decides again', async () => {
    const { token, id } = await makeProposal();
    const code = await sentCode(token);
    expect((await act(token, 'accept', { code })).statusCode).toBe(200);
    // Answered: any other answer is 409, whatever code it carries.
    expect((await act(token, 'reject', { code })).statusCode).toBe(409);
    // Were the proposal open again (sent anew), the used code still would not answer it.
    await t.db
      .update(proposals)
      .set({ status: 'sent', acceptedAt: null, answerVerification: null })
      .where(eq(proposals.id, id));
    const reuse = await act(token, 'reject', { code });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error.message).toBe(MESSAGES.answerCodeExpired);
    expect((await stored(id))?.status).toBe('sent');
  });

  it('a resend replaces the previous code', async () => {
    const limited = await buildTestApp({
      answerCodeLimits: { resendAfterSeconds: 0, perProposalPerHour: 5, perRecipientPerHour: 100 },
    });
    try {
      const org = await createTeamOfRoles(limited.db);
      const client = (
        await as(limited.app, org.sales)('POST', '/clients', { name: 'Rui', email: 'rui@exemplo.pt' })
      ).json().data.id;
      const token = newOpaqueToken();
      await limited.db.insert(proposals).values({
        organizationId: org.org.id,
        ownerId: org.sales.id,
        clientId: client,
        title: 'Reenvio',
        status: 'sent',
        recipientName: 'Rui',
        recipientEmail: 'rui@exemplo.pt',
        publicToken: token,
      });
      expect((await requestCode(token, limited.app)).statusCode).toBe(200);
      const first = (await lastAnswerCode(limited.db, token)) as string;
      expect((await requestCode(token, limited.app)).statusCode).toBe(200);
      const second = (await lastAnswerCode(limited.db, token)) as string;
      if (first !== second) {
        expect((await act(token, 'accept', { code: first }, limited.app)).statusCode).toBe(400);
      }
      expect((await act(token, 'accept', { code: second }, limited.app)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('limits resends: one a minute, then a few an hour per proposal, and per address (429, in Portuguese)', async () => {
    const { token } = await makeProposal();
    expect((await requestCode(token)).statusCode).toBe(200);
    const again = await requestCode(token);
    expect(again.statusCode).toBe(429);
    expect(again.json().error).toMatchObject({ code: 'RATE_LIMITED', message: MESSAGES.answerCodeWait });

    const limited = await buildTestApp({
      answerCodeLimits: { resendAfterSeconds: 0, perProposalPerHour: 3, perRecipientPerHour: 4 },
    });
    try {
      const org = await createTeamOfRoles(limited.db);
      const client = (
        await as(limited.app, org.sales)('POST', '/clients', { name: 'Rui', email: 'rui@exemplo.pt' })
      ).json().data.id;
      const tokens = [newOpaqueToken(), newOpaqueToken()];
      for (const publicToken of tokens) {
        await limited.db.insert(proposals).values({
          organizationId: org.org.id,
          ownerId: org.sales.id,
          clientId: client,
          title: 'Limites',
          status: 'sent',
          recipientName: 'Rui',
          recipientEmail: 'rui@exemplo.pt',
          publicToken,
        });
      }
      const first = [];
      for (let i = 0; i < 4; i++)
        first.push((await requestCode(tokens[0] as string, limited.app)).statusCode);
      expect(first).toEqual([200, 200, 200, 429]);
      const hour = await requestCode(tokens[0] as string, limited.app);
      expect(hour.json().error.message).toBe(MESSAGES.answerCodeHourLimit);
      // Another proposal to the same address: one more fits the address's hour, then 429.
      expect((await requestCode(tokens[1] as string, limited.app)).statusCode).toBe(200);
      const recipient = await requestCode(tokens[1] as string, limited.app);
      expect(recipient.statusCode).toBe(429);
      expect(recipient.json().error.message).toBe(MESSAGES.answerCodeRecipientLimit);
      const queued = await limited.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.kind, 'answer_code'), eq(emailOutbox.toAddress, 'rui@exemplo.pt')));
      expect(queued).toHaveLength(4);
    } finally {
      await limited.close();
    }
  });

  it('needs no code when the organization turned it off, and the evidence says so', async () => {
    const other = await createTeamOfRoles(t.db);
    const saved = await as(t.app, other.admin)('PUT', '/settings/organization', {
      name: 'Sem código',
      settings: { requireAnswerCode: false },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.settings.requireAnswerCode).toBe(false);
    const client = (
      await as(t.app, other.sales)('POST', '/clients', { name: 'Ana', email: 'ana@exemplo.pt' })
    ).json().data.id;
    const token = newOpaqueToken();
    const [row] = await t.db
      .insert(proposals)
      .values({
        organizationId: other.org.id,
        ownerId: other.sales.id,
        clientId: client,
        title: 'Sem código',
        status: 'sent',
        publicToken: token,
      })
      .returning();
    expect((await t.app.inject({ url: `/api/v1/public/proposals/${token}` })).json().data.answerCode).toEqual(
      {
        required: false,
      },
    );
    const code = await requestCode(token);
    expect(code.statusCode).toBe(409);
    expect(code.json().error.message).toBe(MESSAGES.answerCodeNotNeeded);
    expect((await act(token, 'accept')).statusCode).toBe(200);
    expect((await stored(row?.id as string))?.answerVerification).toEqual({
      method: 'none',
      reason: 'disabled',
    });
  });

  it('lets a proposal without a client be answered, recording that no verification was possible', async () => {
    const { token, id } = await makeProposal({ clientId: null });
    expect((await t.app.inject({ url: `/api/v1/public/proposals/${token}` })).json().data.answerCode).toEqual(
      {
        required: false,
      },
    );
    expect((await requestCode(token)).statusCode).toBe(409);
    expect((await act(token, 'reject', { reason: null })).statusCode).toBe(200);
    expect((await stored(id))?.answerVerification).toEqual({ method: 'none', reason: 'no_client_email' });
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, id), eq(auditLogs.action, 'proposal.public_rejected')));
    expect(audit?.metadata).toMatchObject({
      answerVerification: { method: 'none', reason: 'no_client_email' },
    });
  });

  it('sends no code for a proposal that cannot be answered, nor to a member of its organization', async () => {
    const draft = await makeProposal({ status: 'draft' });
    expect((await requestCode(draft.token)).statusCode).toBe(409);
    const answered = await makeProposal({ status: 'accepted' });
    expect((await requestCode(answered.token)).statusCode).toBe(409);
    expect((await requestCode(newOpaqueToken())).statusCode).toBe(404);
    const open = await makeProposal();
    const member = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/proposals/${open.token}/code`,
      headers: await authHeaders(t.app, team.viewer),
    });
    expect(member.statusCode).toBe(403);
    expect(await codesOf(open.id)).toHaveLength(0);
  });
});
