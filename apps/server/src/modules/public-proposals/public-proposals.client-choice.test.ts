import { contentSha256 } from '@aceite/shared/content-hash';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, emailOutbox, proposalEvents, proposals } from '@/db/schema/index.ts';
import { answerAsClient } from '@/test/answer-code.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, authHeaders, createTeamOfRoles } from '@/test/factories.ts';
import { pdfPagesText } from '@/test/pdf-text.ts';

// Optional items and quantity ranges the client chooses (docs/product.md#client-choice).
const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let clientId: string;

const items = [
  { name: 'Site', quantity: 1, unitPrice: 100_000 },
  { name: 'Alojamento', quantity: 12, unitPrice: 1_000, minQuantity: 6, maxQuantity: 24 },
  { name: 'Manutenção', quantity: 1, unitPrice: 5_000, optional: 'selected' },
  { name: 'Logótipo', quantity: 1, unitPrice: 20_000, optional: 'unselected' },
];

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
  clientId = (
    await as(t.app, team.sales)('POST', '/clients', { name: 'Joana Lima', email: 'joana@lima.pt' })
  ).json().data.id;
});
afterAll(async () => {
  await t.close();
});

/** A proposal made through the API with the items above, then with the client (sent). */
async function sentProposal(): Promise<{ id: string; token: string }> {
  const res = await as(t.app, team.sales)('POST', '/proposals', {
    title: 'Loja online',
    clientId,
    content: { blocks: [], items },
    taxRate: 23,
  });
  expect(res.statusCode).toBe(201);
  const { id } = res.json().data;
  const [row] = await t.db.update(proposals).set({ status: 'sent' }).where(eq(proposals.id, id)).returning();
  return { id, token: row?.publicToken as string };
}

const stored = async (id: string) => (await t.db.select().from(proposals).where(eq(proposals.id, id)))[0];

describe('optional items and quantity ranges', () => {
  it('prices an unchosen proposal with the default choice', async () => {
    const { id } = await sentProposal();
    // 100 000 + 12 000 + 5 000 (preselected); the unselected logo is out. IVA 23 %.
    expect(await stored(id)).toMatchObject({ subtotal: 117_000, taxAmount: 26_910, totalValue: 143_910 });
  });

  it('refuses a range that does not hold the quantity, with a Portuguese message', async () => {
    const res = await as(t.app, team.sales)('POST', '/proposals', {
      title: 'Mau intervalo',
      clientId,
      content: { blocks: [], items: [{ name: 'A', quantity: 5, unitPrice: 100, minQuantity: 6 }] },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('A quantidade mínima não pode ser superior à quantidade.');
  });

  it('refuses a choice out of range or without a required item (400) and leaves the proposal open', async () => {
    const { id, token } = await sentProposal();
    const outOfRange = await answerAsClient(t, token, 'accept', {
      choice: { items: [{ index: 1, selected: true, quantity: 25 }] },
    });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().error.message).toBe('A quantidade do item 2 deve estar entre 6 e 24.');
    const required = await answerAsClient(t, token, 'accept', {
      choice: { items: [{ index: 0, selected: false, quantity: 1 }] },
    });
    expect(required.statusCode).toBe(400);
    expect(required.json().error.message).toBe('O item 1 é obrigatório e não pode ser retirado.');
    const unknown = await answerAsClient(t, token, 'accept', {
      choice: { items: [{ index: 7, selected: true, quantity: 1 }] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(await stored(id)).toMatchObject({ status: 'sent', clientChoice: null, chosenTotal: null });
  });

  it('stores exactly the chosen items and total with the decision, its chain event and audit row', async () => {
    const { id, token } = await sentProposal();
    const page = (await t.app.inject({ url: `/api/v1/public/proposals/${token}` })).json().data;
    // The page's hash is still that of the content as published: the choice is separate evidence.
    const res = await answerAsClient(t, token, 'accept', {
      version: page.version,
      contentSha256: await contentSha256(page),
      choice: {
        items: [
          { index: 1, selected: true, quantity: 24 },
          { index: 2, selected: false, quantity: 1 },
          { index: 3, selected: true, quantity: 1 },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const row = await stored(id);
    // 100 000 + 24 000 + 20 000 = 144 000; IVA 33 120.
    expect(row?.chosenTotal).toBe(177_120);
    expect(row?.totalValue).toBe(143_910);
    expect(row?.clientChoice).toMatchObject({
      subtotal: 144_000,
      taxAmount: 33_120,
      totalValue: 177_120,
      items: [
        { index: 0, name: 'Site', quantity: 1 },
        { index: 1, name: 'Alojamento', quantity: 24 },
        { index: 3, name: 'Logótipo', quantity: 1 },
      ],
    });
    expect(row?.clientChoice?.choice.items).toHaveLength(4);
    const [event] = await t.db
      .select()
      .from(proposalEvents)
      .where(and(eq(proposalEvents.proposalId, id), eq(proposalEvents.type, 'accepted')));
    expect(event?.payload).toMatchObject({ clientChoice: { totalValue: 177_120 } });
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, id), eq(auditLogs.action, 'proposal.public_accepted')));
    expect(audit?.metadata).toMatchObject({ clientChoice: { totalValue: 177_120 } });
    // The owner's detail shows it, and the PDF lists the chosen configuration.
    const detail = (await as(t.app, team.sales)('GET', `/proposals/${id}`)).json().data;
    expect(detail.clientChoice).toMatchObject({ totalValue: 177_120 });
    const pdf = await t.app.inject({
      url: `/api/v1/proposals/${id}/pdf`,
      headers: await authHeaders(t.app, team.sales),
    });
    const text = (await pdfPagesText(pdf.rawPayload)).join('\n').replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain('Configuração escolhida pelo cliente');
    expect(text).toContain('Não escolhidos: Manutenção');
    expect(text).toContain('Total\n1 771,20 €');
  });

  it('a signature carries the choice too; a rejection stores none', async () => {
    const signed = await sentProposal();
    const res = await answerAsClient(t, signed.token, 'sign', {
      signerName: 'Joana Lima',
      signerEmail: 'joana@lima.pt',
      signatureData: PNG_1X1,
      choice: { items: [{ index: 2, selected: false, quantity: 1 }] },
    });
    expect(res.statusCode).toBe(200);
    // 100 000 + 12 000 = 112 000 + IVA 25 760.
    expect(await stored(signed.id)).toMatchObject({ status: 'accepted', chosenTotal: 137_760 });
    const rejected = await sentProposal();
    expect((await answerAsClient(t, rejected.token, 'reject', { reason: null })).statusCode).toBe(200);
    expect(await stored(rejected.id)).toMatchObject({
      status: 'rejected',
      clientChoice: null,
      chosenTotal: null,
    });
  });

  it('every screen of the team reads the signed total, the offer kept as totalValue (issue 33)', async () => {
    const open = await sentProposal();
    const signed = await sentProposal();
    const res = await answerAsClient(t, signed.token, 'sign', {
      signerName: 'Joana Lima',
      signerEmail: 'joana@lima.pt',
      signatureData: PNG_1X1,
      choice: { items: [{ index: 2, selected: false, quantity: 1 }] },
    });
    expect(res.statusCode).toBe(200);
    const figures = { totalValue: 143_910, agreedTotal: 137_760 };
    const detail = (await as(t.app, team.sales)('GET', `/proposals/${signed.id}`)).json().data;
    expect(detail).toMatchObject(figures);
    const list = (await as(t.app, team.sales)('GET', '/proposals?limit=100')).json().data;
    expect(list.find((p: { id: string }) => p.id === signed.id)).toMatchObject(figures);
    expect(list.find((p: { id: string }) => p.id === open.id)).toMatchObject({ agreedTotal: null });
    const client = (await as(t.app, team.sales)('GET', `/clients/${clientId}`)).json().data;
    const onClientPage = client.proposals.find((p: { id: string }) => p.id === signed.id);
    expect(onClientPage).toMatchObject(figures);
    expect(onClientPage.signedAt).toEqual(expect.any(String));
    const recent = (await as(t.app, team.admin)('GET', '/analytics/recent-activity?limit=50')).json().data;
    expect(recent.find((p: { id: string }) => p.id === signed.id)).toMatchObject(figures);
    // The sealed document's email says the same figure, with the offer beside it.
    await t.app.sealer.drain();
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'sealed_document'), eq(emailOutbox.toAddress, 'joana@lima.pt')));
    expect(mails.map((m) => m.text.replace(/[\u00a0\u202f]/g, ' ')).join('\n')).toContain(
      'Valor acordado: 1 377,60 € (proposta original: 1 439,10 €)',
    );
    // Accepted without changing anything: the agreed total is the offer's.
    const plain = await sentProposal();
    expect((await answerAsClient(t, plain.token, 'accept', {})).statusCode).toBe(200);
    const plainDetail = (await as(t.app, team.sales)('GET', `/proposals/${plain.id}`)).json().data;
    expect(plainDetail).toMatchObject({ totalValue: 143_910, agreedTotal: 143_910 });
  });

  it('counts the chosen total as the won value in analytics', async () => {
    const before = (await as(t.app, team.admin)('GET', '/analytics/overview')).json().data;
    const { token } = await sentProposal();
    const res = await answerAsClient(t, token, 'accept', {
      choice: { items: [{ index: 1, selected: true, quantity: 6 }] },
    });
    expect(res.statusCode).toBe(200);
    const after = (await as(t.app, team.admin)('GET', '/analytics/overview')).json().data;
    // 100 000 + 6 000 + 5 000 = 111 000 + IVA 25 530 = 136 530, not the proposal's 143 910.
    expect(after.acceptedValue - before.acceptedValue).toBe(136_530);
  });
});
