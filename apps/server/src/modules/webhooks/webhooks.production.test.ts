import { WEBHOOK_DELIVERY_ERRORS, WEBHOOK_MESSAGES } from '@aceite/shared/schemas/webhooks';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { webhookEndpoints } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles } from '@/test/factories.ts';

/** The production settings (WEBHOOKS_ALLOW_PRIVATE unset): the SSRF guard and the OpenAPI document. */
let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
beforeAll(async () => {
  // The production setting: WEBHOOKS_ALLOW_PRIVATE unset.
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  // Nothing queued here is ever delivered to a public address: no test talks beyond loopback.
  await t.db.delete(webhookEndpoints);
});

describe('SSRF guard when an endpoint is saved', () => {
  it.each([
    'https://127.0.0.1/hook',
    'https://[::1]/hook',
    'https://10.0.0.8/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[::127.0.0.1]/hook',
    'https://[64:ff9b::a00:1]/hook',
    'https://[2002:a00:1::1]/hook',
    'https://2130706433/hook',
    'https://0x7f.1/hook',
    'https://017700000001/hook',
    'https://localhost/hook',
  ])('refuses %s with a pt-PT message on the url field', async (url) => {
    const res = await as(t.app, team.admin)('POST', '/webhooks', { url, events: ['client.created'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([{ field: 'url', message: WEBHOOK_MESSAGES.urlForbidden }]);
  });

  it('refuses http in production', async () => {
    const res = await as(t.app, team.admin)('POST', '/webhooks', {
      url: 'http://8.8.8.8/hook',
      events: ['client.created'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(WEBHOOK_MESSAGES.urlNotHttps);
  });
});

describe('ports', () => {
  it('refuses a port outside 443, 80, 8080 and 8443 with a pt-PT message on the url field', async () => {
    for (const url of ['https://8.8.8.8:22/hook', 'https://8.8.8.8:5432/hook']) {
      const res = await as(t.app, team.admin)('POST', '/webhooks', { url, events: ['client.created'] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.details).toEqual([{ field: 'url', message: WEBHOOK_MESSAGES.urlPort }]);
    }
    const ok = await as(t.app, team.admin)('POST', '/webhooks', {
      url: 'https://8.8.8.8:8443/hook',
      events: ['client.created'],
    });
    expect(ok.statusCode).toBe(201);
  });
});

describe('the delivery log', () => {
  it('says "Endereço não permitido" for an address refused at connection time, never the address', async () => {
    const created = await as(t.app, team.admin)('POST', '/webhooks', {
      url: 'https://8.8.8.8/hook',
      events: ['client.created'],
    });
    const id = created.json().data.id as string;
    // As if the name now resolved to loopback (DNS rebinding), or the row predates the guard.
    await t.db
      .update(webhookEndpoints)
      .set({ url: 'https://127.0.0.1/hook' })
      .where(eq(webhookEndpoints.id, id));
    expect((await as(t.app, team.admin)('POST', `/webhooks/${id}/test`)).statusCode).toBe(202);
    await t.app.webhookWorker.drain();
    const log = (await as(t.app, team.admin)('GET', `/webhooks/${id}/attempts`)).json().data;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ responseStatus: null, responseBody: WEBHOOK_DELIVERY_ERRORS.forbidden });
    expect(JSON.stringify(log)).not.toMatch(/127\.0\.0\.1|not allowed/);
  });
});

describe('limits per organization (docs/integrations.md#limits)', () => {
  it('at most 10 endpoints: the 11th is refused with 409 and a pt-PT message', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await as(t.app, team.admin)('POST', '/webhooks', {
        url: `https://8.8.8.8/hook-${i}`,
        events: ['client.created'],
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const eleventh = await as(t.app, team.admin)('POST', '/webhooks', {
      url: 'https://8.8.8.8/hook-10',
      events: ['client.created'],
    });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().error).toMatchObject({
      code: 'CONFLICT',
      message: WEBHOOK_MESSAGES.endpointLimit,
    });
    // Another organization has its own count.
    const other = await createTeamOfRoles(t.db);
    const theirs = await as(t.app, other.admin)('POST', '/webhooks', {
      url: 'https://8.8.8.8/hook',
      events: ['client.created'],
    });
    expect(theirs.statusCode).toBe(201);
  });

  it('at most 20 test events an hour: the 21st is refused with 429 and a pt-PT message', async () => {
    // An organization of its own: the count is the organization's, over all its endpoints.
    const fresh = await createTeamOfRoles(t.db);
    const admin = as(t.app, fresh.admin);
    const ids: string[] = [];
    for (const path of ['a', 'b']) {
      const created = await admin('POST', '/webhooks', {
        url: `https://8.8.8.8/${path}`,
        events: ['client.created'],
      });
      ids.push(created.json().data.id);
    }
    for (let i = 0; i < 20; i++)
      expect((await admin('POST', `/webhooks/${ids[i % 2]}/test`)).statusCode).toBe(202);
    const over = await admin('POST', `/webhooks/${ids[0]}/test`);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toMatchObject({ code: 'RATE_LIMITED', message: WEBHOOK_MESSAGES.testLimit });
  });
});

describe('OpenAPI', () => {
  it('describes every event under the 3.1 webhooks object, with the signature headers and the DTO', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.webhooks)).toEqual(expect.arrayContaining(['proposal.signed', 'client.updated']));
    const signed = doc.webhooks['proposal.signed'].post;
    expect(signed.parameters.map((p: { name: string }) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    const body = signed.requestBody.content['application/json'].schema;
    // The proposal's own component, the one GET /proposals/{id} answers with (issue 35).
    expect(body.properties.data).toEqual({ $ref: '#/components/schemas/Proposal' });
    expect(doc.components.schemas.Proposal.properties).toHaveProperty('publicToken');
  });
});
