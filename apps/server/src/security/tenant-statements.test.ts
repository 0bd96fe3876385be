import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { walkEvenMorePaths } from '@/test/even-more-paths.ts';
import { walkHotPaths } from '@/test/hot-paths.ts';
import { moreTxtRecords, walkMorePaths } from '@/test/more-paths.ts';
import {
  captureStatements,
  loadParser,
  statementFingerprint,
  tenantTables,
  unscopedReferences,
} from '@/test/tenant-statements.ts';

/**
 * Every statement that touches a tenant table filters it by `organization_id` (issue 41): what keeps the data
 * distributable by organization (Citus, docs/scale.md). The statements are the ones the app really sends while
 * it walks its everyday paths (test/hot-paths.ts), the paths beyond them (test/more-paths.ts: superadmin,
 * Enterprise settings, the SAML and OIDC sign-ins, webhooks, SEPA from the mandate to the bank's answer, the
 * client's answers; test/even-more-paths.ts: an API key, an impersonation, an attachment) and every GET of its
 * OpenAPI document without a path parameter (a new list or settings read is covered without a line here), parsed
 * by PostgreSQL's own parser.
 * docs/decisions.md, "Every statement names its organization".
 */

/**
 * The statements allowed to reach tenant rows without naming one organization, by fingerprint (the statement's
 * parse tree, whatever its values; a failure prints each new one's fingerprint and text), with why and what a
 * distributed database does with it (docs/scale.md#what-citus-routes). A new unscoped statement fails the test
 * until it is scoped or listed here with its reason.
 */
const ALLOWED: Record<string, string> = {
  // Platform-wide by design: the background queues claim due rows of every organization (FOR UPDATE SKIP
  // LOCKED), then work on the claimed rows by id. Under Citus: multi-shard, run by the coordinator, which a
  // background job can afford; or one claim per shard.
  '2577f145141cbbbc': 'the email outbox claim (lib/durable-queue.ts)',
  '4fbd61960fb6dc81': 'the claimed emails, read by id (email.queries.ts claimDueEmails)',
  '663c7771d5cf90a9': 'an email marked sent, by id (email.queries.ts markEmailSent)',
  f4abfdbfb2e57353: 'the webhook deliveries claim (webhooks.queries.ts)',
  '8e8ce44bc1c4854b': 'the sealed PDFs claim (lib/durable-queue.ts)',
  a4d2dc8dfb8d2c59:
    'the per-recipient mail limit counts one address across organizations (email.queries.ts): multi-shard, by design',
  '1450cb632b861c68': 'the claimed webhook deliveries, read by id (webhooks.queries.ts selectClaimed)',
  '297ea3ec20f3288c': 'a webhook delivery marked delivered, by id (webhooks.queries.ts markDelivered)',
  d1866a81e4d45793:
    'an endpoint healthy again after a delivery, by id (webhooks.queries.ts markEndpointHealthy)',
  d0b5c5797ea172d9:
    "the answer-code limits: the per-recipient count is one address across organizations, as the mail limit's",
  '89b100d9e120372c':
    'the client-message limit per network counts one IP across organizations (public-proposals.queries.ts)',
  e1ebaa396aa78433:
    'the SEPA pre-notification candidates of every organization (sepa-collections.queries.ts), each then claimed in its own',
  // The expired rows of the SSO sign-ins go whoever's, at each sign-in: the tables only ever hold what could
  // still be used (the flows carry the provider's profile of a person). Multi-shard deletes of few rows.
  be35a8f075845479: 'the expired SSO flows (sso.queries.ts takeFlow)',
  '8fa2792695ddd7b0': 'the expired SAML assertions of the replay check (sso.queries.ts recordSamlAssertion)',
  // Before the organization is known: the identity and token look-ups that find it. Under Citus: not router-
  // executable by organization; they need a lookup by their own key (a reference or a separately distributed
  // table of email → organization, token → organization), docs/scale.md#the-citus-design.
  '1b64130f3449f7b5': 'sign-in: the user (and team, organization) by email',
  '4861f37464f10138': 'the signed-in user (and team, organization) by id',
  '378d55f206737638': 'sign-in: last_login_at by user id',
  '21a51b01dd858fa2': 'the per-request session check (refresh token family, user, organization)',
  ceabc488ae389600: 'the public page: expiry of the proposal found by its public token',
  '67713a90786d2cb8': 'the public page: the proposal (owner, client, creditor) by its public token',
  '8e86e26fe2e9a11c':
    "the public page's attachments: the proposal by its public token (attachments.queries.ts)",
  f4cb1a5378c9b250: 'a verified custom domain, by its name: another organization holding it, and the TLS ask',
  '718d9017bab028a4': 'SSO sign-in start: the connection (and organization) of a verified email domain',
  '00ab4b7516b9c2a5': "the SAML ACS: the open flow (and organization) by its RelayState's hash",
  '31942271b086e4c5': "the SSO callback: the flow (and organization) taken by its state's hash",
  '9b2fd49fc7e466f0': "an API key's request: the key (and organization) by its SHA-256 (api-keys.queries.ts)",
  fb79d8342dbccfae:
    'the organization (and plan) of a custom host, by the Host header (custom-domains selectHostOwner)',
  // The superadmin's screens: the platform's users, organizations and upgrade requests, every organization's by
  // design. Under Citus: multi-shard reads, rare and paginated.
  da2b3923b5d48849: 'the superadmin: every user, with the organization (admin.queries.ts selectAllUsers)',
  '52a6b341dfef1525':
    "the superadmin: one user of any organization (admin.queries.ts selectAnyUser; impersonation's target, and the superadmin back)",
  '865e9c4a707fa03e': "the superadmin: the users list's count",
  e708eee32b49f2a2:
    'the superadmin: every organization, with its counts (admin.queries.ts selectAllOrganizations)',
  '72863c2a43d31166': "the superadmin: the organizations list's count",
  '4a73f0f9b5918eaf': 'the superadmin: the upgrade requests of every organization',
  // Global rows beside the organization's: templates are the organization's or the platform's (`is_global`).
  // Under Citus the global templates move to a reference table (docs/scale.md#the-citus-design).
  b0748125e02be5d9: "the template list: the organization's and the global ones",
};

let t: TestApp;
let captured: Set<string>;

beforeAll(async () => {
  await loadParser();
  t = await buildTestApp({ webhooks: { allowPrivate: true }, ssoResolveTxt: moreTxtRecords });
  const capture = captureStatements();
  try {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const walked = await walkHotPaths(t.app, t.db);
    await walkMorePaths(t.app, t.db, walked);
    await walkEvenMorePaths(t.app, t.db, walked);
    // Every GET without a path parameter, and every GET of one proposal's resources with the walked proposal.
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (!('get' in operations) || !path.startsWith('/api/v1/')) continue;
      const url = path.replace(/^\/api\/v1\/proposals\/\{id\}/, `/api/v1/proposals/${walked.proposalId}`);
      if (url.includes('{')) continue;
      await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${walked.accessToken}` } });
    }
    // Deliberately unscoped, sent as the app sends: the check below must catch it.
    await t.db.execute(sql`select title from proposals where id = ${randomUUID()}`);
  } finally {
    capture.stop();
  }
  captured = capture.statements;
});
afterAll(async () => {
  await t?.close();
});

describe('every statement names its organization', () => {
  it('reads the tenant tables from the schema', () => {
    const tables = tenantTables();
    expect(tables.get('proposals')).toBe('organization_id');
    expect(tables.get('organizations')).toBe('id');
    expect(tables.has('users')).toBe(true);
    expect(tables.size).toBeGreaterThan(25);
  });

  it('tells a scoped statement from an unscoped one (the check itself)', () => {
    const ok = [
      'select * from proposals where organization_id = $1 and id = $2',
      'select p.id from proposals p join clients c on c.id = p.client_id and c.organization_id = p.organization_id where p.organization_id = $1',
      'select id from proposals p where p.organization_id = $1 and exists (select 1 from proposal_versions v where v.proposal_id = p.id and v.organization_id = p.organization_id)',
      'insert into clients (organization_id, name) values ($1, $2)',
      'update proposals set title = $1 where id = $2 and organization_id = $3::uuid',
      'with x as (select id from clients where organization_id = $1) select * from x',
    ];
    for (const sql of ok) expect(unscopedReferences(sql), sql).toEqual([]);
    // Deliberately unscoped: each must be caught.
    expect(unscopedReferences('select * from proposals where id = $1')).toEqual([
      'proposals not filtered by organization_id',
    ]);
    expect(
      unscopedReferences('update proposals set title = $1 where id = $2 or organization_id = $3'),
    ).toEqual(['proposals not filtered by organization_id']);
    expect(
      unscopedReferences(
        'select p.id from proposals p join clients c on c.id = p.client_id where p.organization_id = $1',
      ),
    ).toEqual(['clients (c) joined by a foreign key, not by organization_id']);
    expect(unscopedReferences('insert into clients (name) values ($1)')).toEqual([
      'INSERT INTO clients without organization_id',
    ]);
    expect(unscopedReferences('delete from products where organization_id = organization_id')).toEqual([
      'products not filtered by organization_id',
    ]);
  });

  it('finds no statement the app sent that reaches a tenant table without its organization', () => {
    expect(captured.size).toBeGreaterThan(50);
    const found = unlisted(captured);
    const deliberate = found.filter((f) => f.includes('select title from proposals where id = $1'));
    expect(deliberate, 'the deliberately unscoped statement is caught').toHaveLength(1);
    const unscoped = found.filter((f) => !deliberate.includes(f));
    expect(unscoped, unscoped.join('\n')).toEqual([]);
  });

  it('lists no statement that is scoped now or no longer sent (the list stays true)', () => {
    const tables = tenantTables();
    const stillUnscoped = new Set(
      [...captured].filter((text) => unscopedReferences(text, tables).length > 0).map(statementFingerprint),
    );
    expect(Object.keys(ALLOWED).filter((fingerprint) => !stillUnscoped.has(fingerprint))).toEqual([]);
  });
});

/** The captured statements that reach a tenant table without its organization and are not in ALLOWED. */
function unlisted(statements: Iterable<string>): string[] {
  const tables = tenantTables();
  const found: string[] = [];
  for (const text of statements) {
    const problems = unscopedReferences(text, tables);
    if (problems.length === 0) continue;
    const fingerprint = statementFingerprint(text);
    if (Object.hasOwn(ALLOWED, fingerprint)) continue;
    found.push(`'${fingerprint}': // ${problems.join('; ')}\n    ${text.replace(/\s+/g, ' ').slice(0, 400)}`);
  }
  return found;
}
