import { MESSAGES } from '@aceite/shared/messages';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLogs, notifications, organizations, proposalApprovals, proposals } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createApiKey, createTeamOfRoles, createUser, type TestUser } from '@/test/factories.ts';

/** Approvals (docs/product.md#approvals), through the API with the real database. */

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
/** A manager of another team: never approves the sales team's proposals. */
let otherManager: TestUser;
let clientId: string;

// One line of 2 500,00 € + 23 % IVA: a total of 3 075,00 € (307 500 cents).
const TOTAL = 307_500;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
  otherManager = await createUser(t.db, { organizationId: team.org.id, role: 'manager' });
  // The salesperson is in the team the manager manages; the other manager manages an empty team.
  const [salesTeam] = (
    await t.db.execute<{ id: string }>(
      sql`insert into teams (organization_id, name, manager_id) values (${team.org.id}, 'Vendas', ${team.manager.id}) returning id`,
    )
  ).rows;
  await t.db.execute(
    sql`insert into teams (organization_id, name, manager_id) values (${team.org.id}, 'Outra', ${otherManager.id})`,
  );
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
  await policy({ approvalMinTotal: TOTAL });
});

const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'Website',
  clientId,
  content: { blocks: [], items: [{ name: 'Site', quantity: 1, unitPrice: 250_000 }] },
  ...overrides,
});

async function draft(by: TestUser = team.sales, overrides: Record<string, unknown> = {}) {
  const res = await as(t.app, by)('POST', '/proposals', body(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; totalValue: number };
}

const statusOf = async (id: string) =>
  (await t.db.select({ s: proposals.status }).from(proposals).where(eq(proposals.id, id)))[0]?.s;
/** One user's notifications of a type about one proposal. */
let current = '';
const notesOf = (userId: string, type: string) =>
  t.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.type, type as 'general'),
        eq(notifications.actionUrl, `/proposals/${current}`),
      ),
    );

describe('the policy blocks sending', () => {
  it("answers 409 'precisa de aprovação' at exactly the total, and sends one cent below", async () => {
    const p = await draft();
    expect(p.totalValue).toBe(TOTAL);
    const res = await as(t.app, team.sales)('POST', `/proposals/${p.id}/send`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Esta proposta precisa de aprovação antes de ser enviada.');
    expect(await statusOf(p.id)).toBe('draft');

    await policy({ approvalMinTotal: TOTAL + 1 });
    expect((await as(t.app, team.sales)('POST', `/proposals/${p.id}/send`)).statusCode).toBe(200);
  });

  it('applies at exactly the discount percentage and not just below', async () => {
    await policy({ approvalMinDiscountPercent: 10 });
    const at = await draft(team.sales, { discountType: 'percentage', discountValue: 10 });
    expect((await as(t.app, team.sales)('POST', `/proposals/${at.id}/send`)).statusCode).toBe(409);
    const below = await draft(team.sales, { discountType: 'percentage', discountValue: 9.99 });
    expect((await as(t.app, team.sales)('POST', `/proposals/${below.id}/send`)).statusCode).toBe(200);
    // A fixed discount counts as its share of the subtotal: 250,00 € of 2 500,00 € is 10 %.
    const fixed = await draft(team.sales, { discountType: 'fixed', discountValue: 25_000 });
    expect((await as(t.app, team.sales)('POST', `/proposals/${fixed.id}/send`)).statusCode).toBe(409);
  });

  it('refuses saving as sent from the form, and creating as sent', async () => {
    const created = await as(t.app, team.sales)('POST', '/proposals', body({ status: 'sent' }));
    expect(created.statusCode).toBe(409);
    const p = await draft();
    const saved = await as(t.app, team.sales)('PUT', `/proposals/${p.id}`, body({ status: 'sent' }));
    expect(saved.statusCode).toBe(409);
    expect(saved.json().error.message).toBe(MESSAGES.approvalRequired);
  });

  it('lets admins and managers send their own without approval unless the organization says otherwise', async () => {
    const own = await draft(team.manager);
    expect((await as(t.app, team.manager)('POST', `/proposals/${own.id}/send`)).statusCode).toBe(200);
    await policy({ approvalMinTotal: TOTAL, approvalSelfApproves: false });
    const again = await draft(team.admin);
    expect((await as(t.app, team.admin)('POST', `/proposals/${again.id}/send`)).statusCode).toBe(409);
    // Someone else's proposal is never "their own".
    await policy({ approvalMinTotal: TOTAL });
    const sales = await draft();
    expect((await as(t.app, team.admin)('POST', `/proposals/${sales.id}/send`)).statusCode).toBe(409);
  });

  it('is off by default', async () => {
    await policy({});
    const p = await draft(team.sales, { discountValue: 90 });
    expect((await as(t.app, team.sales)('POST', `/proposals/${p.id}/send`)).statusCode).toBe(200);
  });
});

describe('the policy blocks sharing the link', () => {
  it('shows nothing on the public page outside the organization until approved; members still preview', async () => {
    const p = (await as(t.app, team.sales)('POST', '/proposals', body())).json().data;
    const open = () => t.app.inject({ method: 'GET', url: `/api/v1/public/proposals/${p.publicToken}` });
    expect((await open()).statusCode).toBe(404);
    expect((await as(t.app, team.sales)('GET', `/public/proposals/${p.publicToken}`)).statusCode).toBe(200);
    await as(t.app, team.sales)('POST', `/proposals/${p.id}/approval-request`);
    expect((await open()).statusCode).toBe(404);
    await as(t.app, team.manager)('POST', `/proposals/${p.id}/approve`);
    expect((await open()).statusCode).toBe(200);
  });
});

describe('request, return, approve', () => {
  it('runs the whole cycle with history, audit and notifications, then the proposal can be sent', async () => {
    const p = await draft();
    current = p.id;
    const request = await as(t.app, team.sales)('POST', `/proposals/${p.id}/approval-request`, {
      note: 'Cliente grande',
    });
    expect(request.statusCode, request.body).toBe(200);
    expect(request.json().data).toMatchObject({
      status: 'in_review',
      canApprove: false,
      blocksSending: true,
    });
    // The team's manager and the admin are told; the manager of another team is not.
    expect(await notesOf(team.manager.id, 'approval_requested')).toHaveLength(1);
    expect((await notesOf(team.admin.id, 'approval_requested')).at(-1)?.message).toContain('Cliente grande');
    expect(await notesOf(otherManager.id, 'approval_requested')).toHaveLength(0);

    // The manager of another team and the owner cannot answer.
    const foreign = await as(t.app, otherManager)('POST', `/proposals/${p.id}/approve`);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.message).toBe(MESSAGES.approvalForbidden);
    expect((await as(t.app, team.sales)('POST', `/proposals/${p.id}/approve`)).statusCode).toBe(403);
    expect((await as(t.app, team.viewer)('POST', `/proposals/${p.id}/approve`)).statusCode).toBe(403);

    // The queue: the manager sees it, the other manager does not.
    const queue = await as(t.app, team.manager)('GET', '/proposals?awaitingMyApproval=true');
    expect(queue.json().data.map((r: { id: string }) => r.id)).toContain(p.id);
    const otherQueue = await as(t.app, otherManager)('GET', '/proposals?awaitingMyApproval=true');
    expect(otherQueue.json().data.map((r: { id: string }) => r.id)).not.toContain(p.id);
    expect((await as(t.app, team.sales)('GET', '/proposals?awaitingMyApproval=true')).json().data).toEqual(
      [],
    );

    // Returned: a comment is required, the status is draft, the comment shown on the proposal.
    const empty = await as(t.app, team.manager)('POST', `/proposals/${p.id}/return`, { comment: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details).toEqual([
      { field: 'comment', message: MESSAGES.approvalCommentRequired },
    ]);
    const returned = await as(t.app, team.manager)('POST', `/proposals/${p.id}/return`, {
      comment: 'Baixe o preço',
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(await statusOf(p.id)).toBe('draft');
    const seen = (await as(t.app, team.sales)('GET', `/proposals/${p.id}/approval`)).json().data;
    expect(seen.lastReturn).toMatchObject({ action: 'returned', note: 'Baixe o preço' });
    expect(seen.canRequest).toBe(true);
    expect((await notesOf(team.sales.id, 'proposal_returned')).at(-1)?.message).toContain('Baixe o preço');
    expect((await as(t.app, team.manager)('POST', `/proposals/${p.id}/approve`)).statusCode).toBe(409);

    // Asked again, approved by the manager: the owner is told and can send.
    await as(t.app, team.sales)('POST', `/proposals/${p.id}/approval-request`);
    const approved = await as(t.app, team.manager)('POST', `/proposals/${p.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: 'approved',
      blocksSending: false,
      lastReturn: null,
    });
    expect(await notesOf(team.sales.id, 'proposal_approved')).toHaveLength(1);
    const history = (await as(t.app, team.sales)('GET', `/proposals/${p.id}/approval`)).json().data.history;
    expect(history.map((e: { action: string }) => e.action)).toEqual([
      'approved',
      'requested',
      'returned',
      'requested',
    ]);
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, p.id));
    expect(audit.map((a) => a.action).sort()).toEqual([
      'proposal.approval_requested',
      'proposal.approval_requested',
      'proposal.approval_return',
      'proposal.approve',
    ]);
    const sent = await as(t.app, team.sales)('POST', `/proposals/${p.id}/send`);
    expect(sent.statusCode, sent.body).toBe(200);
  });

  it('lets an admin approve any proposal; an API key never approves', async () => {
    const p = await draft();
    await as(t.app, team.sales)('POST', `/proposals/${p.id}/approval-request`);
    const key = await createApiKey(t.app, team.admin, 'write');
    const byKey = await t.app.inject({
      method: 'POST',
      url: `/api/v1/proposals/${p.id}/approve`,
      headers: key.headers,
    });
    expect(byKey.statusCode).toBe(403);
    expect((await as(t.app, team.admin)('POST', `/proposals/${p.id}/approve`)).statusCode).toBe(200);
  });

  it('refuses a request when the policy does not apply or the proposal is not a draft', async () => {
    await policy({ approvalMinTotal: TOTAL + 1 });
    const p = await draft();
    const res = await as(t.app, team.sales)('POST', `/proposals/${p.id}/approval-request`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(MESSAGES.approvalNotNeeded);
    await policy({ approvalMinTotal: TOTAL });
    await as(t.app, team.sales)('POST', `/proposals/${p.id}/approval-request`);
    const twice = await as(t.app, team.sales)('POST', `/proposals/${p.id}/approval-request`);
    expect(twice.json().error.message).toBe(MESSAGES.approvalRequestNotAllowed);
    const long = await as(t.app, team.sales)('POST', `/proposals/${(await draft()).id}/approval-request`, {
      note: 'x'.repeat(2001),
    });
    expect(long.statusCode).toBe(400);
  });
});

describe('a price change after approval', () => {
  async function approved() {
    const p = await draft();
    await as(t.app, team.sales)('POST', `/proposals/${p.id}/approval-request`);
    expect((await as(t.app, team.manager)('POST', `/proposals/${p.id}/approve`)).statusCode).toBe(200);
    return p;
  }

  it('returns it to draft when the policy applies again, recorded in the history', async () => {
    const p = await approved();
    const res = await as(t.app, team.sales)(
      'PUT',
      `/proposals/${p.id}`,
      body({
        status: 'approved',
        content: { blocks: [], items: [{ name: 'Site', quantity: 2, unitPrice: 250_000 }] },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('draft');
    const rows = await t.db.select().from(proposalApprovals).where(eq(proposalApprovals.proposalId, p.id));
    expect(rows.map((r) => r.action)).toContain('reset');
    expect((await as(t.app, team.sales)('POST', `/proposals/${p.id}/send`)).statusCode).toBe(409);
  });

  it('keeps the approval for a change of wording, or a discount the policy does not reach', async () => {
    await policy({ approvalMinTotal: TOTAL, approvalMinDiscountPercent: 50 });
    const p = await approved();
    const title = await as(t.app, team.sales)(
      'PUT',
      `/proposals/${p.id}`,
      body({ status: 'approved', title: 'Novo' }),
    );
    expect(title.json().data.status).toBe('approved');
    // A bigger discount that brings the total below the threshold: the policy no longer applies.
    const cheaper = await as(t.app, team.sales)(
      'PUT',
      `/proposals/${p.id}`,
      body({ status: 'approved', discountType: 'percentage', discountValue: 20 }),
    );
    expect(cheaper.json().data.status).toBe('approved');
    expect((await as(t.app, team.sales)('POST', `/proposals/${p.id}/send`)).statusCode).toBe(200);
  });

  it("refuses 'approved' chosen in the form by a manager of another team", async () => {
    const p = await draft();
    const res = await as(t.app, otherManager)('PUT', `/proposals/${p.id}`, body({ status: 'approved' }));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(MESSAGES.approvalForbidden);
    expect(
      (await as(t.app, team.manager)('PUT', `/proposals/${p.id}`, body({ status: 'approved' }))).statusCode,
    ).toBe(200);
  });
});
