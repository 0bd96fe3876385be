import { randomUUID } from 'node:crypto';
import {
  type Actor,
  can,
  canAssignProposal,
  canDeleteAttachment,
  canDeleteProposal,
  canEditComment,
  canManageProposal,
  canWriteTemplate,
  ORG_ROLES,
  type Permission,
} from '@aceite/shared/permissions';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, authHeaders, createTeamOfRoles, createUser, type TestUser } from '@/test/factories.ts';
import { multipart } from '@/test/multipart.ts';

/**
 * Role matrix (issue 10): every write operation of the OpenAPI document × every organization role, decided by
 * the shared policies the server itself enforces (`can()` and the resource policies of
 * @aceite/shared/permissions, docs/product.md#roles-and-permissions; the server calls them through
 * lib/access.ts). No expectation is written by hand: a route that drifts from its policy (a role check of its
 * own, a forgotten check) fails.
 * Allowed calls succeed; refused ones answer 403 and change nothing in the organization's data. A write
 * operation that is neither here nor in the self-service list fails the test until it is given its rule.
 */

type Team = Awaited<ReturnType<typeof createTeamOfRoles>>;

interface Target {
  url: string;
  body?: unknown;
  multipart?: boolean;
}

/** Who may call it: a permission of the map, or a resource policy of the same module given the target's data. */
type Rule = { permission: Permission } | { policy: (actor: Actor) => boolean };

interface WriteCase {
  rule: Rule;
  /** A fresh target for one call (records made by `team`'s own members, through the API). */
  target: (team: Team) => Promise<Target>;
}

let t: TestApp;
let team: Team;
/** A second sales user: owner of the proposals that are "someone else's". */
let otherSales: TestUser;

async function ok(res: Promise<LightMyRequestResponse> | LightMyRequestResponse) {
  const r = await res;
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json().data;
}

const make = {
  client: async (by: TestUser = team.admin) =>
    ok(as(t.app, by)('POST', '/clients', { name: 'Cliente', email: `c-${randomUUID()}@x.pt` })),
  product: async () => ok(as(t.app, team.admin)('POST', '/products', { name: 'Produto', price: 10 })),
  template: async () => ok(as(t.app, team.admin)('POST', '/templates', { name: 'Modelo' })),
  /** A proposal owned by `owner` (set directly, so a viewer can "own" one too). */
  proposal: async (owner: TestUser) => {
    const client = await make.client();
    const p = await ok(
      as(t.app, team.admin)('POST', '/proposals', { title: 'Proposta', clientId: client.id }),
    );
    await t.db.execute(sql`update proposals set owner_id = ${owner.id} where id = ${p.id}`);
    return { ...p, ownerId: owner.id };
  },
  teamRow: async () =>
    ok(as(t.app, team.admin)('POST', '/teams', { name: `Equipa ${randomUUID().slice(0, 8)}` })),
  member: async () => createUser(t.db, { organizationId: team.org.id, role: 'sales' }),
  invite: async () =>
    ok(as(t.app, team.admin)('POST', '/users/invite', { email: `i-${randomUUID()}@x.pt`, role: 'sales' })),
  comment: async (proposalId: string, by: TestUser) =>
    ok(as(t.app, by)('POST', `/proposals/${proposalId}/comments`, { content: 'Nota' })),
  attachment: async (proposalId: string, by: TestUser) => {
    const form = multipart({}, { name: 'a.txt', content: Buffer.from('texto'), type: 'text/plain' });
    return ok(
      t.app.inject({
        method: 'POST',
        url: `/api/v1/proposals/${proposalId}/attachments`,
        headers: { ...(await authHeaders(t.app, by)), 'content-type': form.contentType },
        payload: form.payload,
      }),
    );
  },
};

const FILE = { multipart: true };

/** The caller is `role`; "own" records are made by the caller, "others'" by a second sales user. */
function casesFor(caller: () => TestUser): Record<string, WriteCase[]> {
  return {
    'POST /clients': [
      {
        rule: { permission: 'client:write' },
        target: async () => ({ url: '/clients', body: { name: 'N', email: `n-${randomUUID()}@x.pt` } }),
      },
    ],
    'PUT /clients/{id}': [
      {
        rule: { permission: 'client:write' },
        target: async () => ({
          url: `/clients/${(await make.client()).id}`,
          body: { name: 'Novo', email: `e-${randomUUID()}@x.pt` },
        }),
      },
    ],
    'DELETE /clients/{id}': [
      {
        rule: { permission: 'client:delete' },
        target: async () => ({ url: `/clients/${(await make.client()).id}` }),
      },
    ],
    'POST /products': [
      {
        rule: { permission: 'catalogue:write' },
        target: async () => ({ url: '/products', body: { name: 'P', price: 1 } }),
      },
    ],
    'PUT /products/{id}': [
      {
        rule: { permission: 'catalogue:write' },
        target: async () => ({
          url: `/products/${(await make.product()).id}`,
          body: { name: 'P2', price: 2 },
        }),
      },
    ],
    'DELETE /products/{id}': [
      {
        rule: { permission: 'catalogue:write' },
        target: async () => ({ url: `/products/${(await make.product()).id}` }),
      },
    ],
    'POST /templates': [
      {
        rule: { policy: (a) => canWriteTemplate(a, false) },
        target: async () => ({ url: '/templates', body: { name: 'T' } }),
      },
    ],
    'PUT /templates/{id}': [
      {
        rule: { policy: (a) => canWriteTemplate(a, false) },
        target: async () => ({ url: `/templates/${(await make.template()).id}`, body: { name: 'T2' } }),
      },
    ],
    'DELETE /templates/{id}': [
      {
        rule: { policy: (a) => canWriteTemplate(a, false) },
        target: async () => ({ url: `/templates/${(await make.template()).id}` }),
      },
    ],
    'POST /templates/{id}/use': [
      {
        rule: { permission: 'template:use' },
        target: async () => ({ url: `/templates/${(await make.template()).id}/use` }),
      },
    ],
    'POST /proposals': [
      {
        rule: { permission: 'proposal:create' },
        target: async () => ({
          url: '/proposals',
          body: { title: 'Nova', clientId: (await make.client()).id },
        }),
      },
      {
        // Creating it approved is a manager's or admin's call.
        rule: { permission: 'proposal:approve' },
        target: async () => ({
          url: '/proposals',
          body: { title: 'Aprovada', clientId: (await make.client()).id, status: 'approved' },
        }),
      },
    ],
    'PUT /proposals/{id}': [
      {
        rule: { policy: (a) => canManageProposal(a, otherSales.id) },
        target: async () => {
          const p = await make.proposal(otherSales);
          return { url: `/proposals/${p.id}`, body: { title: 'Editada', clientId: p.clientId } };
        },
      },
      {
        rule: { policy: (a) => canManageProposal(a, a.userId) },
        target: async () => {
          const p = await make.proposal(caller());
          return { url: `/proposals/${p.id}`, body: { title: 'Editada', clientId: p.clientId } };
        },
      },
      {
        // Handing one's own proposal to someone else.
        rule: { policy: (a) => canManageProposal(a, a.userId) && canAssignProposal(a) },
        target: async () => {
          const p = await make.proposal(caller());
          return {
            url: `/proposals/${p.id}`,
            body: { title: 'Passada', clientId: p.clientId, ownerId: otherSales.id },
          };
        },
      },
    ],
    'DELETE /proposals/{id}': [
      {
        rule: { policy: (a) => canDeleteProposal(a, otherSales.id, false) },
        target: async () => ({ url: `/proposals/${(await make.proposal(otherSales)).id}` }),
      },
      {
        rule: { policy: (a) => canDeleteProposal(a, a.userId, false) },
        target: async () => ({ url: `/proposals/${(await make.proposal(caller())).id}` }),
      },
      {
        // Answered by the client: evidence, archived by an admin only.
        rule: { policy: (a) => canDeleteProposal(a, a.userId, true) },
        target: async () => {
          const p = await make.proposal(caller());
          await t.db.execute(
            sql`update proposals set status = 'accepted', accepted_at = now() where id = ${p.id}`,
          );
          return { url: `/proposals/${p.id}` };
        },
      },
    ],
    'POST /proposals/{id}/reissue': [
      {
        rule: { policy: (a) => canManageProposal(a, otherSales.id) },
        target: async () => {
          const p = await make.proposal(otherSales);
          await t.db.execute(
            sql`update proposals set status = 'accepted', accepted_at = now() where id = ${p.id}`,
          );
          return { url: `/proposals/${p.id}/reissue` };
        },
      },
      {
        rule: { policy: (a) => canManageProposal(a, a.userId) },
        target: async () => {
          const p = await make.proposal(caller());
          await t.db.execute(
            sql`update proposals set status = 'accepted', accepted_at = now() where id = ${p.id}`,
          );
          return { url: `/proposals/${p.id}/reissue` };
        },
      },
    ],
    'POST /proposals/{id}/send': [
      {
        rule: { policy: (a) => canManageProposal(a, otherSales.id) },
        target: async () => ({ url: `/proposals/${(await make.proposal(otherSales)).id}/send` }),
      },
      {
        rule: { policy: (a) => canManageProposal(a, a.userId) },
        target: async () => ({ url: `/proposals/${(await make.proposal(caller())).id}/send` }),
      },
    ],
    'GET /proposals/{id}/email-draft': [
      {
        rule: { policy: (a) => canManageProposal(a, otherSales.id) },
        target: async () => ({ url: `/proposals/${(await make.proposal(otherSales)).id}/email-draft` }),
      },
      {
        rule: { policy: (a) => canManageProposal(a, a.userId) },
        target: async () => ({ url: `/proposals/${(await make.proposal(caller())).id}/email-draft` }),
      },
    ],
    'POST /proposals/{id}/versions': [
      {
        rule: { policy: (a) => canManageProposal(a, otherSales.id) },
        target: async () => ({
          url: `/proposals/${(await make.proposal(otherSales)).id}/versions`,
          body: { changeNotes: 'v' },
        }),
      },
      {
        rule: { policy: (a) => canManageProposal(a, a.userId) },
        target: async () => ({
          url: `/proposals/${(await make.proposal(caller())).id}/versions`,
          body: { changeNotes: 'v' },
        }),
      },
    ],
    'POST /proposals/{id}/attachments': [
      {
        rule: { policy: (a) => canManageProposal(a, otherSales.id) },
        target: async () => ({
          url: `/proposals/${(await make.proposal(otherSales)).id}/attachments`,
          ...FILE,
        }),
      },
      {
        rule: { policy: (a) => canManageProposal(a, a.userId) },
        target: async () => ({
          url: `/proposals/${(await make.proposal(caller())).id}/attachments`,
          ...FILE,
        }),
      },
    ],
    'DELETE /proposals/{id}/attachments/{attachmentId}': [
      {
        rule: { policy: (a) => canDeleteAttachment(a, otherSales.id) },
        target: async () => {
          const p = await make.proposal(otherSales);
          const a = await make.attachment(p.id, otherSales);
          return { url: `/proposals/${p.id}/attachments/${a.id}` };
        },
      },
      {
        // The caller's own upload (made theirs directly, so a viewer can have one too).
        rule: { policy: (a) => canDeleteAttachment(a, a.userId) },
        target: async () => {
          const p = await make.proposal(otherSales);
          const a = await make.attachment(p.id, otherSales);
          await t.db.execute(
            sql`update proposal_attachments set uploaded_by = ${caller().id} where id = ${a.id}`,
          );
          return { url: `/proposals/${p.id}/attachments/${a.id}` };
        },
      },
    ],
    'POST /proposals/{id}/comments': [
      {
        rule: { permission: 'comment:create' },
        target: async () => ({
          url: `/proposals/${(await make.proposal(otherSales)).id}/comments`,
          body: { content: 'Olá' },
        }),
      },
    ],
    'PUT /proposals/{id}/comments/{commentId}': [
      {
        rule: { policy: (a) => can(a.role, 'comment:create') && canEditComment(a, otherSales.id) },
        target: async () => {
          const p = await make.proposal(otherSales);
          const c = await make.comment(p.id, otherSales);
          return { url: `/proposals/${p.id}/comments/${c.id}`, body: { content: 'Mudado' } };
        },
      },
      {
        // The caller's own comment (made theirs directly, so a viewer can have one too).
        rule: { policy: (a) => can(a.role, 'comment:create') && canEditComment(a, a.userId) },
        target: async () => {
          const p = await make.proposal(otherSales);
          const c = await make.comment(p.id, otherSales);
          await t.db.execute(sql`update proposal_comments set user_id = ${caller().id} where id = ${c.id}`);
          return { url: `/proposals/${p.id}/comments/${c.id}`, body: { content: 'Mudado' } };
        },
      },
    ],
    'DELETE /proposals/{id}/comments/{commentId}': [
      {
        rule: { policy: (a) => canEditComment(a, otherSales.id) },
        target: async () => {
          const p = await make.proposal(otherSales);
          const c = await make.comment(p.id, otherSales);
          return { url: `/proposals/${p.id}/comments/${c.id}` };
        },
      },
      {
        rule: { policy: (a) => canEditComment(a, a.userId) },
        target: async () => {
          const p = await make.proposal(otherSales);
          const c = await make.comment(p.id, otherSales);
          await t.db.execute(sql`update proposal_comments set user_id = ${caller().id} where id = ${c.id}`);
          return { url: `/proposals/${p.id}/comments/${c.id}` };
        },
      },
    ],
    'POST /users/invite': [
      {
        rule: { permission: 'user:manage' },
        target: async () => ({
          url: '/users/invite',
          body: { email: `n-${randomUUID()}@x.pt`, role: 'sales' },
        }),
      },
    ],
    'POST /users/invites/{inviteToken}/resend': [
      {
        rule: { permission: 'user:manage' },
        target: async () => ({ url: `/users/invites/${(await make.invite()).token}/resend` }),
      },
    ],
    'DELETE /users/invites/{inviteToken}': [
      {
        rule: { permission: 'user:manage' },
        target: async () => ({ url: `/users/invites/${(await make.invite()).token}` }),
      },
    ],
    'PUT /users/{id}': [
      {
        rule: { permission: 'user:manage' },
        target: async () => ({
          url: `/users/${(await make.member()).id}`,
          body: { firstName: 'Novo', lastName: 'Nome', role: 'manager', teamId: null },
        }),
      },
    ],
    'DELETE /users/{id}': [
      {
        rule: { permission: 'user:manage' },
        target: async () => ({ url: `/users/${(await make.member()).id}` }),
      },
    ],
    'POST /users/{id}/reactivate': [
      {
        rule: { permission: 'user:manage' },
        target: async () => ({ url: `/users/${(await make.member()).id}/reactivate` }),
      },
    ],
    'POST /teams': [
      {
        rule: { permission: 'team:write' },
        target: async () => ({ url: '/teams', body: { name: `E ${randomUUID()}` } }),
      },
    ],
    'PUT /teams/{id}': [
      {
        rule: { permission: 'team:write' },
        target: async () => ({
          url: `/teams/${(await make.teamRow()).id}`,
          body: { name: `E ${randomUUID()}` },
        }),
      },
    ],
    'DELETE /teams/{id}': [
      {
        rule: { permission: 'team:write' },
        target: async () => ({ url: `/teams/${(await make.teamRow()).id}` }),
      },
    ],
    'POST /teams/{id}/members': [
      {
        rule: { permission: 'team:write' },
        target: async () => ({
          url: `/teams/${(await make.teamRow()).id}/members`,
          body: { userId: (await make.member()).id },
        }),
      },
    ],
    'DELETE /teams/{id}/members/{userId}': [
      {
        rule: { permission: 'team:write' },
        target: async () => {
          const row = await make.teamRow();
          const member = await make.member();
          await ok(as(t.app, team.admin)('POST', `/teams/${row.id}/members`, { userId: member.id }));
          return { url: `/teams/${row.id}/members/${member.id}` };
        },
      },
    ],
    'PUT /settings/organization': [
      {
        rule: { permission: 'organization:manage' },
        target: async () => ({ url: '/settings/organization', body: { name: team.org.name } }),
      },
    ],
  };
}

/** Writes every signed-in user may make on their own things, or that need no session at all. */
const NOT_ROLE_BOUND = new Set([
  'POST /auth/register',
  'POST /auth/login',
  'POST /auth/refresh',
  'POST /auth/logout',
  'POST /auth/forgot-password',
  'POST /auth/reset-password',
  'PUT /settings/profile',
  'PUT /settings/password',
  'PUT /notifications/{id}/read',
  'PUT /notifications/mark-all-read',
  'DELETE /notifications/{id}',
  'DELETE /notifications',
  'POST /invites/{token}/accept',
  'POST /public/proposals/{publicToken}/code',
  'POST /public/proposals/{publicToken}/accept',
  'POST /public/proposals/{publicToken}/reject',
  'POST /public/proposals/{publicToken}/sign',
  // Platform administration: superadmins only (admin.routes.test.ts covers every organization role).
  'POST /admin/impersonate/{id}',
  'POST /admin/stop-impersonate',
  'POST /admin/users/{id}/reactivate',
]);

async function fingerprint(organizationId: string): Promise<string> {
  const tables = await t.db.execute<{ table_name: string }>(sql`
    select table_name from information_schema.columns
     where table_schema = 'public' and column_name = 'organization_id' and table_name <> 'audit_logs'
     order by table_name`);
  const parts: string[] = [];
  for (const { table_name } of tables.rows) {
    const row = await t.db.execute<{ digest: string | null }>(
      sql`select md5(string_agg(x::text, '|' order by x::text)) as digest from ${sql.identifier(table_name)} x
           where x.organization_id = ${organizationId}`,
    );
    parts.push(`${table_name}:${row.rows[0]?.digest ?? ''}`);
  }
  const org = await t.db.execute<{ digest: string }>(
    sql`select md5(o::text) as digest from organizations o where o.id = ${organizationId}`,
  );
  return `${parts.join(',')},org:${org.rows[0]?.digest}`;
}

function allowed(rule: Rule, actor: Actor): boolean {
  return 'permission' in rule ? can(actor.role, rule.permission) : rule.policy(actor);
}

let writeOperations: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
  otherSales = await createUser(t.db, { organizationId: team.org.id, role: 'sales' });
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  writeOperations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => ['post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => `${m.toUpperCase()} ${path.replace(/^\/api\/v1/, '')}`),
  );
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('role matrix: every write operation × every organization role', () => {
  it('has a rule for every write operation of the OpenAPI document', () => {
    const cases = casesFor(() => team.admin);
    const missing = writeOperations.filter((op) => !cases[op] && !NOT_ROLE_BOUND.has(op));
    expect(missing).toEqual([]);
  });

  for (const role of ORG_ROLES) {
    it(`${role}: allowed writes succeed, the others answer 403 and change nothing`, async () => {
      const caller = () => team[role];
      const failures: string[] = [];
      for (const [op, cases] of Object.entries(casesFor(caller))) {
        const [method] = op.split(' ') as ['POST' | 'PUT' | 'DELETE'];
        for (const kase of cases) {
          const target = await kase.target(team);
          const expectAllowed = allowed(kase.rule, { userId: caller().id, role });
          const before = expectAllowed ? '' : await fingerprint(team.org.id);
          const headers: Record<string, string> = await authHeaders(t.app, caller());
          let payload: string | Buffer | undefined;
          if (target.multipart) {
            const form = multipart({}, { name: 'b.txt', content: Buffer.from('x'), type: 'text/plain' });
            headers['content-type'] = form.contentType;
            payload = form.payload;
          } else if (target.body !== undefined) {
            headers['content-type'] = 'application/json';
            payload = JSON.stringify(target.body);
          }
          const res = await t.app.inject({ method, url: `/api/v1${target.url}`, headers, payload });
          if (expectAllowed && res.statusCode >= 300) {
            failures.push(`${op} should be allowed → ${res.statusCode} ${res.body.slice(0, 160)}`);
          }
          if (!expectAllowed) {
            if (res.statusCode !== 403)
              failures.push(`${op} should be refused → ${res.statusCode} ${res.body.slice(0, 160)}`);
            else if (res.json().error?.code !== 'FORBIDDEN')
              failures.push(`${op} 403 without the FORBIDDEN envelope`);
            if ((await fingerprint(team.org.id)) !== before) failures.push(`${op} refused but changed data`);
          }
        }
      }
      expect(failures).toEqual([]);
    }, 180_000);
  }
});

describe("public answer routes: the client's alone, never an organization role", () => {
  const PNG_1X1 =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
  const BODIES: Record<string, unknown> = {
    accept: { code: '123456' },
    reject: { reason: null, code: '123456' },
    sign: { signerName: 'Membro', signerEmail: 'membro@x.pt', signatureData: PNG_1X1, code: '123456' },
  };

  it('refuses every role on every public write of a proposal (the answer-code request included), changing nothing', async () => {
    const publicWrites = writeOperations.filter((op) =>
      op.startsWith('POST /public/proposals/{publicToken}/'),
    );
    expect(publicWrites).toContain('POST /public/proposals/{publicToken}/code');
    const client = (
      await as(t.app, team.admin)('POST', '/clients', { name: 'Cliente', email: 'cliente@x.pt' })
    ).json().data.id;
    const proposal = (
      await as(t.app, team.admin)('POST', '/proposals', {
        title: 'Pública',
        clientId: client,
        status: 'sent',
      })
    ).json().data as { publicToken: string };
    const failures: string[] = [];
    for (const role of ORG_ROLES) {
      for (const op of publicWrites) {
        const action = op.split('/').at(-1) as string;
        const before = await fingerprint(team.org.id);
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/v1/public/proposals/${proposal.publicToken}/${action}`,
          headers: await authHeaders(t.app, team[role]),
          payload: BODIES[action] as object | undefined,
        });
        if (res.statusCode !== 403) failures.push(`${role} ${op} → ${res.statusCode}`);
        if ((await fingerprint(team.org.id)) !== before) failures.push(`${role} ${op} changed data`);
      }
    }
    expect(failures).toEqual([]);
  });
});
