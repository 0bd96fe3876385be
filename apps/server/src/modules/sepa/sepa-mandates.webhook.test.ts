import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerAsClient } from '@/test/answer-code.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles, insertSentProposal } from '@/test/factories.ts';
import { startReceiver } from '@/test/webhook-receiver.ts';

// `mandate.created` (issue 39, docs/product.md#the-mandate-at-acceptance): delivered to a real receiver on
// loopback, valid against the event's schema in the published OpenAPI document, the IBAN masked.

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let doc: {
  webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: object }> } } }>;
  components?: object;
};

beforeAll(async () => {
  t = await buildTestApp({
    webhooks: { allowPrivate: true, baseDelayMs: 30, maxDelayMs: 60, timeoutMs: 2000 },
  });
  team = await createTeamOfRoles(t.db);
  receiver = await startReceiver();
  doc = (await t.app.inject({ url: '/api/docs/json' })).json();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

describe('mandate.created', () => {
  it('is delivered when a client accepts with a mandate, valid against the document, the IBAN masked', async () => {
    const admin = as(t.app, team.admin);
    expect(
      (
        await admin('PUT', '/settings/payments', {
          name: 'Conceição e Filhos, Lda.',
          creditorIdentifier: 'PT19ZZZ101148',
          iban: 'PT50002700000001234567833',
          bic: '',
          defaultPattern: 'oneOff',
          defaultInstalments: null,
        })
      ).statusCode,
    ).toBe(200);
    const hook = await admin('POST', '/webhooks', {
      url: receiver.url,
      description: 'ERP',
      events: ['mandate.created'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const client = (await admin('POST', '/clients', { name: 'Rita Lopes', email: 'rita@contrato.pt' })).json()
      .data as { id: string };
    const row = await insertSentProposal(
      t.db,
      { organizationId: team.org.id, ownerId: team.admin.id, clientId: client.id },
      {
        content: { blocks: [], items: [{ name: 'Avença', description: '', quantity: 1, unitPrice: 30_000 }] },
        subtotal: 30_000,
        taxRate: 0,
        taxAmount: 0,
        totalValue: 30_000,
        sepaPattern: 'monthly',
        sepaInstalments: 3,
        sepaFirstCollectionDate: '2030-01-10',
      },
    );
    const created = { id: row.id };
    const accepted = await answerAsClient(t, row.token, 'accept', {
      mandate: { debtorName: 'Rita Lopes', iban: 'PT50 0002 0123 1234 5678 9015 4' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    for (let i = 0; i < 20 && (await t.app.webhookWorker.drain()) > 0; i++);

    const got = receiver.received.filter((r) => r.json.type === 'mandate.created');
    expect(got).toHaveLength(1);
    const event = got[0]?.json;
    expect(event?.data).toEqual({
      reference: expect.stringMatching(/-M1$/),
      proposalId: created.id,
      proposalNumber: row.number,
      debtorName: 'Rita Lopes',
      ibanMasked: 'PT50 •••• •••• •••• •••• 0154',
      signedAt: expect.any(String),
      schedule: [
        { sequence: 1, sequenceType: 'FRST', collectionDate: '2030-01-10', amountCents: 10_000 },
        { sequence: 2, sequenceType: 'RCUR', collectionDate: '2030-02-10', amountCents: 10_000 },
        { sequence: 3, sequenceType: 'FNAL', collectionDate: '2030-03-10', amountCents: 10_000 },
      ],
    });
    expect(got[0]?.body).not.toContain('PT50000201231234567890154');

    const ajv = new Ajv2020({ strict: false, allErrors: true });
    for (const f of ['date-time', 'uuid', 'email', 'date', 'uri']) ajv.addFormat(f, true);
    const schema = doc.webhooks['mandate.created']?.post.requestBody.content['application/json']?.schema;
    expect(schema).toBeDefined();
    const validate = ajv.compile({ ...schema, components: doc.components });
    expect(validate(event), JSON.stringify(validate.errors)).toBe(true);
  });
});
