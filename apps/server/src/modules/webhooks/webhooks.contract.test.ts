import { readFileSync } from 'node:fs';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from '@aceite/shared/schemas/webhooks';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { organizations, webhookEndpoints } from '@/db/schema/index.ts';
import { answerAsClient } from '@/test/answer-code.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles } from '@/test/factories.ts';
import { startReceiver } from '@/test/webhook-receiver.ts';

/*
 * One resource shape (issue 35, docs/integrations.md#events): the settings screen, the docs and the OpenAPI
 * document list the same events, and every delivered payload is valid against the document's own schema.
 */

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
type OpenApi = {
  webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: object }> } } }>;
};
let doc: OpenApi;

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
afterEach(async () => {
  await t.db.delete(webhookEndpoints);
  receiver.received.length = 0;
  receiver.all.length = 0;
});

const admin = () => as(t.app, team.admin);

/** The event names of docs/integrations.md's "Events" table. */
function documentedEvents(): string[] {
  const text = readFileSync(new URL('../../../../../docs/integrations.md', import.meta.url), 'utf8');
  const section = text.slice(text.indexOf('### Events'), text.indexOf('### Receiving and verifying'));
  return [...section.matchAll(/^\| `([a-z_]+\.[a-z_]+)`/gm)].map((m) => m[1] as string);
}

function validatorFor(type: string) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addFormat('date-time', true).addFormat('uuid', true).addFormat('email', true).addFormat('date', true);
  ajv.addFormat('uri', true);
  const schema = doc.webhooks[type]?.post.requestBody.content['application/json']?.schema;
  if (!schema) throw new Error(`no schema for ${type}`);
  // The document's components, for the $refs the event's schema points at.
  return ajv.compile({ ...schema, components: (doc as { components?: object }).components });
}

type Answer = { statusCode: number; body: string; json: () => unknown };

/** Checks a real answer against its operation's schema in the published document (ajv, draft 2020-12). */
function expectDocumented(method: string, template: string, res: Answer) {
  const op = (
    doc as unknown as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }
  ).paths[`/api/v1${template}`]?.[method.toLowerCase()];
  const answer = op?.responses[String(res.statusCode)] as
    | { content?: Record<string, { schema: object }> }
    | undefined;
  const schema = answer?.content?.['application/json']?.schema;
  expect(schema, `${method} ${template} ${res.statusCode} is not in the document`).toBeDefined();
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  for (const f of ['date-time', 'uuid', 'email', 'date', 'uri']) ajv.addFormat(f, true);
  const validate = ajv.compile({ ...schema, components: (doc as { components?: object }).components });
  expect(validate(res.json()), `${method} ${template}: ${JSON.stringify(validate.errors)}`).toBe(true);
}

describe('the event types', () => {
  it('are the same in the settings screen, docs/integrations.md and the OpenAPI document', () => {
    const screen = [...WEBHOOK_EVENT_TYPES].sort();
    expect(documentedEvents().sort()).toEqual(screen);
    expect(
      Object.keys(doc.webhooks)
        .filter((k) => k !== WEBHOOK_TEST_EVENT)
        .sort(),
    ).toEqual(screen);
  });
});

describe('delivered payloads', () => {
  it('are valid against their own schema in the document and equal to the GET answers', async () => {
    // Each answer of the flow is checked against its operation in the document too.
    const call = async (method: 'GET' | 'POST' | 'PUT', template: string, url: string, body?: unknown) => {
      const res = await admin()(method, url, body);
      expectDocumented(method, template, res);
      return (res.json() as { data: never }).data;
    };
    await call('POST', '/webhooks', '/webhooks', {
      url: receiver.url,
      description: 'CRM',
      events: [...WEBHOOK_EVENT_TYPES],
    });
    const client: { id: string } = await call('POST', '/clients', '/clients', {
      name: 'Rita Lopes',
      email: 'rita@contrato.pt',
    });
    const proposal: { id: string; publicToken: string } = await call('POST', '/proposals', '/proposals', {
      title: 'Contrato',
      clientId: client.id,
      content: {
        blocks: [],
        items: [
          { name: 'Design', quantity: 1, unitPrice: 10_000 },
          { name: 'Extra', quantity: 1, unitPrice: 500, optional: 'selected' },
        ],
      },
    });
    await call('POST', '/proposals/{id}/send', `/proposals/${proposal.id}/send`, {});
    const page = await t.app.inject({ url: `/api/v1/public/proposals/${proposal.publicToken}` });
    expectDocumented('GET', '/public/proposals/{publicToken}', page);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/proposals/${proposal.publicToken}/messages`,
      payload: {
        kind: 'question',
        name: 'Rita Lopes',
        email: 'rita@contrato.pt',
        message: 'Inclui alojamento?',
      },
    });
    expectDocumented('POST', '/public/proposals/{publicToken}/messages', asked);
    const accepted = await answerAsClient(t, proposal.publicToken, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expectDocumented('POST', '/public/proposals/{publicToken}/accept', accepted);
    const getProposal = await call('GET', '/proposals/{id}', `/proposals/${proposal.id}`);
    await call('GET', '/proposals', '/proposals');
    await call('PUT', '/clients/{id}', `/clients/${client.id}`, {
      name: 'Rita Lopes Silva',
      email: 'rita@contrato.pt',
    });
    const getClient = await call('GET', '/clients/{id}', `/clients/${client.id}`);
    for (let i = 0; i < 20 && (await t.app.webhookWorker.drain()) > 0; i++);

    const types = receiver.received.map((r) => r.json.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'client.created',
        'proposal.sent',
        'client_message.created',
        'proposal.accepted',
        'client.updated',
      ]),
    );
    for (const got of receiver.received) {
      const validate = validatorFor(got.json.type);
      expect(validate(got.json), `${got.json.type}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    const last = (type: string) => receiver.received.filter((r) => r.json.type === type).at(-1)?.json.data;
    expect(last('proposal.accepted')).toEqual(getProposal);
    expect(last('client.updated')).toEqual(getClient);
  });
});

describe('the approval and cancellation events', () => {
  it('are sent where the actions happen, each valid against the document', async () => {
    await t.db
      .update(organizations)
      .set({ settings: { approvalMinTotal: 1 } })
      .where(eq(organizations.id, team.org.id));
    await admin()('POST', '/webhooks', {
      url: receiver.url,
      description: 'CRM',
      events: [...WEBHOOK_EVENT_TYPES],
    });
    const sales = as(t.app, team.sales);
    const client = (
      await sales('POST', '/clients', { name: 'Aprovação', email: 'aprova@contrato.pt' })
    ).json().data as { id: string };
    const p = (
      await sales('POST', '/proposals', {
        title: 'Com aprovação',
        clientId: client.id,
        content: { blocks: [], items: [{ name: 'Site', quantity: 1, unitPrice: 250_000 }] },
      })
    ).json().data as { id: string };
    expect((await sales('POST', `/proposals/${p.id}/approval-request`)).statusCode).toBe(200);
    expect(
      (await admin()('POST', `/proposals/${p.id}/return`, { comment: 'Rever o preço' })).statusCode,
    ).toBe(200);
    expect((await sales('POST', `/proposals/${p.id}/approval-request`)).statusCode).toBe(200);
    expect((await admin()('POST', `/proposals/${p.id}/approve`)).statusCode).toBe(200);
    const cancelled = await sales('POST', `/proposals/${p.id}/cancel`, { reason: 'O cliente desistiu' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    for (let i = 0; i < 20 && (await t.app.webhookWorker.drain()) > 0; i++);

    const ofProposal = receiver.received.filter((r) => r.json.data.id === p.id);
    expect(ofProposal.map((r) => [r.json.type, r.json.data.status])).toEqual([
      ['proposal.created', 'draft'],
      ['proposal.approval_requested', 'in_review'],
      ['proposal.approval_returned', 'draft'],
      ['proposal.approval_requested', 'in_review'],
      ['proposal.approved', 'approved'],
      ['proposal.cancelled', 'cancelled'],
    ]);
    for (const got of ofProposal) {
      const validate = validatorFor(got.json.type);
      expect(validate(got.json), `${got.json.type}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    expect(ofProposal.at(-1)?.json.data.cancellationReason).toBe('O cliente desistiu');
  });
});
