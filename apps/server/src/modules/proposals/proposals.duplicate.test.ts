import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, proposals } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles } from '@/test/factories.ts';

// docs/product.md#duplicating-a-proposal
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

const addDays = (days: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Lisbon' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

describe('POST /proposals/:id/duplicate', () => {
  it('makes a new draft with the same client, blocks, items, discount and tax, a new number and link', async () => {
    const original = (
      await as(t.app, team.manager)('POST', '/proposals', {
        title: 'Manutenção anual',
        clientId,
        validUntil: '2020-01-31',
        discountType: 'percentage',
        discountValue: 10,
        taxRate: 6,
        content: {
          blocks: [{ title: 'Âmbito', content: 'Tudo' }],
          items: [{ name: 'Horas', quantity: 10, unitPrice: 5000 }],
        },
      })
    ).json().data;
    await t.db
      .update(proposals)
      .set({ status: 'sent', sentAt: new Date() })
      .where(eq(proposals.id, original.id));

    // A salesperson duplicates a manager's proposal: the copy is theirs.
    const res = await as(t.app, team.sales)('POST', `/proposals/${original.id}/duplicate`);
    expect(res.statusCode).toBe(201);
    const copy = res.json().data;
    expect(copy).toMatchObject({
      title: 'Manutenção anual (cópia)',
      status: 'draft',
      clientId,
      content: original.content,
      discountType: 'percentage',
      discountValue: 10,
      taxRate: 6,
      totalValue: original.totalValue,
      reissuedFromId: null,
      ownerId: team.sales.id,
      sentAt: null,
      validUntil: addDays(30),
    });
    expect(copy.id).not.toBe(original.id);
    expect(copy.number).not.toBe(original.number);
    expect(copy.publicToken).toBeTruthy();
    expect(copy.publicToken).not.toBe(original.publicToken);

    const audit = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, copy.id), eq(auditLogs.action, 'proposal.duplicate')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: team.sales.id, metadata: { duplicatedFromId: original.id } });

    // The original is untouched.
    const again = (await as(t.app, team.manager)('GET', `/proposals/${original.id}`)).json().data;
    expect(again).toMatchObject({ title: 'Manutenção anual', status: 'sent', number: original.number });
  });

  it('counts the validity from today with the organization’s days', async () => {
    const org = (await as(t.app, team.admin)('GET', '/settings/organization')).json().data;
    await as(t.app, team.admin)('PUT', '/settings/organization', {
      name: org.name,
      settings: { ...org.settings, proposalValidityDays: 15 },
    });
    const original = (await as(t.app, team.sales)('POST', '/proposals', { title: 'Loja', clientId })).json()
      .data;
    const copy = (await as(t.app, team.sales)('POST', `/proposals/${original.id}/duplicate`)).json().data;
    expect(copy.validUntil).toBe(addDays(15));
  });

  it('is refused to a viewer (403) and unknown elsewhere (404)', async () => {
    const original = (await as(t.app, team.sales)('POST', '/proposals', { title: 'X', clientId })).json()
      .data;
    expect((await as(t.app, team.viewer)('POST', `/proposals/${original.id}/duplicate`)).statusCode).toBe(
      403,
    );
    const other = await createTeamOfRoles(t.db);
    expect((await as(t.app, other.admin)('POST', `/proposals/${original.id}/duplicate`)).statusCode).toBe(
      404,
    );
  });
});
