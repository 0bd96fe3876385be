import { MESSAGES } from '@aceite/shared/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposals } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles } from '@/test/factories.ts';

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

async function acceptedProposal() {
  const created = (
    await as(t.app, team.sales)('POST', '/proposals', {
      title: 'Manutenção anual',
      clientId,
      validUntil: '2099-01-31',
      content: {
        blocks: [{ title: 'Âmbito', content: 'Tudo' }],
        items: [{ name: 'Horas', quantity: 10, unitPrice: 5000 }],
      },
    })
  ).json().data;
  await t.db.execute(
    sql`update proposals set status = 'accepted', accepted_at = now() where id = ${created.id}`,
  );
  return created;
}

describe('POST /proposals/:id/reissue', () => {
  it('makes a new draft linked to the accepted proposal, which stays frozen', async () => {
    const original = await acceptedProposal();
    const res = await as(t.app, team.sales)('POST', `/proposals/${original.id}/reissue`);
    expect(res.statusCode).toBe(201);
    const copy = res.json().data;
    expect(copy).toMatchObject({
      status: 'draft',
      reissuedFromId: original.id,
      title: original.title,
      totalValue: original.totalValue,
      content: original.content,
      clientId,
    });
    expect(copy.id).not.toBe(original.id);
    expect(copy.publicToken).not.toBe(original.publicToken);

    // The copy can be edited; the original still cannot.
    const edit = await as(t.app, team.sales)('PUT', `/proposals/${copy.id}`, {
      title: 'Manutenção anual 2027',
      clientId,
      content: { blocks: [], items: [{ name: 'Horas', quantity: 12, unitPrice: 5000 }] },
    });
    expect(edit.statusCode).toBe(200);
    const locked = await as(t.app, team.sales)('PUT', `/proposals/${original.id}`, {
      title: 'Mudada',
      clientId,
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.message).toBe(MESSAGES.proposalLocked);
    const [row] = await t.db.select().from(proposals).where(eq(proposals.id, original.id));
    expect(row?.title).toBe('Manutenção anual');

    const read = await as(t.app, team.viewer)('GET', `/proposals/${copy.id}`);
    expect(read.json().data.reissuedFromId).toBe(original.id);
  });

  it('refuses a proposal that was not accepted with 409', async () => {
    const draft = (await as(t.app, team.sales)('POST', '/proposals', { title: 'Rascunho', clientId })).json()
      .data;
    const res = await as(t.app, team.sales)('POST', `/proposals/${draft.id}/reissue`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(MESSAGES.proposalReissueNotAccepted);
  });

  it('refuses a viewer with 403 and adds nothing', async () => {
    const original = await acceptedProposal();
    const before = await t.db.select().from(proposals);
    const res = await as(t.app, team.viewer)('POST', `/proposals/${original.id}/reissue`);
    expect(res.statusCode).toBe(403);
    expect(await t.db.select().from(proposals)).toHaveLength(before.length);
  });
});
