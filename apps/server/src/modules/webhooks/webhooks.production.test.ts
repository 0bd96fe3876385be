import { WEBHOOK_MESSAGES } from '@aceite/shared/schemas/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('SSRF guard when an endpoint is saved', () => {
  it.each([
    'https://127.0.0.1/hook',
    'https://[::1]/hook',
    'https://10.0.0.8/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[::ffff:127.0.0.1]/hook',
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
