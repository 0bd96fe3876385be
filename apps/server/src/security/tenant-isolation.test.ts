import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTHING_SHOWN } from '@/test/answer-code.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import {
  as,
  authHeaders,
  createApiKey,
  createTeamOfRoles,
  insertSentProposal,
  type TestUser,
} from '@/test/factories.ts';
import { multipart } from '@/test/multipart.ts';
import { insertCreditor, insertMandate } from '@/test/sepa-fixtures.ts';

/**
 * Tenant isolation sweep (issue 10): every operation of the OpenAPI document with a path parameter is called by
 * a member of one organization with the ids of another's records (and the reverse): always 404, never the
 * other's data, and nothing of the other organization changes in the database. The operations are read from
 * the OpenAPI document, so a new route without a case here fails the sweep until it gets one.
 */

type Team = Awaited<ReturnType<typeof createTeamOfRoles>>;

/** One organization's records, made through the API. */
interface Seed {
  team: Team;
  clientId: string;
  productId: string;
  templateId: string;
  contentBlockId: string;
  proposalId: string;
  publicToken: string;
  versionNumber: string;
  commentId: string;
  attachmentId: string;
  notificationId: string;
  inviteToken: string;
  teamId: string;
  userId: string;
  apiKeyId: string;
  /** A read-write API key of the organization (docs/product.md#api-keys). */
  apiKeyHeaders: Record<string, string>;
  webhookId: string;
  webhookDeliveryId: string;
  /** The organization's pending "Mudar de plano" request (docs/product.md#plans). */
  upgradeRequestId: string;
  /** A SEPA mandate, its exported (submitted) first collection and the file (docs/product.md#sepa-direct-debit). */
  mandateId: string;
  collectionId: string;
  exportId: string;
  /** An email domain of the organization's SSO connection, not yet verified (docs/product.md#single-sign-on). */
  ssoDomain: string;
}

const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

interface Case {
  /** Path parameters for a caller of organization `own` reaching records of `foreign`. */
  params: (own: Seed, foreign: Seed) => Record<string, string>;
  body?: (own: Seed, foreign: Seed) => unknown;
  multipart?: boolean;
  /** When the refusal is not a 404, and why. */
  refusal?: { status: number; reason: string };
}

/** Unknown, used, cancelled and expired one-time tokens get one answer, so none can be told apart by probing. */
const ONE_TIME_TOKEN = { status: 400, reason: 'one answer for every unusable one-time token' };

/** Organization routes: the caller is an admin of the other organization; the answer must be 404. */
const ORGANIZATION_CASES: Record<string, Case[]> = {
  'POST /payments/mandates/{id}/revoke': [{ params: (_, f) => ({ id: f.mandateId }) }],
  'POST /settings/sso/domains/{domain}/verify': [{ params: (_, f) => ({ domain: f.ssoDomain }) }],
  'POST /payments/collections/{id}/paid': [{ params: (_, f) => ({ id: f.collectionId }) }],
  'POST /payments/collections/{id}/returned': [
    { params: (_, f) => ({ id: f.collectionId }), body: () => ({ reason: 'MS02' }) },
  ],
  'GET /payments/exports/{id}/file': [{ params: (_, f) => ({ id: f.exportId }) }],
  'GET /clients/{id}': [{ params: (_, f) => ({ id: f.clientId }) }],
  'PUT /clients/{id}': [
    { params: (_, f) => ({ id: f.clientId }), body: () => ({ name: 'Intruso', email: 'intruso@x.pt' }) },
  ],
  'DELETE /clients/{id}': [{ params: (_, f) => ({ id: f.clientId }) }],
  'GET /clients/{id}/export': [{ params: (_, f) => ({ id: f.clientId }) }],
  'GET /products/{id}': [{ params: (_, f) => ({ id: f.productId }) }],
  'PUT /products/{id}': [
    { params: (_, f) => ({ id: f.productId }), body: () => ({ name: 'Intruso', price: 1 }) },
  ],
  'DELETE /products/{id}': [{ params: (_, f) => ({ id: f.productId }) }],
  'GET /templates/{id}': [{ params: (_, f) => ({ id: f.templateId }) }],
  'PUT /templates/{id}': [{ params: (_, f) => ({ id: f.templateId }), body: () => ({ name: 'Intruso' }) }],
  'DELETE /templates/{id}': [{ params: (_, f) => ({ id: f.templateId }) }],
  'POST /templates/{id}/use': [{ params: (_, f) => ({ id: f.templateId }) }],
  'GET /content-blocks/{id}': [{ params: (_, f) => ({ id: f.contentBlockId }) }],
  'PATCH /content-blocks/{id}': [
    { params: (_, f) => ({ id: f.contentBlockId }), body: () => ({ name: 'Intruso' }) },
  ],
  'DELETE /content-blocks/{id}': [{ params: (_, f) => ({ id: f.contentBlockId }) }],
  'GET /proposals/{id}': [{ params: (_, f) => ({ id: f.proposalId }) }],
  'PUT /proposals/{id}': [
    {
      params: (_, f) => ({ id: f.proposalId }),
      body: (o) => ({ title: 'Intruso', clientId: o.clientId }),
    },
  ],
  'DELETE /proposals/{id}': [{ params: (_, f) => ({ id: f.proposalId }) }],
  'POST /proposals/{id}/send': [{ params: (_, f) => ({ id: f.proposalId }) }],
  'GET /proposals/{id}/email-draft': [{ params: (_, f) => ({ id: f.proposalId }) }],
  'GET /proposals/{id}/versions': [{ params: (_, f) => ({ id: f.proposalId }) }],
  'GET /proposals/{id}/pdf': [{ params: (_, f) => ({ id: f.proposalId }) }],
  'GET /proposals/{id}/evidence': [{ params: (_, f) => ({ id: f.proposalId }) }],
  'GET /proposals/{id}/reading': [{ params: (_, f) => ({ id: f.proposalId }) }],
  'POST /proposals/{id}/reissue': [{ params: (_, f) => ({ id: f.proposalId }) }],
  'POST /proposals/{id}/cancel': [
    { params: (_, f) => ({ id: f.proposalId }), body: () => ({ reason: 'Intruso' }) },
  ],
  'POST /proposals/{id}/recipient': [
    { params: (_, f) => ({ id: f.proposalId }), body: () => ({ name: 'Intruso', email: 'intruso@x.pt' }) },
  ],
  'GET /proposals/{id}/messages': [{ params: (_, f) => ({ id: f.proposalId }) }],
  'POST /proposals/{id}/messages': [
    { params: (_, f) => ({ id: f.proposalId }), body: () => ({ message: 'Intruso' }) },
  ],
  'GET /proposals/{id}/approval': [{ params: (_, f) => ({ id: f.proposalId }) }],
  'POST /proposals/{id}/approval-request': [
    { params: (_, f) => ({ id: f.proposalId }), body: () => ({ note: 'Intruso' }) },
  ],
  'POST /proposals/{id}/approve': [{ params: (_, f) => ({ id: f.proposalId }) }],
  'POST /proposals/{id}/return': [
    { params: (_, f) => ({ id: f.proposalId }), body: () => ({ comment: 'Intruso' }) },
  ],
  'POST /proposals/{id}/duplicate': [{ params: (_, f) => ({ id: f.proposalId }) }],
  'POST /proposals/{id}/versions': [
    { params: (_, f) => ({ id: f.proposalId }), body: () => ({ changeNotes: 'Intruso' }) },
  ],
  'GET /proposals/{id}/versions/{number}': [
    { params: (_, f) => ({ id: f.proposalId, number: f.versionNumber }) },
  ],
  'GET /proposals/{id}/comments': [{ params: (_, f) => ({ id: f.proposalId }) }],
  'POST /proposals/{id}/comments': [
    { params: (_, f) => ({ id: f.proposalId }), body: () => ({ content: 'Intruso' }) },
  ],
  'PUT /proposals/{id}/comments/{commentId}': [
    {
      params: (_, f) => ({ id: f.proposalId, commentId: f.commentId }),
      body: () => ({ content: 'Intruso' }),
    },
    // Own proposal, the other organization's comment.
    {
      params: (o, f) => ({ id: o.proposalId, commentId: f.commentId }),
      body: () => ({ content: 'Intruso' }),
    },
  ],
  'DELETE /proposals/{id}/comments/{commentId}': [
    { params: (_, f) => ({ id: f.proposalId, commentId: f.commentId }) },
    { params: (o, f) => ({ id: o.proposalId, commentId: f.commentId }) },
  ],
  'GET /proposals/{id}/attachments': [{ params: (_, f) => ({ id: f.proposalId }) }],
  'GET /proposals/{id}/sealed-pdf': [{ params: (_, f) => ({ id: f.proposalId }) }],
  'POST /proposals/{id}/attachments': [{ params: (_, f) => ({ id: f.proposalId }), multipart: true }],
  'GET /proposals/{id}/attachments/{attachmentId}/download': [
    { params: (_, f) => ({ id: f.proposalId, attachmentId: f.attachmentId }) },
    { params: (o, f) => ({ id: o.proposalId, attachmentId: f.attachmentId }) },
  ],
  'DELETE /proposals/{id}/attachments/{attachmentId}': [
    { params: (_, f) => ({ id: f.proposalId, attachmentId: f.attachmentId }) },
    { params: (o, f) => ({ id: o.proposalId, attachmentId: f.attachmentId }) },
  ],
  'PUT /notifications/{id}/read': [{ params: (_, f) => ({ id: f.notificationId }) }],
  'DELETE /notifications/{id}': [{ params: (_, f) => ({ id: f.notificationId }) }],
  'POST /users/invites/{inviteToken}/resend': [{ params: (_, f) => ({ inviteToken: f.inviteToken }) }],
  'DELETE /users/invites/{inviteToken}': [{ params: (_, f) => ({ inviteToken: f.inviteToken }) }],
  'GET /users/{id}': [{ params: (_, f) => ({ id: f.userId }) }],
  'PUT /users/{id}': [
    {
      params: (_, f) => ({ id: f.userId }),
      body: () => ({ firstName: 'Intruso', lastName: 'Intruso', role: 'admin', teamId: null }),
    },
  ],
  'DELETE /users/{id}': [{ params: (_, f) => ({ id: f.userId }) }],
  'POST /users/{id}/reactivate': [{ params: (_, f) => ({ id: f.userId }) }],
  'DELETE /settings/api-keys/{id}': [{ params: (_, f) => ({ id: f.apiKeyId }) }],
  'POST /settings/api-keys/{id}/transfer': [
    // The other organization's key, to the caller's own admin.
    { params: (_, f) => ({ id: f.apiKeyId }), body: (o) => ({ userId: o.team.admin.id }) },
    // The caller's own key, to the other organization's admin.
    { params: (o) => ({ id: o.apiKeyId }), body: (_, f) => ({ userId: f.team.admin.id }) },
  ],
  'GET /teams/{id}': [{ params: (_, f) => ({ id: f.teamId }) }],
  'PUT /teams/{id}': [{ params: (_, f) => ({ id: f.teamId }), body: () => ({ name: 'Intruso' }) }],
  'DELETE /teams/{id}': [{ params: (_, f) => ({ id: f.teamId }) }],
  'POST /teams/{id}/members': [
    { params: (_, f) => ({ id: f.teamId }), body: (o) => ({ userId: o.userId }) },
    // Own team, the other organization's user.
    {
      params: (o) => ({ id: o.teamId }),
      body: (_, f) => ({ userId: f.userId }),
      // An id in the body is a form value: the form's message, which says nothing of the other organization.
      refusal: { status: 400, reason: "'O utilizador escolhido não pertence a esta organização'" },
    },
  ],
  'DELETE /teams/{id}/members/{userId}': [
    { params: (_, f) => ({ id: f.teamId, userId: f.userId }) },
    { params: (o, f) => ({ id: o.teamId, userId: f.userId }) },
  ],
  'GET /webhooks/{id}': [{ params: (_, f) => ({ id: f.webhookId }) }],
  'PUT /webhooks/{id}': [
    {
      params: (_, f) => ({ id: f.webhookId }),
      body: () => ({ url: 'http://127.0.0.1:9/intruso', events: ['client.created'] }),
    },
  ],
  'DELETE /webhooks/{id}': [{ params: (_, f) => ({ id: f.webhookId }) }],
  'GET /webhooks/{id}/secret': [{ params: (_, f) => ({ id: f.webhookId }) }],
  'POST /webhooks/{id}/rotate-secret': [{ params: (_, f) => ({ id: f.webhookId }) }],
  'POST /webhooks/{id}/test': [{ params: (_, f) => ({ id: f.webhookId }) }],
  'GET /webhooks/{id}/attempts': [{ params: (_, f) => ({ id: f.webhookId }) }],
  'POST /webhooks/{id}/deliveries/{deliveryId}/replay': [
    { params: (_, f) => ({ id: f.webhookId, deliveryId: f.webhookDeliveryId }) },
    // Own endpoint, the other organization's delivery.
    { params: (o, f) => ({ id: o.webhookId, deliveryId: f.webhookDeliveryId }) },
  ],
};

const unknownToken = () => randomBytes(24).toString('base64url');

/** Public routes reached by a token: an unknown token, or another proposal's attachment, is 404. */
const PUBLIC_CASES: Record<string, Case[]> = {
  'GET /public/proposals/{publicToken}': [{ params: () => ({ publicToken: unknownToken() }) }],
  'POST /public/proposals/{publicToken}/code': [{ params: () => ({ publicToken: unknownToken() }) }],
  'POST /public/proposals/{publicToken}/views': [{ params: () => ({ publicToken: unknownToken() }) }],
  'POST /public/proposals/{publicToken}/reading': [
    {
      params: () => ({ publicToken: unknownToken() }),
      body: () => ({ visitId: '00000000-0000-4000-8000-000000000000', visibleMs: 1, sections: {} }),
    },
  ],
  'POST /public/proposals/{publicToken}/accept': [
    { params: () => ({ publicToken: unknownToken() }), body: () => ({ ...NOTHING_SHOWN }) },
  ],
  'POST /public/proposals/{publicToken}/reject': [
    { params: () => ({ publicToken: unknownToken() }), body: () => ({ reason: 'Não', ...NOTHING_SHOWN }) },
  ],
  'POST /public/proposals/{publicToken}/sign': [
    {
      params: () => ({ publicToken: unknownToken() }),
      body: () => ({
        signerName: 'Intruso',
        signerEmail: 'intruso@x.pt',
        signatureData: PNG_1X1,
        ...NOTHING_SHOWN,
      }),
    },
  ],
  'POST /public/proposals/{publicToken}/messages': [
    {
      params: () => ({ publicToken: unknownToken() }),
      body: () => ({ kind: 'question', name: 'Intruso', email: 'intruso@x.pt', message: 'Olá' }),
    },
  ],
  'GET /public/proposals/{publicToken}/attachments': [{ params: () => ({ publicToken: unknownToken() }) }],
  // 'Não quero receber mais lembretes' (docs/product.md#reminders).
  'POST /public/proposals/{publicToken}/reminders/stop': [
    { params: () => ({ publicToken: unknownToken() }) },
  ],
  'GET /public/proposals/{publicToken}/sealed-pdf': [{ params: () => ({ publicToken: unknownToken() }) }],
  'GET /public/proposals/{publicToken}/pdf': [{ params: () => ({ publicToken: unknownToken() }) }],
  'GET /public/proposals/{publicToken}/attachments/{attachmentId}/download': [
    { params: (_, f) => ({ publicToken: unknownToken(), attachmentId: f.attachmentId }) },
    // A real public link with an attachment of another organization's proposal.
    { params: (o, f) => ({ publicToken: o.publicToken, attachmentId: f.attachmentId }) },
  ],
  'GET /invites/{token}': [{ params: () => ({ token: unknownToken() }), refusal: ONE_TIME_TOKEN }],
  'POST /invites/{token}/accept': [
    {
      params: () => ({ token: unknownToken() }),
      body: () => ({ firstName: 'Intruso', lastName: 'Intruso', password: 'Intruso-2026!' }),
      refusal: ONE_TIME_TOKEN,
    },
  ],
  'GET /auth/validate-reset-token/{resetToken}': [
    { params: () => ({ resetToken: unknownToken() }), refusal: ONE_TIME_TOKEN },
  ],
  // Our SAML service provider's metadata (docs/product.md#single-sign-on) is public by design for an organization
  // with a SAML connection (an entity id and the ACS: nothing secret); the seeds' OpenID Connect one answers 404.
  'GET /auth/sso/saml/{organizationId}/metadata': [{ params: (_, f) => ({ organizationId: f.team.org.id }) }],
};

/** Platform routes: cross-organization by design, for superadmins only; an organization admin gets 403. */
const PLATFORM_CASES: Record<string, Case[]> = {
  'GET /admin/users/{id}': [{ params: (_, f) => ({ id: f.userId }) }],
  'POST /admin/impersonate/{id}': [{ params: (_, f) => ({ id: f.userId }) }],
  'POST /admin/users/{id}/reactivate': [{ params: (_, f) => ({ id: f.userId }) }],
  'PUT /admin/organizations/{id}/plan': [
    { params: (_, f) => ({ id: f.team.org.id }), body: () => ({ plan: 'enterprise' }) },
  ],
  'POST /admin/organizations/{id}/trial': [
    { params: (_, f) => ({ id: f.team.org.id }), body: () => ({ days: 30 }) },
  ],
  'POST /admin/upgrade-requests/{id}/apply': [{ params: (_, f) => ({ id: f.upgradeRequestId }) }],
  'POST /admin/upgrade-requests/{id}/dismiss': [{ params: (_, f) => ({ id: f.upgradeRequestId }) }],
};

let t: TestApp;
const seeds = {} as { a: Seed; b: Seed };

async function seedOrganization(team: Team): Promise<Seed> {
  const admin = as(t.app, team.admin);
  const ok = async (res: Promise<LightMyRequestResponse>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBeLessThan(300);
    return r.json().data;
  };
  const client = await ok(admin('POST', '/clients', { name: 'Cliente', email: `c-${randomUUID()}@x.pt` }));
  const product = await ok(admin('POST', '/products', { name: 'Produto', price: 10 }));
  const template = await ok(admin('POST', '/templates', { name: 'Modelo' }));
  const contentBlock = await ok(
    admin('POST', '/content-blocks', { name: 'Bloco', block: { title: 'Título', content: 'Texto' } }),
  );
  const proposal = await ok(admin('POST', '/proposals', { title: 'Proposta', clientId: client.id }));
  const version = await ok(admin('POST', `/proposals/${proposal.id}/versions`, { changeNotes: 'v1' }));
  // A comment by someone else notifies the owner: the admin gets a notification.
  const comment = await ok(
    as(t.app, team.sales)('POST', `/proposals/${proposal.id}/comments`, { content: 'Olá' }),
  );
  const form = multipart(
    { description: 'Anexo', isVisibleToClient: 'true' },
    { name: 'nota.txt', content: Buffer.from('texto'), type: 'text/plain' },
  );
  const attachment = await ok(
    t.app.inject({
      method: 'POST',
      url: `/api/v1/proposals/${proposal.id}/attachments`,
      headers: { ...(await authHeaders(t.app, team.admin)), 'content-type': form.contentType },
      payload: form.payload,
    }),
  );
  const notifications = await ok(admin('GET', '/notifications'));
  const invite = await ok(admin('POST', '/users/invite', { email: `i-${randomUUID()}@x.pt`, role: 'sales' }));
  const teamRow = await ok(admin('POST', '/teams', { name: `Equipa ${randomUUID().slice(0, 6)}` }));
  const apiKey = await createApiKey(t.app, team.admin, 'write');
  // Nothing listens on port 9 (discard): deliveries stay in the queue, which is all this sweep needs.
  const webhook = await ok(
    admin('POST', '/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['client.created'] }),
  );
  const delivery = await ok(admin('POST', `/webhooks/${webhook.id}/test`));
  const upgradeRequest = await ok(
    admin('POST', '/settings/organization/upgrade-requests', { plan: 'enterprise', billingPeriod: 'yearly' }),
  );
  await insertCreditor(t.db, team.org.id);
  const sepa = await insertMandate(
    t.db,
    { organizationId: team.org.id, ownerId: team.admin.id },
    { firstCollectionDate: '2099-01-10' },
  );
  const sepaExport = await ok(admin('POST', '/payments/exports', { collectionDate: '2099-01-10' }));
  // The SSO connection is Enterprise's: written here directly, the seeds' plan is not the point.
  const ssoDomain = `sso-${team.org.id.slice(0, 8)}.pt`;
  await t.db.execute(sql`insert into sso_connections (organization_id, issuer, client_id, client_secret_encrypted)
    values (${team.org.id}, 'https://idp.example.pt', 'cliente', 'v1.x.y.z')`);
  await t.db.execute(sql`insert into sso_domains (organization_id, domain, verification_token)
    values (${team.org.id}, ${ssoDomain}, 'token')`);
  return {
    team,
    ssoDomain,
    mandateId: sepa.mandate.id,
    collectionId: sepa.collections[0]?.id as string,
    exportId: sepaExport.id,
    clientId: client.id,
    productId: product.id,
    templateId: template.id,
    contentBlockId: contentBlock.id,
    proposalId: proposal.id,
    publicToken: proposal.publicToken,
    versionNumber: String(version.versionNumber),
    commentId: comment.id,
    attachmentId: attachment.id,
    notificationId: notifications[0].id,
    inviteToken: invite.token,
    teamId: teamRow.id,
    userId: team.sales.id,
    apiKeyId: apiKey.id,
    apiKeyHeaders: apiKey.headers,
    webhookId: webhook.id,
    webhookDeliveryId: delivery.deliveryId,
    upgradeRequestId: upgradeRequest.id,
  };
}

/** A fingerprint of everything an organization owns, table by table. */
async function fingerprint(organizationId: string): Promise<Record<string, string>> {
  const tables = await t.db.execute<{ table_name: string }>(sql`
    select table_name from information_schema.columns
     where table_schema = 'public' and column_name = 'organization_id' order by table_name`);
  const result: Record<string, string> = {};
  for (const { table_name } of tables.rows) {
    const row = await t.db.execute<{ digest: string | null }>(
      sql`select md5(string_agg(x::text, '|' order by x::text)) as digest from ${sql.identifier(table_name)} x
           where x.organization_id = ${organizationId}`,
    );
    result[table_name] = row.rows[0]?.digest ?? 'empty';
  }
  const org = await t.db.execute<{ digest: string }>(
    sql`select md5(o::text) as digest from organizations o where o.id = ${organizationId}`,
  );
  result.organizations = org.rows[0]?.digest ?? 'missing';
  return result;
}

function fill(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${template}`);
    return encodeURIComponent(value);
  });
}

async function call(
  caller: TestUser | Record<string, string> | null,
  method: string,
  path: string,
  kase: Case,
  own: Seed,
  foreign: Seed,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> =
    caller === null ? {} : 'role' in caller ? await authHeaders(t.app, caller as TestUser) : { ...caller };
  let payload: string | Buffer | undefined;
  if (kase.multipart) {
    const form = multipart(
      { description: 'x' },
      { name: 'x.txt', content: Buffer.from('x'), type: 'text/plain' },
    );
    headers['content-type'] = form.contentType;
    payload = form.payload;
  } else if (kase.body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(kase.body(own, foreign));
  }
  return t.app.inject({ method: method as 'GET', url: path, headers, payload });
}

/** Every id of `seed`, to check an answer leaks none of them. */
const idsOf = (seed: Seed) =>
  [seed.clientId, seed.productId, seed.templateId, seed.proposalId, seed.publicToken, seed.commentId]
    .concat([
      seed.attachmentId,
      seed.notificationId,
      seed.inviteToken,
      seed.teamId,
      seed.userId,
      seed.apiKeyId,
      seed.upgradeRequestId,
      seed.mandateId,
      seed.collectionId,
      seed.exportId,
    ])
    .filter(Boolean);

interface Operation {
  method: string;
  path: string;
}

let operations: Operation[] = [];

beforeAll(async () => {
  // Webhook endpoints on loopback (http) are allowed here; the SSRF guard has its own tests.
  t = await buildTestApp({ webhooks: { allowPrivate: true } });
  seeds.a = await seedOrganization(await createTeamOfRoles(t.db));
  seeds.b = await seedOrganization(await createTeamOfRoles(t.db));
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => ({ method: m.toUpperCase(), path })),
  );
}, 60_000);

afterAll(async () => {
  await t.close();
});

const key = (op: Operation) => `${op.method} ${op.path.replace(/^\/api\/v1/, '')}`;
const withParams = () => operations.filter((op) => op.path.includes('{'));

describe('tenant isolation sweep over the OpenAPI document', () => {
  it('has a case for every operation with a path parameter (a new route must get one)', () => {
    const covered = { ...ORGANIZATION_CASES, ...PUBLIC_CASES, ...PLATFORM_CASES };
    const missing = withParams()
      .map(key)
      .filter((k) => !covered[k]);
    expect(missing).toEqual([]);
    expect(withParams().length).toBeGreaterThanOrEqual(45);
  });

  for (const [own, foreign] of [
    ['b', 'a'],
    ['a', 'b'],
  ] as const) {
    it(`organization ${own.toUpperCase()} reaching ${foreign.toUpperCase()}'s records: always 404, nothing leaked or changed`, async () => {
      const before = await fingerprint(seeds[foreign].team.org.id);
      const failures: string[] = [];
      const foreignIds = idsOf(seeds[foreign]);
      for (const op of withParams()) {
        const k = key(op);
        const organization = ORGANIZATION_CASES[k];
        const platform = PLATFORM_CASES[k];
        const publicCases = PUBLIC_CASES[k];
        const cases = organization ?? platform ?? publicCases ?? [];
        for (const kase of cases) {
          const params = kase.params(seeds[own], seeds[foreign]);
          const caller = publicCases ? null : seeds[own].team.admin;
          const res = await call(caller, op.method, fill(op.path, params), kase, seeds[own], seeds[foreign]);
          const expected = kase.refusal?.status ?? (platform ? 403 : 404);
          if (res.statusCode !== expected)
            failures.push(`${k} ${JSON.stringify(params)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
          const leaked = foreignIds.filter(
            (id) => !Object.values(params).includes(id) && res.body.includes(id),
          );
          if (leaked.length > 0) failures.push(`${k} leaked ${leaked.join(', ')}`);
        }
      }
      expect(failures).toEqual([]);
      expect(await fingerprint(seeds[foreign].team.org.id)).toEqual(before);
    }, 120_000);
  }

  for (const [own, foreign] of [
    ['b', 'a'],
    ['a', 'b'],
  ] as const) {
    it(`a read-write API key of ${own.toUpperCase()} reaching ${foreign.toUpperCase()}'s records: 404 (403 where keys never go), nothing leaked or changed`, async () => {
      const before = await fingerprint(seeds[foreign].team.org.id);
      const failures: string[] = [];
      const foreignIds = idsOf(seeds[foreign]);
      for (const op of withParams()) {
        const k = key(op);
        const cases = ORGANIZATION_CASES[k] ?? PLATFORM_CASES[k] ?? [];
        // Areas an API key never reaches (docs/product.md#api-keys): refused before any record is looked up.
        const path = op.path.replace(/^\/api\/v1/, '');
        const refusedArea =
          /^\/(auth|admin|settings|notifications|webhooks)\//.test(path) ||
          path.startsWith('/users/invite') ||
          (path.startsWith('/users/') && op.method !== 'GET');
        for (const kase of cases) {
          const params = kase.params(seeds[own], seeds[foreign]);
          const res = await call(
            seeds[own].apiKeyHeaders,
            op.method,
            fill(op.path, params),
            kase,
            seeds[own],
            seeds[foreign],
          );
          const expected = refusedArea ? 403 : (kase.refusal?.status ?? 404);
          if (res.statusCode !== expected)
            failures.push(`${k} ${JSON.stringify(params)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
          const leaked = foreignIds.filter(
            (id) => !Object.values(params).includes(id) && res.body.includes(id),
          );
          if (leaked.length > 0) failures.push(`${k} leaked ${leaked.join(', ')}`);
        }
      }
      expect(failures).toEqual([]);
      expect(await fingerprint(seeds[foreign].team.org.id)).toEqual(before);
    }, 120_000);
  }

  // White-label (docs/product.md#white-label): on an organization's verified custom domain, a real link of the
  // other organization (one its own host answers) is not found on any public route, and nothing changes.
  for (const [own, foreign] of [
    ['b', 'a'],
    ['a', 'b'],
  ] as const) {
    it(`on ${own.toUpperCase()}'s custom domain, ${foreign.toUpperCase()}'s live link: 404 on every public route, nothing changed`, async () => {
      const host = `propostas-${own}.example.pt`;
      await t.db.execute(sql`insert into custom_domains (organization_id, domain, verification_token, verified_at)
        values (${seeds[own].team.org.id}, ${host}, 'token', now()) on conflict do nothing`);
      const live = await insertSentProposal(t.db, {
        organizationId: seeds[foreign].team.org.id,
        ownerId: seeds[foreign].team.admin.id,
      });
      const onAppHost = await t.app.inject({ url: `/api/v1/public/proposals/${live.token}` });
      expect(onAppHost.statusCode, onAppHost.body).toBe(200);
      const before = await fingerprint(seeds[foreign].team.org.id);
      const failures: string[] = [];
      const routes = withParams().filter((op) => op.path.includes('{publicToken}'));
      expect(routes.length).toBeGreaterThanOrEqual(10);
      for (const op of routes) {
        for (const kase of PUBLIC_CASES[key(op)] ?? []) {
          const params = { ...kase.params(seeds[own], seeds[foreign]), publicToken: live.token };
          const headers: Record<string, string> = { host };
          if (kase.body) headers['content-type'] = 'application/json';
          const res = await t.app.inject({
            method: op.method as 'GET',
            url: fill(op.path, params),
            headers,
            payload: kase.body ? JSON.stringify(kase.body(seeds[own], seeds[foreign])) : undefined,
          });
          if (res.statusCode !== 404)
            failures.push(`${key(op)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
      const page = await t.app.inject({ url: `/p/${live.token}`, headers: { host } });
      if (page.statusCode !== 404) failures.push(`/p/{publicToken} → ${page.statusCode}`);
      expect(failures).toEqual([]);
      expect(await fingerprint(seeds[foreign].team.org.id)).toEqual(before);
    });
  }

  it("an API key's list and revocation stay in its organization", async () => {
    const list = await as(t.app, seeds.b.team.admin)('GET', '/settings/api-keys');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(seeds.a.apiKeyId);
  });
});
