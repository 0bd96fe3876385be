import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, proposalVersions } from '@/db/schema/index.ts';
import { answerAsClient } from '@/test/answer-code.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles } from '@/test/factories.ts';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let clientId: string;
const CLIENT_EMAIL = 'rita@padaria.pt';

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
  clientId = (
    await as(t.app, team.sales)('POST', '/clients', { name: 'Rita Lopes', email: CLIENT_EMAIL })
  ).json().data.id;
});
afterAll(async () => {
  await t.close();
});

const body = (unitPrice: number, overrides: Record<string, unknown> = {}) => ({
  title: 'Website',
  clientId,
  content: { blocks: [], items: [{ name: 'Design', quantity: 1, unitPrice }] },
  taxRate: 23,
  ...overrides,
});

const versionsOf = (id: string) =>
  t.db
    .select()
    .from(proposalVersions)
    .where(eq(proposalVersions.proposalId, id))
    .orderBy(proposalVersions.versionNumber);

const clientMails = (subjectPart: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, CLIENT_EMAIL), eq(emailOutbox.kind, 'proposal_update')))
    .then((rows) => rows.filter((row) => row.subject.includes(subjectPart)));

async function sentAndViewed(title: string) {
  const created = (await as(t.app, team.sales)('POST', '/proposals', body(10_000, { title }))).json().data;
  await as(t.app, team.sales)('POST', `/proposals/${created.id}/send`);
  await t.app.inject({ url: `/api/v1/public/proposals/${created.publicToken}` });
  return created as { id: string; publicToken: string };
}

describe('editing a proposal the client has already seen', () => {
  it('keeps what the client saw as a version and saves the change as a new one', async () => {
    const created = await sentAndViewed('Visto pelo cliente');
    const res = await as(t.app, team.sales)(
      'PUT',
      `/proposals/${created.id}`,
      body(20_000, { title: 'Visto pelo cliente', status: 'viewed' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'viewed', currentVersion: 2, subtotal: 20_000 });

    const versions = await versionsOf(created.id);
    expect(versions.map((v) => v.snapshot.subtotal)).toEqual([10_000, 20_000]);
    expect(versions[1]?.changeNotes).toBe('Alterada depois de o cliente a ver');
    expect(await clientMails('Visto pelo cliente')).toHaveLength(0);
  });

  it('records what the client saw even when it was never sent through "Enviar" (created as sent)', async () => {
    const created = (
      await as(t.app, team.sales)(
        'POST',
        '/proposals',
        body(5_000, { title: 'Criada enviada', status: 'sent' }),
      )
    ).json().data;
    await as(t.app, team.sales)(
      'PUT',
      `/proposals/${created.id}`,
      body(7_500, { title: 'Criada enviada', status: 'sent' }),
    );
    const versions = await versionsOf(created.id);
    expect(versions.map((v) => [v.snapshot.subtotal, v.changeNotes])).toEqual([
      [5_000, 'Versão que o cliente viu'],
      [7_500, 'Alterada depois de o cliente a ver'],
    ]);
  });

  it('adds no version when nothing the client reads changed', async () => {
    const created = await sentAndViewed('Sem alterações');
    await as(t.app, team.sales)(
      'PUT',
      `/proposals/${created.id}`,
      body(10_000, { title: 'Sem alterações', status: 'viewed' }),
    );
    expect(await versionsOf(created.id)).toHaveLength(1);
  });

  it('tells the client by email when asked (?notifyClient=true), with the link to the updated proposal', async () => {
    const created = await sentAndViewed('Aviso ao cliente');
    const res = await as(t.app, team.sales)(
      'PUT',
      `/proposals/${created.id}?notifyClient=true`,
      body(30_000, { title: 'Aviso ao cliente', status: 'viewed' }),
    );
    expect(res.statusCode).toBe(200);
    const [mail] = await clientMails('Aviso ao cliente');
    expect(mail?.subject).toContain('atualizada');
    expect(mail?.text).toContain(`/p/${created.publicToken}`);
  });

  it('never emails the client about a draft, nor versions it', async () => {
    const created = (
      await as(t.app, team.sales)('POST', '/proposals', body(1_000, { title: 'Rascunho' }))
    ).json().data;
    await as(t.app, team.sales)(
      'PUT',
      `/proposals/${created.id}?notifyClient=true`,
      body(2_000, { title: 'Rascunho' }),
    );
    expect(await versionsOf(created.id)).toHaveLength(0);
    expect(await clientMails('Rascunho')).toHaveLength(0);
  });

  it('refuses a notifyClient that is not true or false with 400', async () => {
    const created = await sentAndViewed('Parâmetro inválido');
    const res = await as(t.app, team.sales)(
      'PUT',
      `/proposals/${created.id}?notifyClient=talvez`,
      body(1_000, { title: 'Parâmetro inválido', status: 'viewed' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field).toBe('notifyClient');
  });
});

// A PUT keeps what it is not told about the status (issue 35; docs/integrations.md#updates).
describe('PUT /proposals/{id} without a status', () => {
  it('keeps a sent proposal sent, and the client can still accept it', async () => {
    const created = (
      await as(t.app, team.sales)('POST', '/proposals', body(10_000, { title: 'Sem estado' }))
    ).json().data as { id: string; publicToken: string; status: string };
    expect(created.status).toBe('draft');
    await as(t.app, team.sales)('POST', `/proposals/${created.id}/send`);

    const res = await as(t.app, team.sales)(
      'PUT',
      `/proposals/${created.id}`,
      body(10_000, { title: 'Título novo do CRM' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ title: 'Título novo do CRM', status: 'sent' });

    const answer = await answerAsClient(t, created.publicToken, 'accept');
    expect(answer.statusCode).toBe(200);
    const after = (await as(t.app, team.sales)('GET', `/proposals/${created.id}`)).json().data;
    expect(after.status).toBe('accepted');
  });
});
