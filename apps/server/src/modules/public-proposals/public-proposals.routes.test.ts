import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@aceite/shared/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, emailOutbox, notifications, proposals } from '@/db/schema/index.ts';
import { newOpaqueToken } from '@/lib/tokens.ts';
import { answerAsClient, answerCodeFor, NOTHING_SHOWN } from '@/test/answer-code.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, authHeaders, createTeamOfRoles, insertSentProposal } from '@/test/factories.ts';

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
      name: 'Joana Lima',
      company: 'Lima Lda',
      email: 'joana@lima.pt',
    })
  ).json().data.id;
});
afterAll(async () => {
  await t.close();
});

function makeProposal(values: Partial<typeof proposals.$inferInsert> = {}) {
  return insertSentProposal(
    t.db,
    { organizationId: team.org.id, ownerId: team.sales.id, clientId },
    {
      content: {
        blocks: [{ title: 'Âmbito', content: 'Site' }],
        items: [{ name: 'Site', description: '', quantity: 1, unitPrice: 250000 }],
      },
      ...values,
    },
  );
}

const get = (token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: `/api/v1/public/proposals/${token}`, headers });
// As the client answers: with the one-time code emailed to them when the proposal asks for one (the default,
// issue 20; the code itself is tested in public-proposals.answer-code.test.ts).
const act = (token: string, action: string, payload?: Record<string, unknown> | null) =>
  answerAsClient(t, token, action, payload);
const stored = async (id: string) => (await t.db.select().from(proposals).where(eq(proposals.id, id)))[0];
const notificationsOf = (proposalId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(eq(notifications.actionUrl, `/proposals/${proposalId}`));

describe('GET /public/proposals/:token', () => {
  it('shows what the page needs and no internal ids', async () => {
    const { token } = await makeProposal();
    const res = await get(token);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      title: 'Website institucional',
      totalValue: 307500,
      client: { name: 'Joana Lima', company: 'Lima Lda' },
      owner: { email: team.sales.email },
      organization: { primaryColor: '#007bff' },
      isActionable: true,
    });
    const text = JSON.stringify(data);
    for (const secret of [team.org.id, team.sales.id, clientId]) expect(text).not.toContain(secret);
    expect(data).not.toHaveProperty('id');
  });

  it('counts views, marks a sent proposal viewed once and notifies the owner once', async () => {
    const { token, id } = await makeProposal();
    expect((await get(token)).json().data).toMatchObject({ status: 'viewed', viewCount: 1 });
    expect((await get(token)).json().data).toMatchObject({ status: 'viewed', viewCount: 2 });
    const sent = await notificationsOf(id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      userId: team.sales.id,
      type: 'proposal_viewed',
      organizationId: team.org.id,
    });
  });

  it('does not count views by signed-in members of the owning organization', async () => {
    const { token, id } = await makeProposal();
    const res = await get(token, await authHeaders(t.app, team.manager));
    expect(res.json().data).toMatchObject({ status: 'sent', viewCount: 0 });
    expect((await stored(id))?.viewCount).toBe(0);
    const outsider = await createTeamOfRoles(t.db);
    expect((await get(token, await authHeaders(t.app, outsider.admin))).json().data.viewCount).toBe(1);
  });

  it("does not count a member's view when the stored access token has expired (the page does not refresh it)", async () => {
    const { token, id } = await makeProposal();
    const claims = {
      userId: team.sales.id,
      organizationId: team.org.id,
      role: 'sales' as const,
      sessionId: randomUUID(),
    };
    const expired = await t.app.accessTokens.sign(claims, -3600);
    const res = await get(token, { authorization: `Bearer ${expired}` });
    expect(res.json().data).toMatchObject({ status: 'sent', viewCount: 0 });
    // A token signed with another key proves nothing: counted as a client's view.
    const { AccessTokens } = await import('@/lib/jwt.ts');
    const forged = await new AccessTokens('another-secret-of-32-characters!!').sign(claims);
    expect((await get(token, { authorization: `Bearer ${forged}` })).json().data.viewCount).toBe(1);
    expect((await stored(id))?.status).toBe('viewed');
  });

  it('does not count the re-read after an answer (refresh=1) as another view', async () => {
    const { token, id } = await makeProposal();
    expect((await get(token)).json().data.viewCount).toBe(1);
    expect((await get(`${token}?refresh=1`)).json().data.viewCount).toBe(1);
    expect((await stored(id))?.viewCount).toBe(1);
    expect((await get(`${token}?refresh=yes`)).statusCode).toBe(400);
  });

  it('answers 404 for an unknown token and for a cancelled proposal', async () => {
    expect((await get(newOpaqueToken())).statusCode).toBe(404);
    const { token } = await makeProposal({ status: 'cancelled' });
    const res = await get(token);
    expect(res.statusCode).toBe(404);
    // The page tells a withdrawn link from a mistyped one (docs/product.md#cancelling-a-proposal).
    expect(res.json().error.message).toBe(MESSAGES.proposalUnavailable);
    expect((await get('curto')).statusCode).toBe(400);
  });

  it('expires an overdue sent proposal and offers no actions', async () => {
    const { token, id } = await makeProposal({ validUntil: '2020-01-01' });
    expect((await get(token)).json().data).toMatchObject({ status: 'expired', isActionable: false });
    expect((await stored(id))?.status).toBe('expired');
  });
});

describe('public actions', () => {
  it('accepts once, records the audit and notifies the owner; a second answer gets 409', async () => {
    const { token, id } = await makeProposal();
    const res = await act(token, 'accept');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('accepted');
    const row = await stored(id);
    expect(row?.status).toBe('accepted');
    expect(row?.acceptedAt).toBeInstanceOf(Date);
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, id), eq(auditLogs.action, 'proposal.public_accepted')));
    expect(audit?.metadata).toMatchObject({ contentSha256: expect.stringMatching(/^[a-f0-9]{64}$/) });
    expect(audit?.ip).toBeTruthy();
    expect((await notificationsOf(id)).map((n) => n.type)).toContain('proposal_accepted');

    const again = await act(token, 'reject', { reason: 'Mudei de ideias' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(MESSAGES.alreadyAnswered);
    expect((await stored(id))?.status).toBe('accepted');
  });

  it("brings the client's reason to the team: the detail, the owner's notification and email", async () => {
    const { token, id } = await makeProposal({ title: 'Loja online' });
    expect((await act(token, 'reject', { reason: 'Orçamento acima do previsto' })).statusCode).toBe(200);

    const detail = await as(t.app, team.sales)('GET', `/proposals/${id}`);
    expect(detail.json().data).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Orçamento acima do previsto',
    });

    const [notice] = (await notificationsOf(id)).filter((n) => n.type === 'proposal_rejected');
    expect(notice?.message).toContain('Orçamento acima do previsto');

    const mail = (
      await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, team.sales.email))
    ).find((m) => m.subject.includes('Loja online'));
    expect(mail).toBeDefined();
    expect(mail?.subject).toContain('rejeitada');
    expect(mail?.text).toContain('Orçamento acima do previsto');
    expect(mail?.html).toContain('Orçamento acima do previsto');
    expect(mail?.text).toContain(`/proposals/${id}`);
  });

  it('says no reason was given when the client left none, and escapes the reason in the email', async () => {
    const a = await makeProposal({ title: 'Sem motivo' });
    await act(a.token, 'reject', { reason: null });
    const [notice] = (await notificationsOf(a.id)).filter((n) => n.type === 'proposal_rejected');
    expect(notice?.message).toContain('Sem motivo indicado');

    const b = await makeProposal({ title: 'Com HTML' });
    await act(b.token, 'reject', { reason: '<b>caro</b>' });
    const mail = (
      await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, team.sales.email))
    ).find((m) => m.subject.includes('Com HTML'));
    expect(mail?.html).toContain('&lt;b&gt;caro&lt;/b&gt;');
    expect(mail?.html).not.toContain('<b>caro</b>');
  });

  it('rejects with a reason, or with none (null)', async () => {
    const a = await makeProposal();
    expect((await act(a.token, 'reject', { reason: '  Preço elevado ' })).statusCode).toBe(200);
    expect(await stored(a.id)).toMatchObject({ status: 'rejected', rejectionReason: 'Preço elevado' });
    const b = await makeProposal();
    expect((await act(b.token, 'reject', { reason: null })).statusCode).toBe(200);
    expect(await stored(b.id)).toMatchObject({ status: 'rejected', rejectionReason: null });
    const c = await makeProposal();
    expect((await act(c.token, 'reject', { reason: '' })).statusCode).toBe(200);
    expect((await stored(c.id))?.rejectionReason).toBeNull();
    expect((await notificationsOf(c.id)).map((n) => n.type)).toContain('proposal_rejected');
  });

  it('shows the team who signed, with email, date and the signature image (GET /proposals/:id)', async () => {
    const { token, id } = await makeProposal();
    expect(
      (
        await act(token, 'sign', {
          signerName: 'Joana Lima',
          signerEmail: 'joana@lima.pt',
          signatureData: PNG_1X1,
        })
      ).statusCode,
    ).toBe(200);
    const detail = (await as(t.app, team.sales)('GET', `/proposals/${id}`)).json().data;
    expect(detail).toMatchObject({
      status: 'accepted',
      signedByName: 'Joana Lima',
      signedByEmail: 'joana@lima.pt',
      signatureData: PNG_1X1,
    });
    expect(detail.signedAt).toEqual(detail.acceptedAt);
    // The list carries it too, so its cards read 'Assinada' rather than 'Aceite'.
    const list = (await as(t.app, team.sales)('GET', '/proposals?limit=100')).json().data as {
      id: string;
      signedAt: string | null;
    }[];
    expect(list.find((p) => p.id === id)?.signedAt).toEqual(detail.signedAt);
  });

  it('signs with a PNG: stores the signature and accepts the proposal', async () => {
    const { token, id } = await makeProposal();
    const res = await act(token, 'sign', {
      signerName: 'Joana Lima',
      signerEmail: 'Joana@Lima.pt',
      signatureData: PNG_1X1,
    });
    expect(res.statusCode).toBe(200);
    const row = await stored(id);
    expect(row).toMatchObject({
      status: 'accepted',
      signedByName: 'Joana Lima',
      signedByEmail: 'joana@lima.pt',
      signatureData: PNG_1X1,
    });
    expect(row?.acceptedAt?.getTime()).toBe(row?.signedAt?.getTime());
    const page = (await get(token)).json().data;
    expect(page).toMatchObject({ isActionable: false, signedByName: 'Joana Lima', signatureData: PNG_1X1 });
    expect(
      (await act(token, 'sign', { signerName: 'X', signerEmail: 'x@x.pt', signatureData: PNG_1X1 }))
        .statusCode,
    ).toBe(409);
  });

  it('refuses a signature that is not a PNG, too large, or without name and email', async () => {
    const { token, id } = await makeProposal();
    const jpeg = await act(token, 'sign', {
      signerName: 'J',
      signerEmail: 'j@l.pt',
      signatureData: `data:image/png;base64,${Buffer.from('\xff\xd8\xff\xe0 not a png at all, just some bytes to pass the length').toString('base64')}`,
    });
    expect(jpeg.statusCode).toBe(400);
    expect(jpeg.json().error.message).toBe(MESSAGES.signatureInvalid);
    const wrongType = await act(token, 'sign', {
      signerName: 'J',
      signerEmail: 'j@l.pt',
      signatureData: 'data:image/svg+xml;base64,PHN2Zz4=',
    });
    expect(wrongType.statusCode).toBe(400);
    const png = Buffer.from(PNG_1X1.split(',')[1] ?? '', 'base64');
    const huge = Buffer.concat([png, Buffer.alloc(1024 * 1024)]).toString('base64');
    const big = await act(token, 'sign', {
      signerName: 'J',
      signerEmail: 'j@l.pt',
      signatureData: `data:image/png;base64,${huge}`,
    });
    expect(big.statusCode).toBe(413);
    const noName = await act(token, 'sign', { signerName: '', signerEmail: '', signatureData: PNG_1X1 });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.message).toBe(MESSAGES.signNameEmailRequired);
    expect((await stored(id))?.status).toBe('sent');
  });

  it('refuses actions after validUntil with 409, and on unknown tokens with 404', async () => {
    const { token, id } = await makeProposal({ validUntil: '2020-01-01' });
    const res = await act(token, 'accept');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(MESSAGES.proposalExpired);
    expect((await stored(id))?.acceptedAt).toBeNull();
    expect((await act(newOpaqueToken(), 'accept')).statusCode).toBe(404);
  });

  it('lets exactly one of concurrent accept, reject and sign win, every time', async () => {
    for (let round = 0; round < 15; round++) {
      const { token, id } = await makeProposal();
      // The client asked for one code; four answers race with it.
      await answerCodeFor(t, token);
      const results = await Promise.all([
        act(token, 'accept'),
        act(token, 'reject', { reason: null }),
        act(token, 'sign', { signerName: 'A', signerEmail: 'a@a.pt', signatureData: PNG_1X1 }),
        act(token, 'sign', { signerName: 'B', signerEmail: 'b@b.pt', signatureData: PNG_1X1 }),
      ]);
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(3);
      const row = await stored(id);
      const winner = codes.indexOf(200);
      if (winner === 1) expect(row).toMatchObject({ status: 'rejected', acceptedAt: null, signedAt: null });
      else expect(row).toMatchObject({ status: 'accepted', rejectedAt: null });
      if (winner >= 2) expect(row?.signedByName).toBe(winner === 2 ? 'A' : 'B');
      const audits = await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, id));
      expect(audits.filter((a) => a.action !== 'proposal.public_code_sent')).toHaveLength(1);
    }
  });
});

describe('public rate limits', () => {
  it('limits page views and the public attachment list and downloads per IP (6× the action limit)', async () => {
    const limited = await buildTestApp({ publicRateLimitMax: 1 });
    try {
      for (const path of ['', '/attachments', `/attachments/${randomUUID()}/download`]) {
        const statuses = [];
        for (let i = 0; i < 7; i++) {
          const res = await limited.app.inject({ url: `/api/v1/public/proposals/${randomUUID()}x${path}` });
          statuses.push(res.statusCode);
        }
        expect(statuses).toEqual([404, 404, 404, 404, 404, 404, 429]);
      }
    } finally {
      await limited.close();
    }
  });

  it('limits actions per IP', async () => {
    const limited = await buildTestApp({ publicRateLimitMax: 2 });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: `/api/v1/public/proposals/${randomUUID()}x/accept`,
          payload: NOTHING_SHOWN,
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});
