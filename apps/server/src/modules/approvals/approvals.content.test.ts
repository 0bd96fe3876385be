import { approvedContentSha256 } from '@aceite/shared/content-hash';
import { MESSAGES } from '@aceite/shared/messages';
import { formatMoney } from '@aceite/shared/money';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLogs, organizations, proposalApprovals, proposals } from '@/db/schema/index.ts';
import { answerAsClient } from '@/test/answer-code.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles, type TestUser } from '@/test/factories.ts';

/**
 * Approval is a property of the content (issue 34, docs/product.md#approvals): H1 a change after sending
 * re-opens it and the client waits; M1 the rule reads the largest total the client can choose; M3 whoever asked
 * or owned the proposal since cannot approve it when "approve own" is off.
 */

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let clientId: string;

const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

// The rule of the issue: 1 000,00 € (IVA included).
const LIMIT = 100_000;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
  const [salesTeam] = (
    await t.db.execute<{ id: string }>(
      sql`insert into teams (organization_id, name, manager_id) values (${team.org.id}, 'Vendas', ${team.manager.id}) returning id`,
    )
  ).rows;
  await t.db.execute(sql`update users set team_id = ${salesTeam?.id} where id = ${team.sales.id}`);
  clientId = (
    await as(t.app, team.sales)('POST', '/clients', { name: 'Joana Lima', email: 'joana@lima.pt' })
  ).json().data.id;
});
afterAll(async () => {
  await t.close();
});

async function policy(settings: Record<string, unknown>) {
  await t.db.update(organizations).set({ settings }).where(eq(organizations.id, team.org.id));
}
beforeEach(async () => {
  await policy({ approvalMinTotal: LIMIT });
});

type Item = Record<string, unknown>;
/** 10,00 € + 23 % IVA = 12,30 €. */
const SMALL: Item = { name: 'Consultoria', quantity: 1, unitPrice: 1_000 };
/** 5 000 000,00 € + 23 % IVA = 6 150 000,00 €. */
const HUGE: Item = { name: 'Consultoria', quantity: 1, unitPrice: 500_000_000 };

const body = (items: Item[], overrides: Record<string, unknown> = {}) => ({
  title: 'Consultoria',
  clientId,
  taxRate: 23,
  content: { blocks: [], items },
  ...overrides,
});

async function create(items: Item[], by: TestUser = team.sales) {
  const res = await as(t.app, by)('POST', '/proposals', body(items));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; publicToken: string; totalValue: number };
}

const row = async (id: string) => (await t.db.select().from(proposals).where(eq(proposals.id, id)))[0];
const actions = async (id: string) =>
  (await as(t.app, team.admin)('GET', `/proposals/${id}/approval`))
    .json()
    .data.history.map((e: { action: string }) => e.action);
const publicPage = (token: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/public/proposals/${token}` });

describe('H1: a change after sending re-opens approval', () => {
  it('refuses the client on 6 150 000 € edited into a sent 12,30 € proposal until a manager approves it', async () => {
    const p = await create([SMALL]);
    expect(p.totalValue).toBe(1_230);
    expect((await as(t.app, team.sales)('POST', `/proposals/${p.id}/send`)).statusCode).toBe(200);

    const edit = await as(t.app, team.sales)('PUT', `/proposals/${p.id}`, body([HUGE], { status: 'sent' }));
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toMatchObject({ status: 'sent', totalValue: 615_000_000 });

    // The client cannot decide, in any way, and nothing is stored.
    const payloads: Record<string, Record<string, unknown>> = {
      accept: {},
      sign: { signerName: 'Joana Lima', signerEmail: 'joana@lima.pt', signatureData: PNG_1X1 },
      reject: { reasonCode: 'price' },
    };
    for (const [action, payload] of Object.entries(payloads)) {
      const res = await answerAsClient(t, p.publicToken, action, payload);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'CONFLICT', message: MESSAGES.proposalInReview });
    }
    expect(await row(p.id)).toMatchObject({ status: 'sent', acceptedAt: null, rejectedAt: null });
    // Nor is a code emailed for an answer it cannot give yet.
    const code = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/proposals/${p.publicToken}/code`,
    });
    expect(code.statusCode).toBe(409);
    expect(code.json().error.message).toBe(MESSAGES.proposalInReview);
    // The page says so instead of offering the answers.
    expect((await publicPage(p.publicToken)).json().data).toMatchObject({
      inReview: true,
      isActionable: false,
    });
    // Sending it again would only show the client a proposal in review.
    expect((await as(t.app, team.sales)('POST', `/proposals/${p.id}/send`)).statusCode).toBe(409);

    // The approval is pending, in the manager's queue, and the history says why.
    const approval = (await as(t.app, team.manager)('GET', `/proposals/${p.id}/approval`)).json().data;
    // Opened by the client meanwhile: still with the client, waiting for approval.
    expect(approval).toMatchObject({ status: 'viewed', reopened: true, canApprove: true });
    expect(approval.history[0]).toMatchObject({ action: 'reopened' });
    expect(approval.history[0].note).toContain(`de ${formatMoney(1_230)} para ${formatMoney(615_000_000)}`);
    const queue = (await as(t.app, team.manager)('GET', '/proposals?awaitingMyApproval=true')).json().data;
    expect(queue.map((r: { id: string }) => r.id)).toContain(p.id);
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, p.id));
    expect(audit.map((a) => a.action)).toContain('proposal.approval_reopened');
    // The salesperson who made the change does not approve it.
    expect((await as(t.app, team.sales)('POST', `/proposals/${p.id}/approve`)).statusCode).toBe(403);

    const approve = await as(t.app, team.manager)('POST', `/proposals/${p.id}/approve`);
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json().data).toMatchObject({ status: 'viewed', reopened: false, canApprove: false });
    // The approval records the hash of the content it approved.
    const stored = await row(p.id);
    const sha = await approvedContentSha256({ ...stored, items: stored?.content.items ?? [] } as never);
    expect(stored?.approvedContentSha256).toBe(sha);
    expect((await actions(p.id))[0]).toBe('approved');
    const [approvedEvent] = await t.db
      .select()
      .from(proposalApprovals)
      .where(eq(proposalApprovals.proposalId, p.id))
      .orderBy(sql`created_at desc`)
      .limit(1);
    expect(approvedEvent?.contentSha256).toBe(sha);

    expect((await publicPage(p.publicToken)).json().data).toMatchObject({
      inReview: false,
      isActionable: true,
    });
    const accepted = await answerAsClient(t, p.publicToken, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await row(p.id))?.status).toBe('accepted');
  });

  it('keeps the client free to decide after a change of wording, or a change the rule does not reach', async () => {
    const p = await create([SMALL]);
    await as(t.app, team.sales)('POST', `/proposals/${p.id}/send`);
    const wording = await as(t.app, team.sales)(
      'PUT',
      `/proposals/${p.id}`,
      body([{ ...SMALL, name: 'Consultoria estratégica' }], { status: 'sent', title: 'Outro título' }),
    );
    expect(wording.statusCode).toBe(200);
    const cheap = await as(t.app, team.sales)(
      'PUT',
      `/proposals/${p.id}`,
      body([{ ...SMALL, quantity: 2 }], { status: 'sent' }),
    );
    expect(cheap.statusCode).toBe(200);
    expect((await row(p.id))?.approvalReopenedAt).toBeNull();
    expect(await actions(p.id)).toEqual([]);
    expect((await answerAsClient(t, p.publicToken, 'accept')).statusCode).toBe(200);
  });

  it('lets the client decide again when the approved content is put back', async () => {
    const p = await create([HUGE]);
    await as(t.app, team.sales)('POST', `/proposals/${p.id}/approval-request`);
    await as(t.app, team.manager)('POST', `/proposals/${p.id}/approve`);
    expect((await as(t.app, team.sales)('POST', `/proposals/${p.id}/send`)).statusCode).toBe(200);
    const more = [{ ...HUGE, quantity: 2 }];
    await as(t.app, team.sales)('PUT', `/proposals/${p.id}`, body(more, { status: 'sent' }));
    expect((await row(p.id))?.approvalReopenedAt).not.toBeNull();
    await as(t.app, team.sales)('PUT', `/proposals/${p.id}`, body([HUGE], { status: 'sent' }));
    expect((await row(p.id))?.approvalReopenedAt).toBeNull();
    expect((await answerAsClient(t, p.publicToken, 'accept')).statusCode).toBe(200);
  });

  it('keeps a returned change in review until it is changed and approved', async () => {
    const p = await create([SMALL]);
    await as(t.app, team.sales)('POST', `/proposals/${p.id}/send`);
    await as(t.app, team.sales)('PUT', `/proposals/${p.id}`, body([HUGE], { status: 'sent' }));
    const returned = await as(t.app, team.manager)('POST', `/proposals/${p.id}/return`, {
      comment: 'Valor errado',
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().data).toMatchObject({ status: 'sent', reopened: true });
    expect(returned.json().data.lastReturn).toMatchObject({ note: 'Valor errado' });
    expect((await answerAsClient(t, p.publicToken, 'accept')).statusCode).toBe(409);
  });
});

describe('M1: the rule reads the largest total the client can choose', () => {
  const OPTIONAL: Item = { name: 'Extra', quantity: 1, unitPrice: 100_000_000, optional: 'unselected' };

  it('needs approval for a 12,30 € proposal whose client may add up to 1 230 012,30 €, and shows the range', async () => {
    const p = await create([SMALL, OPTIONAL]);
    expect(p.totalValue).toBe(1_230);
    const send = await as(t.app, team.sales)('POST', `/proposals/${p.id}/send`);
    expect(send.statusCode).toBe(409);
    expect(send.json().error.message).toBe(MESSAGES.approvalRequired);
    const approval = (await as(t.app, team.sales)('GET', `/proposals/${p.id}/approval`)).json().data;
    expect(approval).toMatchObject({ required: true, totalRange: { min: 1_230, max: 123_001_230 } });
  });

  it('counts a quantity range at its maximum', async () => {
    const p = await create([{ ...SMALL, minQuantity: 1, maxQuantity: 100 }]);
    expect((await as(t.app, team.sales)('POST', `/proposals/${p.id}/send`)).statusCode).toBe(409);
    const approval = (await as(t.app, team.sales)('GET', `/proposals/${p.id}/approval`)).json().data;
    expect(approval.totalRange).toEqual({ min: 1_230, max: 123_000 });
  });

  it('undoes an approval when a range is added before sending, and re-opens it after sending', async () => {
    const p = await create([HUGE]);
    await as(t.app, team.sales)('POST', `/proposals/${p.id}/approval-request`);
    await as(t.app, team.manager)('POST', `/proposals/${p.id}/approve`);
    const ranged = [{ ...HUGE, maxQuantity: 3 }];
    const before = await as(t.app, team.sales)(
      'PUT',
      `/proposals/${p.id}`,
      body(ranged, { status: 'approved' }),
    );
    expect(before.json().data.status).toBe('draft');

    const q = await create([SMALL]);
    await as(t.app, team.sales)('POST', `/proposals/${q.id}/send`);
    const withRange = [{ ...SMALL, maxQuantity: 100 }];
    await as(t.app, team.sales)('PUT', `/proposals/${q.id}`, body(withRange, { status: 'sent' }));
    expect((await row(q.id))?.approvalReopenedAt).not.toBeNull();
    expect((await answerAsClient(t, q.publicToken, 'accept')).statusCode).toBe(409);
  });
});

describe('M3: separation of duties', () => {
  it('refuses the manager who asked and handed the proposal over, and records the hand-over', async () => {
    await policy({ approvalMinTotal: LIMIT, approvalSelfApproves: false });
    const p = await create([HUGE], team.manager);
    const asked = await as(t.app, team.manager)('POST', `/proposals/${p.id}/approval-request`);
    expect(asked.statusCode, asked.body).toBe(200);
    const handed = await as(t.app, team.manager)(
      'PUT',
      `/proposals/${p.id}`,
      body([HUGE], { status: 'in_review', ownerId: team.sales.id }),
    );
    expect(handed.statusCode, handed.body).toBe(200);

    const approve = await as(t.app, team.manager)('POST', `/proposals/${p.id}/approve`);
    expect(approve.statusCode).toBe(403);
    expect(approve.json().error).toMatchObject({
      code: 'FORBIDDEN',
      message: MESSAGES.approvalSeparationOfDuties,
    });
    // Choosing 'Aprovada' in the form is the same approval, refused the same way.
    const viaForm = await as(t.app, team.manager)(
      'PUT',
      `/proposals/${p.id}`,
      body([HUGE], { status: 'approved', ownerId: team.sales.id }),
    );
    expect(viaForm.statusCode).toBe(403);
    const approval = (await as(t.app, team.manager)('GET', `/proposals/${p.id}/approval`)).json().data;
    expect(approval.canApprove).toBe(false);
    expect(approval.history.map((e: { action: string }) => e.action)).toEqual(['handed_over', 'requested']);
    expect(approval.history[0].note).toMatch(/^De .+ para .+\.$/);
    expect((await row(p.id))?.status).toBe('in_review');
    // Nor is it in the manager's 'Para aprovar'; the admin's it is.
    const queueOf = async (u: TestUser) =>
      (await as(t.app, u)('GET', '/proposals?awaitingMyApproval=true'))
        .json()
        .data.map((r: { id: string }) => r.id);
    expect(await queueOf(team.manager)).not.toContain(p.id);
    expect(await queueOf(team.admin)).toContain(p.id);

    expect((await as(t.app, team.admin)('POST', `/proposals/${p.id}/approve`)).statusCode).toBe(200);
  });

  it('refuses a past owner who hands the proposal over after someone else asked', async () => {
    await policy({ approvalMinTotal: LIMIT, approvalSelfApproves: false });
    const p = await create([HUGE], team.admin);
    await as(t.app, team.admin)('POST', `/proposals/${p.id}/approval-request`);
    await as(t.app, team.admin)(
      'PUT',
      `/proposals/${p.id}`,
      body([HUGE], { status: 'in_review', ownerId: team.sales.id }),
    );
    const res = await as(t.app, team.admin)('POST', `/proposals/${p.id}/approve`);
    expect(res.statusCode).toBe(403);
    expect((await as(t.app, team.manager)('POST', `/proposals/${p.id}/approve`)).statusCode).toBe(200);
  });

  it('lets the requester approve when the organization lets people approve their own', async () => {
    const p = await create([HUGE], team.sales);
    await as(t.app, team.sales)('POST', `/proposals/${p.id}/approval-request`);
    await as(t.app, team.admin)(
      'PUT',
      `/proposals/${p.id}`,
      body([HUGE], { status: 'in_review', ownerId: team.manager.id }),
    );
    expect(await actions(p.id)).toEqual(['handed_over', 'requested']);
    // Default setting: the manager now owns it and approves their own.
    expect((await as(t.app, team.manager)('POST', `/proposals/${p.id}/approve`)).statusCode).toBe(200);
  });
});
