import { contentSha256 } from '@aceite/shared/content-hash';
import { SEPA_MESSAGES } from '@aceite/shared/sepa/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposals, proposalVersions } from '@/db/schema/index.ts';
import { answerAsClient, answerCodeFor } from '@/test/answer-code.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createOrg, createTeamOfRoles, createUser } from '@/test/factories.ts';

// "Pagamento por Débito Direto SEPA" in the proposal (issue 39, docs/product.md#the-schedule-in-the-proposal).
let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let clientId: string;

const CREDITOR = {
  name: 'Conceição e Filhos, Lda.',
  creditorIdentifier: 'PT19ZZZ101148',
  iban: 'PT50000201231234567890154',
  bic: '',
  defaultPattern: 'monthly',
  defaultInstalments: 3,
};
const MONTHLY = { pattern: 'monthly', instalments: 3, firstCollectionDate: '2099-07-01' };
const ITEMS = { blocks: [], items: [{ name: 'Avença', quantity: 1, unitPrice: 10000 }] };

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

async function create(body: Record<string, unknown> = {}) {
  return as(t.app, team.sales)('POST', '/proposals', { title: 'Avença', clientId, content: ITEMS, ...body });
}

describe('SEPA schedule in the proposal: member API', () => {
  it('needs the creditor first: 400 naming Configurações → Pagamentos, and the readiness says so', async () => {
    const before = await as(t.app, team.sales)('GET', '/settings/payments/readiness');
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toEqual({
      available: true,
      ready: false,
      defaultPattern: 'oneOff',
      defaultInstalments: null,
    });
    const res = await create({ sepa: MONTHLY });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(SEPA_MESSAGES.sepaCreditorMissing);
    expect(res.json().error.details).toContainEqual({
      field: 'sepa',
      message: SEPA_MESSAGES.sepaCreditorMissing,
    });
    expect(SEPA_MESSAGES.sepaCreditorMissing).toBe(
      'Configure primeiro os dados de cobrança em Configurações → Pagamentos.',
    );
  });

  it('turns it on and off; a partial PUT keeps it; the readiness follows the creditor', async () => {
    expect((await as(t.app, team.admin)('PUT', '/settings/payments', CREDITOR)).statusCode).toBe(200);
    const ready = await as(t.app, team.viewer)('GET', '/settings/payments/readiness');
    expect(ready.json().data).toEqual({
      available: true,
      ready: true,
      defaultPattern: 'monthly',
      defaultInstalments: 3,
    });
    expect(ready.body).not.toContain('PT50');

    const created = await create({ sepa: MONTHLY });
    expect(created.statusCode, created.body).toBe(201);
    const p = created.json().data;
    expect(p.sepa).toEqual(MONTHLY);

    const kept = await as(t.app, team.sales)('PUT', `/proposals/${p.id}`, {
      title: 'Avença mensal',
      clientId,
      content: ITEMS,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.sepa).toEqual(MONTHLY);

    const oneOff = await as(t.app, team.sales)('PUT', `/proposals/${p.id}`, {
      title: 'Avença mensal',
      clientId,
      content: ITEMS,
      sepa: { pattern: 'oneOff', instalments: null, firstCollectionDate: '2099-08-15' },
    });
    expect(oneOff.json().data.sepa).toEqual({
      pattern: 'oneOff',
      instalments: null,
      firstCollectionDate: '2099-08-15',
    });

    const off = await as(t.app, team.sales)('PUT', `/proposals/${p.id}`, {
      title: 'Avença mensal',
      clientId,
      content: ITEMS,
      sepa: null,
    });
    expect(off.json().data.sepa).toBeNull();
    const [row] = await t.db.select().from(proposals).where(eq(proposals.id, p.id));
    expect(row).toMatchObject({ sepaPattern: null, sepaInstalments: null, sepaFirstCollectionDate: null });
    expect((await as(t.app, team.sales)('GET', `/proposals/${p.id}`)).json().data.sepa).toBeNull();
  });

  it('refuses bad terms with their Portuguese messages', async () => {
    const cases: [unknown, string, string][] = [
      [{ ...MONTHLY, instalments: 1 }, 'sepa.instalments', SEPA_MESSAGES.sepaInstalmentsInvalid],
      [{ ...MONTHLY, instalments: 61 }, 'sepa.instalments', SEPA_MESSAGES.sepaInstalmentsInvalid],
      [{ ...MONTHLY, instalments: null }, 'sepa.instalments', SEPA_MESSAGES.sepaInstalmentsInvalid],
      [{ ...MONTHLY, instalments: 2.5 }, 'sepa.instalments', SEPA_MESSAGES.sepaInstalmentsInvalid],
      [{ ...MONTHLY, pattern: 'oneOff' }, 'sepa.instalments', SEPA_MESSAGES.sepaOneOffNoInstalments],
      [{ ...MONTHLY, pattern: 'weekly' }, 'sepa.pattern', SEPA_MESSAGES.sepaPatternInvalid],
      [
        { ...MONTHLY, firstCollectionDate: '2099-02-30' },
        'sepa.firstCollectionDate',
        SEPA_MESSAGES.sepaFirstCollectionDateInvalid,
      ],
      [
        { ...MONTHLY, firstCollectionDate: '01/07/2099' },
        'sepa.firstCollectionDate',
        SEPA_MESSAGES.sepaFirstCollectionDateInvalid,
      ],
      [
        { pattern: 'monthly', instalments: 3 },
        'sepa.firstCollectionDate',
        SEPA_MESSAGES.sepaFirstCollectionDateInvalid,
      ],
    ];
    for (const [sepa, field, message] of cases) {
      const res = await create({ sepa });
      expect(res.statusCode, JSON.stringify(sepa)).toBe(400);
      const details = res.json().error.details as { field: string; message: string }[];
      expect(details, JSON.stringify(sepa)).toContainEqual(expect.objectContaining({ field, message }));
    }
  });

  it('is refused to a Starter organization with the plan message (403 PLAN_LIMIT)', async () => {
    const org = await createOrg(t.db, { plan: 'starter' });
    const sales = await createUser(t.db, { organizationId: org.id, role: 'sales' });
    const call = as(t.app, sales);
    expect((await call('GET', '/settings/payments/readiness')).json().data).toMatchObject({
      available: false,
      ready: false,
    });
    const client = (await call('POST', '/clients', { name: 'Ana', email: 'ana@example.pt' })).json().data;
    const res = await call('POST', '/proposals', { title: 'X', clientId: client.id, sepa: MONTHLY });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'PLAN_LIMIT',
      message:
        'O plano Starter não inclui pagamentos por Débito Direto SEPA. Passe para o Professional para os ativar.',
    });
    // Off is always allowed.
    expect(
      (await call('POST', '/proposals', { title: 'X', clientId: client.id, sepa: null })).statusCode,
    ).toBe(201);
  });

  it('only on proposals the member can edit: another salesperson cannot turn it on', async () => {
    const p = (await create()).json().data;
    const other = await createUser(t.db, { organizationId: team.org.id, role: 'sales' });
    const res = await as(t.app, other)('PUT', `/proposals/${p.id}`, {
      title: 'Avença',
      clientId,
      content: ITEMS,
      sepa: MONTHLY,
    });
    expect(res.statusCode).toBe(403);
  });

  it('a duplicate and a reissue copy the terms', async () => {
    const p = (await create({ sepa: MONTHLY })).json().data;
    const copy = await as(t.app, team.sales)('POST', `/proposals/${p.id}/duplicate`);
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json().data.sepa).toEqual(MONTHLY);
    await t.db
      .update(proposals)
      .set({ status: 'accepted', sentAt: new Date(), acceptedAt: new Date() })
      .where(eq(proposals.id, p.id));
    const reissued = await as(t.app, team.sales)('POST', `/proposals/${p.id}/reissue`);
    expect(reissued.statusCode, reissued.body).toBe(201);
    expect(reissued.json().data.sepa).toEqual(MONTHLY);
  });

  it('binds the terms to the decision: a page hashed without them is refused, and the versions keep them', async () => {
    const p = (await create({ sepa: MONTHLY })).json().data;
    expect((await as(t.app, team.sales)('POST', `/proposals/${p.id}/send`)).statusCode).toBe(200);
    const page = (await t.app.inject({ url: `/api/v1/public/proposals/${p.publicToken}?refresh=1` })).json()
      .data;
    expect(page.sepa).toMatchObject({
      ...MONTHLY,
      creditorName: CREDITOR.name,
      creditorIdentifier: 'PT19ZZZ101148',
    });
    const code = await answerCodeFor(t, p.publicToken);
    const withoutTerms = await contentSha256({ ...page, sepa: null });
    const stale = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/proposals/${p.publicToken}/reject`,
      payload: {
        version: page.version,
        contentSha256: withoutTerms,
        reason: 'Caro',
        ...(code ? { code } : {}),
      },
    });
    expect(stale.statusCode).toBe(409);
    expect((await answerAsClient(t, p.publicToken, 'reject', { reason: 'Caro' })).statusCode).toBe(200);
    const versions = await t.db.select().from(proposalVersions).where(eq(proposalVersions.proposalId, p.id));
    expect(versions.length).toBeGreaterThan(0);
    for (const v of versions) expect(v.snapshot.sepa).toEqual(MONTHLY);
  });

  it('a proposal without SEPA hashes as before (no sepa key in its snapshot)', async () => {
    const p = (await create()).json().data;
    await as(t.app, team.sales)('POST', `/proposals/${p.id}/send`);
    const versions = await t.db.select().from(proposalVersions).where(eq(proposalVersions.proposalId, p.id));
    for (const v of versions) expect('sepa' in v.snapshot).toBe(false);
    expect((await answerAsClient(t, p.publicToken, 'reject', { reason: 'Caro' })).statusCode).toBe(200);
  });

  it("reads only its own organization's readiness", async () => {
    const other = await createTeamOfRoles(t.db);
    await as(t.app, team.admin)('PUT', '/settings/payments', CREDITOR);
    const read = await as(t.app, other.sales)('GET', '/settings/payments/readiness');
    expect(read.json().data).toMatchObject({ available: true, ready: false });
  });
});
