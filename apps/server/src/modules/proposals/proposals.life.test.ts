import { MESSAGES } from '@aceite/shared/messages';
import { formatMoney } from '@aceite/shared/money';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, organizations, proposals, templates, users } from '@/db/schema/index.ts';
import { answerAsClient } from '@/test/answer-code.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles, createUser, insertSentProposal } from '@/test/factories.ts';

// Issue 37, the proposal's life: cancelled proposals reach no one, a copy follows the current IVA region and may
// go to another client, pseudonymising cancels what is still open, the approval names its rule and approvers.
let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let clientId: string;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
  clientId = (
    await as(t.app, team.sales)('POST', '/clients', { name: 'Rui Costa', email: 'rui@costa.pt' })
  ).json().data.id;
});
afterAll(async () => {
  await t.close();
});

async function region(vatRegion: string | undefined) {
  const [org] = await t.db.select().from(organizations).where(eq(organizations.id, team.org.id));
  await t.db
    .update(organizations)
    .set({ settings: { ...org?.settings, vatRegion } as never })
    .where(eq(organizations.id, team.org.id));
}

async function create(overrides: Record<string, unknown> = {}) {
  const res = await as(t.app, team.sales)('POST', '/proposals', {
    title: 'Website',
    clientId,
    validUntil: '2099-06-30',
    content: { blocks: [], items: [{ name: 'Site', quantity: 1, unitPrice: 100_000 }] },
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; publicToken: string };
}

describe('a cancelled proposal offers nothing that reaches the client', () => {
  it('answers 409 to send and edit, with the way out', async () => {
    const p = await create();
    const cancel = await as(t.app, team.sales)('POST', `/proposals/${p.id}/cancel`, {
      reason: 'O cliente desistiu',
      notifyClient: false,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const send = await as(t.app, team.sales)('POST', `/proposals/${p.id}/send`);
    expect(send.statusCode).toBe(409);
    expect(send.json().error).toMatchObject({ code: 'CONFLICT', message: MESSAGES.proposalCancelledNoSend });

    const edit = await as(t.app, team.sales)('PUT', `/proposals/${p.id}`, {
      title: 'Website revisto',
      clientId,
      content: { blocks: [], items: [] },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toBe(MESSAGES.proposalCancelledNoEdit);

    const recipient = await as(t.app, team.sales)('POST', `/proposals/${p.id}/recipient`, {
      name: 'Outro',
      email: 'outro@costa.pt',
    });
    expect(recipient.statusCode).toBe(409);
    const [row] = await t.db.select().from(proposals).where(eq(proposals.id, p.id));
    expect(row).toMatchObject({ status: 'cancelled', title: 'Website', sentAt: null });

    // Duplicating stays the way to a new one.
    expect((await as(t.app, team.sales)('POST', `/proposals/${p.id}/duplicate`)).statusCode).toBe(201);
  });
});

describe('duplicating reads the rates of the current region', () => {
  it('maps the normal, intermediate and reduced rates, keeps exemptions, and names the lines that changed', async () => {
    await region(undefined);
    const p = await create({
      taxRate: 23,
      content: {
        blocks: [],
        items: [
          { name: 'Site', quantity: 1, unitPrice: 100_000 },
          { name: 'Livros', quantity: 1, unitPrice: 10_000, tax: 6 },
          { name: 'Formação', quantity: 1, unitPrice: 10_000, tax: 0, exemption: 'M07' },
        ],
      },
    });
    await region('madeira');
    try {
      const res = await as(t.app, team.sales)('POST', `/proposals/${p.id}/duplicate`);
      expect(res.statusCode, res.body).toBe(201);
      const copy = res.json().data;
      expect(copy.taxRate).toBe(22);
      expect(copy.content.items.map((i: { tax: number | null }) => i.tax)).toEqual([null, 5, 0]);
      expect(copy.content.items[2].exemption).toBe('M07');
      expect(copy.vatRateChanges).toEqual([
        { line: 0, from: 23, to: 22 },
        { line: 1, from: 6, to: 5 },
      ]);
      expect(copy.vatNotice).toBe(
        'As taxas de IVA foram atualizadas para a região atual (Madeira): 23\u00a0% → 22\u00a0%, 6\u00a0% → 5\u00a0%.',
      );
      // Totals computed again: 1 000,00 × 1,22 + 100,00 × 1,05 + 100,00.
      expect(copy.totalValue).toBe(122_000 + 10_500 + 10_000);

      const same = await as(t.app, team.sales)('POST', `/proposals/${copy.id}/duplicate`);
      expect(same.json().data).toMatchObject({ vatRateChanges: [], vatNotice: null });
    } finally {
      await region(undefined);
    }
  });

  it("'Duplicar para outro cliente': the copy gets the client, not the recipient; another organization's is refused", async () => {
    const ana = (
      await as(t.app, team.sales)('POST', '/clients', { name: 'Ana Lopes', email: 'ana@lopes.pt' })
    ).json().data.id;
    const sent = await insertSentProposal(t.db, {
      organizationId: team.org.id,
      ownerId: team.sales.id,
      clientId,
    });
    const res = await as(t.app, team.sales)('POST', `/proposals/${sent.id}/duplicate`, { clientId: ana });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ clientId: ana, status: 'draft', recipient: null });
    expect(res.json().data.client.name).toBe('Ana Lopes');

    const other = await createTeamOfRoles(t.db);
    const theirs = (
      await as(t.app, other.sales)('POST', '/clients', { name: 'Outra', email: 'outra@exemplo.pt' })
    ).json().data.id;
    const refused = await as(t.app, team.sales)('POST', `/proposals/${sent.id}/duplicate`, {
      clientId: theirs,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details).toEqual([
      { field: 'clientId', message: MESSAGES.proposalClientInvalid },
    ]);
    const malformed = await as(t.app, team.sales)('POST', `/proposals/${sent.id}/duplicate`, {
      clientId: 'x',
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('a new template line takes the region normal rate', () => {
  it('fills a line sent without a rate with 22 % in Madeira, and keeps a rate given', async () => {
    await region('madeira');
    try {
      const res = await as(t.app, team.manager)('POST', '/templates', {
        name: 'Pacote Madeira',
        content: {
          blocks: [],
          items: [
            { id: 'a', description: 'Site', unitPrice: 100_000 },
            { id: 'b', description: 'Livros', unitPrice: 1_000, tax: 5 },
          ],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.content.items.map((i: { tax: number }) => i.tax)).toEqual([22, 5]);
      const [row] = await t.db.select().from(templates).where(eq(templates.id, res.json().data.id));
      expect(row?.content.items[0]?.tax).toBe(22);
    } finally {
      await region(undefined);
    }
  });
});

describe('pseudonymising a client cancels the proposals still open', () => {
  it('cancels them in the same transaction: the link no longer takes an answer', async () => {
    const maria = (
      await as(t.app, team.sales)('POST', '/clients', { name: 'Maria Rocha', email: 'maria@rocha.pt' })
    ).json().data.id;
    const owner = { organizationId: team.org.id, ownerId: team.sales.id, clientId: maria };
    const answered = await insertSentProposal(t.db, owner, { status: 'accepted', acceptedAt: new Date() });
    const open = await insertSentProposal(t.db, owner);
    const draft = await insertSentProposal(t.db, owner, { status: 'draft', sentAt: null });

    const res = await as(t.app, team.manager)('DELETE', `/clients/${maria}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ ok: true, pseudonymised: true });

    const status = async (id: string) => (await t.db.select().from(proposals).where(eq(proposals.id, id)))[0];
    expect(await status(answered.id)).toMatchObject({ status: 'accepted' });
    for (const p of [open, draft]) {
      expect(await status(p.id)).toMatchObject({
        status: 'cancelled',
        cancellationReason: MESSAGES.clientErasedCancellationReason,
      });
    }
    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, open.id), eq(auditLogs.action, 'proposal.cancelled')));
    expect(audit).toHaveLength(1);

    const accept = await answerAsClient(t, open.token, 'accept', {
      signerName: 'Maria Rocha',
      signatureData: null,
    });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().error.message).toBe(MESSAGES.proposalUnavailable);
    const page = await t.app.inject({ url: `/api/v1/public/proposals/${open.token}` });
    expect(page.statusCode).toBe(404);
    expect(page.json().error.message).toBe(MESSAGES.proposalUnavailable);
  });
});

describe('the approval names the rule and who approves', () => {
  it('says the total met the limit and lists the admins and the managers of the owner team', async () => {
    const manager = await createUser(t.db, { organizationId: team.org.id, role: 'manager' });
    await t.db.update(users).set({ firstName: 'Marta', lastName: 'Gestora' }).where(eq(users.id, manager.id));
    await t.db.update(users).set({ firstName: 'Ana', lastName: 'Admin' }).where(eq(users.id, team.admin.id));
    const [salesTeam] = (
      await t.db.execute<{ id: string }>(
        sql`insert into teams (organization_id, name, manager_id) values (${team.org.id}, 'Vendas 37', ${manager.id}) returning id`,
      )
    ).rows;
    await t.db.execute(sql`update users set team_id = ${salesTeam?.id} where id = ${team.sales.id}`);
    const [org] = await t.db.select().from(organizations).where(eq(organizations.id, team.org.id));
    await t.db
      .update(organizations)
      .set({ settings: { ...org?.settings, approvalMinTotal: 500_000 } as never })
      .where(eq(organizations.id, team.org.id));
    try {
      // 5 000,00 € + 23 % = 6 150,00 €.
      const p = await create({
        content: { blocks: [], items: [{ name: 'Obra', quantity: 1, unitPrice: 500_000 }] },
      });
      const approval = (await as(t.app, team.sales)('GET', `/proposals/${p.id}/approval`)).json().data;
      expect(approval.blocksSending).toBe(true);
      expect(approval.reasons).toEqual([
        {
          rule: 'total',
          value: 615_000,
          limit: 500_000,
          text: `O total (${formatMoney(615_000)}) é igual ou superior a ${formatMoney(500_000)}, o limite definido pela organização.`,
        },
      ]);
      const names = approval.approvers.map((a: { name: string }) => a.name);
      expect(names).toContain('Marta Gestora');
      expect(names).toContain('Ana Admin');
      expect(names).not.toContain('Teste Utilizador');
    } finally {
      await t.db
        .update(organizations)
        .set({ settings: { ...org?.settings } as never })
        .where(eq(organizations.id, team.org.id));
    }
  });
});
