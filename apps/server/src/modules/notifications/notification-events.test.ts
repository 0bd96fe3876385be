import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, proposals } from '@/db/schema/index.ts';
import { newOpaqueToken } from '@/lib/tokens.ts';
import { answerAsClient } from '@/test/answer-code.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles, createUser, type TestUser } from '@/test/factories.ts';

// Every event of docs/product.md#notifications: exactly one notification, to the right person, and nothing
// else.

const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let sales2: TestUser;
let clientId: string;

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
  sales2 = await createUser(t.db, { organizationId: team.org.id, role: 'sales' });
  // Another organization, so a stray notification there would show up in the totals too.
  await createTeamOfRoles(t.db);
  clientId = (
    await as(t.app, team.sales)('POST', '/clients', { name: 'Joana Lima', email: 'joana@lima.pt' })
  ).json().data.id;
});
afterAll(async () => {
  await t.close();
});

type NotificationRow = typeof notifications.$inferSelect;

/**
 * Runs the request and returns the notifications it created, after checking its status and that the table
 * grew by exactly those rows (the whole table, every organization and user).
 */
async function createdBy(
  request: () => Promise<LightMyRequestResponse>,
  status = 200,
): Promise<NotificationRow[]> {
  const before = await t.db.select({ id: notifications.id }).from(notifications);
  const res = await request();
  expect(res.statusCode, res.body).toBe(status);
  const after = await t.db.select().from(notifications);
  const known = new Set(before.map((n) => n.id));
  const created = after.filter((n) => !known.has(n.id));
  expect(after).toHaveLength(before.length + created.length);
  return created;
}

/** Exactly one new notification, unread, in the organization, with these fields. */
function expectOnly(
  created: NotificationRow[],
  expected: { userId: string; type: string; title: string; message: string; actionUrl: string },
) {
  expect(created).toHaveLength(1);
  expect(created[0]).toMatchObject({ ...expected, organizationId: team.org.id, isRead: false });
}

async function sentProposal(title: string) {
  const publicToken = newOpaqueToken();
  const [row] = await t.db
    .insert(proposals)
    .values({
      organizationId: team.org.id,
      ownerId: team.sales.id,
      clientId,
      title,
      status: 'sent',
      totalValue: 123000,
      validUntil: '2099-12-31',
      publicToken,
    })
    .returning();
  return { id: row?.id as string, token: publicToken };
}

/** A draft owned by the sales user, created through the API. */
async function draft(title: string): Promise<string> {
  const res = await as(t.app, team.sales)('POST', '/proposals', {
    title,
    clientId,
    validUntil: '2099-06-30',
    content: { blocks: [], items: [{ name: 'Site', quantity: 1, unitPrice: 100000 }] },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

const publicGet = (token: string) => t.app.inject({ url: `/api/v1/public/proposals/${token}` });
// As the client answers: with the one-time code emailed to them (on by default, issue 20).
const publicPost = (token: string, action: string, payload?: Record<string, unknown>) =>
  answerAsClient(t, token, action, payload);

describe('notifications on the client public page', () => {
  it('tells the owner once when the client first opens a sent proposal, and not on a second view', async () => {
    const { id, token } = await sentProposal('Website institucional');
    expectOnly(await createdBy(() => publicGet(token)), {
      userId: team.sales.id,
      type: 'proposal_viewed',
      title: 'Proposta visualizada',
      message: 'Joana Lima abriu a proposta "Website institucional".',
      actionUrl: `/proposals/${id}`,
    });
    expect(await createdBy(() => publicGet(token))).toEqual([]);
  });

  it('tells the owner when the client accepts', async () => {
    const { id, token } = await sentProposal('Loja online');
    expectOnly(await createdBy(() => publicPost(token, 'accept')), {
      userId: team.sales.id,
      type: 'proposal_accepted',
      title: 'Proposta aceite',
      message: 'A proposta "Loja online" foi aceite pelo cliente.',
      actionUrl: `/proposals/${id}`,
    });
  });

  it('tells the owner when the client signs, as an acceptance naming the signer', async () => {
    const { id, token } = await sentProposal('Manutenção anual');
    const created = await createdBy(() =>
      publicPost(token, 'sign', {
        signerName: 'Joana Lima',
        signerEmail: 'joana@lima.pt',
        signatureData: PNG_1X1,
      }),
    );
    expectOnly(created, {
      userId: team.sales.id,
      type: 'proposal_accepted',
      title: 'Proposta assinada',
      message: 'A proposta "Manutenção anual" foi assinada por Joana Lima.',
      actionUrl: `/proposals/${id}`,
    });
  });

  it('tells the owner when the client rejects, with the reason they gave', async () => {
    const { id, token } = await sentProposal('Campanha de verão');
    expectOnly(await createdBy(() => publicPost(token, 'reject', { reason: 'Caro demais' })), {
      userId: team.sales.id,
      type: 'proposal_rejected',
      title: 'Proposta rejeitada',
      message: 'A proposta "Campanha de verão" foi rejeitada pelo cliente. Motivo: «Caro demais»',
      actionUrl: `/proposals/${id}`,
    });
  });
});

describe('notifications on proposal work inside the organization', () => {
  it('tells the new owner when a manager hands a proposal over through PUT ownerId', async () => {
    const id = await draft('Rebranding');
    const body = { title: 'Rebranding', clientId, ownerId: sales2.id };
    const created = await createdBy(() => as(t.app, team.manager)('PUT', `/proposals/${id}`, body));
    expectOnly(created, {
      userId: sales2.id,
      type: 'proposal_assigned',
      title: 'Proposta atribuída',
      message: 'A proposta "Rebranding" foi-lhe atribuída.',
      actionUrl: `/proposals/${id}`,
    });
    // Saving again with the same owner hands nothing over.
    expect(await createdBy(() => as(t.app, team.manager)('PUT', `/proposals/${id}`, body))).toEqual([]);
  });

  it('tells the owner when someone else sends their proposal', async () => {
    const id = await draft('Consultoria');
    expectOnly(await createdBy(() => as(t.app, team.manager)('POST', `/proposals/${id}/send`)), {
      userId: team.sales.id,
      type: 'proposal_sent',
      title: 'Proposta enviada',
      message: 'Teste Utilizador enviou a proposta "Consultoria" a Joana Lima.',
      actionUrl: `/proposals/${id}`,
    });
  });

  it('creates no notification when the owner sends their own proposal', async () => {
    const id = await draft('Auditoria');
    expect(await createdBy(() => as(t.app, team.sales)('POST', `/proposals/${id}/send`))).toEqual([]);
  });

  it('tells the owner when someone else comments', async () => {
    const id = await draft('Formação');
    const created = await createdBy(
      () => as(t.app, team.manager)('POST', `/proposals/${id}/comments`, { content: 'Rever o preço' }),
      201,
    );
    expectOnly(created, {
      userId: team.sales.id,
      type: 'comment_added',
      title: 'Novo comentário',
      message: 'Novo comentário na proposta "Formação".',
      actionUrl: `/proposals/${id}`,
    });
  });

  it('creates no notification when the owner comments on their own proposal', async () => {
    const id = await draft('Suporte');
    const created = await createdBy(
      () => as(t.app, team.sales)('POST', `/proposals/${id}/comments`, { content: 'Nota minha' }),
      201,
    );
    expect(created).toEqual([]);
  });
});

describe('notifications on people and teams', () => {
  it('tells the inviter when the invitation is accepted', async () => {
    const address = `convidado-${newOpaqueToken().slice(0, 8).toLowerCase()}@empresa.pt`;
    const invited = await as(t.app, team.admin)('POST', '/users/invite', { email: address, role: 'sales' });
    expect(invited.statusCode).toBe(201);
    await t.app.outbox.drain();
    const link = t.sentMail.filter((m) => m.to === address).at(-1)?.links[0] ?? 'http://x';
    const token = new URL(link).searchParams.get('token') ?? '';
    const created = await createdBy(
      () =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/invites/${token}/accept`,
          payload: { firstName: 'Nuno', lastName: 'Reis', password: 'segredo123' },
        }),
      201,
    );
    expectOnly(created, {
      userId: team.admin.id,
      type: 'invite_accepted',
      title: 'Convite aceite',
      message: 'Nuno Reis aceitou o convite e juntou-se à organização.',
      actionUrl: '/users',
    });
  });

  it('tells a user added to a team through the team members', async () => {
    const teamId = (await as(t.app, team.admin)('POST', '/teams', { name: 'Norte' })).json().data.id;
    const created = await createdBy(() =>
      as(t.app, team.admin)('POST', `/teams/${teamId}/members`, { userId: team.viewer.id }),
    );
    expectOnly(created, {
      userId: team.viewer.id,
      type: 'user_added_to_team',
      title: 'Adicionado a uma equipa',
      message: 'Foi adicionado à equipa Norte.',
      actionUrl: `/teams/${teamId}`,
    });
  });

  it('creates no notification when a team manager adds themself to a team', async () => {
    const teamId = (await as(t.app, team.manager)('POST', '/teams', { name: 'Centro' })).json().data.id;
    const created = await createdBy(() =>
      as(t.app, team.manager)('POST', `/teams/${teamId}/members`, { userId: team.manager.id }),
    );
    expect(created).toEqual([]);
  });

  it('tells a user moved into a team from their edit form, the same way as from the team members', async () => {
    const teamId = (await as(t.app, team.admin)('POST', '/teams', { name: 'Sul' })).json().data.id;
    const body = { firstName: 'Teste', lastName: 'Utilizador', role: 'sales', teamId };
    const created = await createdBy(() => as(t.app, team.admin)('PUT', `/users/${sales2.id}`, body));
    expectOnly(created, {
      userId: sales2.id,
      type: 'user_added_to_team',
      title: 'Adicionado a uma equipa',
      message: 'Foi adicionado à equipa Sul.',
      actionUrl: `/teams/${teamId}`,
    });
  });

  it('creates no notification from the edit form when the team is unchanged or removed', async () => {
    const teamId = (await as(t.app, team.admin)('POST', '/teams', { name: 'Ilhas' })).json().data.id;
    const put = (teamIdValue: string | null) =>
      as(t.app, team.admin)('PUT', `/users/${team.manager.id}`, {
        firstName: 'Teste',
        lastName: 'Utilizador',
        role: 'manager',
        teamId: teamIdValue,
      });
    expect(await createdBy(() => put(teamId))).toHaveLength(1);
    expect(await createdBy(() => put(teamId))).toEqual([]);
    expect(await createdBy(() => put(null))).toEqual([]);
    expect(await createdBy(() => put(null))).toEqual([]);
  });

  it('creates no notification when an admin puts themself in a team from their own edit form', async () => {
    const teamId = (await as(t.app, team.admin)('POST', '/teams', { name: 'Direção' })).json().data.id;
    const body = { firstName: 'Teste', lastName: 'Utilizador', role: 'admin', teamId };
    expect(await createdBy(() => as(t.app, team.admin)('PUT', `/users/${team.admin.id}`, body))).toEqual([]);
  });
});
