import { randomUUID } from 'node:crypto';
import {
  type Actor,
  can,
  canAnswerClientMessage,
  canApproveProposal,
  canAssignProposal,
  canCancelProposal,
  canChangeRecipient,
  canDeleteAttachment,
  canDeleteProposal,
  canEditComment,
  canEditContentBlock,
  canManageProposal,
  canWriteTemplate,
  ORG_ROLES,
  type Permission,
  roleOfApiKeyScope,
} from '@aceite/shared/permissions';
import { READ_ONLY_MESSAGE } from '@aceite/shared/trial';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shownVersion } from '@/test/answer-code.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import {
  as,
  authHeaders,
  createApiKey,
  createTeamOfRoles,
  createUser,
  type TestUser,
} from '@/test/factories.ts';
import { multipart } from '@/test/multipart.ts';
import { insertCreditor, insertMandate } from '@/test/sepa-fixtures.ts';

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
  /**
   * The target is a record of the caller's own (owner, uploader, author). An API key owns nothing (its id is no
   * member's, docs/product.md#api-keys), so the key sweep leaves these out: its writes are the "any" cases.
   */
  own?: true;
  /** A fresh target for one call (records made by `team`'s own members, through the API). */
  target: (team: Team) => Promise<Target>;
}

let t: TestApp;
let team: Team;
/** A second sales user: owner of the proposals that are "someone else's". */
let otherSales: TestUser;
/** A salesperson in a team the organization's manager manages (docs/product.md#approvals). */
let teamSales: TestUser;

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
  /** A library block saved by `by` (set directly, so a viewer can "own" one too). */
  contentBlock: async (by: TestUser) => {
    const b = await ok(
      as(t.app, team.admin)('POST', '/content-blocks', {
        name: 'Bloco',
        block: { title: 'T', content: 'C' },
      }),
    );
    await t.db.execute(sql`update content_blocks set created_by = ${by.id} where id = ${b.id}`);
    return b;
  },
  /** A proposal owned by `owner` (set directly, so a viewer can "own" one too). */
  proposal: async (owner: TestUser) => {
    const client = await make.client();
    const p = await ok(
      as(t.app, team.admin)('POST', '/proposals', { title: 'Proposta', clientId: client.id }),
    );
    await t.db.execute(sql`update proposals set owner_id = ${owner.id} where id = ${p.id}`);
    return { ...p, ownerId: owner.id };
  },
  /** Sent, with its recipient frozen (docs/product.md#recipient). */
  sentProposal: async (owner: TestUser) => {
    const p = await make.proposal(owner);
    await t.db.execute(
      sql`update proposals set status = 'sent', sent_at = now(), recipient_name = 'Cliente',
             recipient_email = ${`c-${randomUUID()}@x.pt`} where id = ${p.id}`,
    );
    return p;
  },
  teamRow: async () =>
    ok(as(t.app, team.admin)('POST', '/teams', { name: `Equipa ${randomUUID().slice(0, 8)}` })),
  member: async () => createUser(t.db, { organizationId: team.org.id, role: 'sales' }),
  /** A signed SEPA mandate with its collections dated from 2099-01-10 (docs/product.md#mandates-collections-and-the-file). */
  mandate: async () => {
    await insertCreditor(t.db, team.org.id);
    return insertMandate(
      t.db,
      { organizationId: team.org.id, ownerId: team.admin.id },
      { firstCollectionDate: '2099-01-10' },
    );
  },
  /** A collection the bank has (exported): the one "Marcar como paga/devolvida" applies to. */
  submittedCollection: async () => {
    const { collections } = await make.mandate();
    const id = collections[0]?.id as string;
    await t.db.execute(sql`update sepa_collections set status = 'submitted' where id = ${id}`);
    return id;
  },
  /** Pointed at port 9 (discard): nothing is delivered during the sweep (the worker does not run here). */
  webhook: async () =>
    ok(
      as(t.app, team.admin)('POST', '/webhooks', {
        url: 'http://127.0.0.1:9/hook',
        events: ['client.created'],
      }),
    ),
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

/** A proposal of `owner` with a 60 % discount, under a policy that asks approval from 50 % (and no skipping). */
async function approvalCase(owner: TestUser, status: 'draft' | 'in_review') {
  await t.db.execute(
    sql`update organizations set settings = settings || '{"approvalMinDiscountPercent":50,"approvalSelfApproves":false}'::jsonb
         where id = ${team.org.id}`,
  );
  const p = await make.proposal(owner);
  await t.db.execute(sql`update proposals set discount_value = 60, status = ${status} where id = ${p.id}`);
  return p;
}

/**
 * A sent proposal of `owner` whose approval a change re-opened (issue 34), the change made by `requester` (who
 * may not approve it, with no skipping one's own).
 */
async function reopenedCase(owner: TestUser, requester: TestUser) {
  const p = await approvalCase(owner, 'draft');
  await t.db.execute(
    sql`update proposals set status = 'sent', approval_reopened_at = now() where id = ${p.id}`,
  );
  await t.db.execute(
    sql`insert into proposal_approvals (organization_id, proposal_id, action, actor_id, note)
         values (${team.org.id}, ${p.id}, 'reopened', ${requester.id}, 'Alterada depois de enviada')`,
  );
  return p;
}

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
    'GET /clients/{id}/export': [
      {
        rule: { permission: 'client:export' },
        target: async () => ({ url: `/clients/${(await make.client()).id}/export` }),
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
    'POST /content-blocks': [
      {
        rule: { permission: 'content-block:create' },
        target: async () => ({ url: '/content-blocks', body: { name: 'B', block: { content: 'Texto' } } }),
      },
    ],
    'PATCH /content-blocks/{id}': [
      {
        rule: { policy: (a) => canEditContentBlock(a, otherSales.id) },
        target: async () => ({
          url: `/content-blocks/${(await make.contentBlock(otherSales)).id}`,
          body: { name: 'Outro' },
        }),
      },
      {
        own: true,
        rule: { policy: (a) => canEditContentBlock(a, a.userId) },
        target: async () => ({
          url: `/content-blocks/${(await make.contentBlock(caller())).id}`,
          body: { name: 'Outro' },
        }),
      },
    ],
    'DELETE /content-blocks/{id}': [
      {
        rule: { policy: (a) => canEditContentBlock(a, otherSales.id) },
        target: async () => ({ url: `/content-blocks/${(await make.contentBlock(otherSales)).id}` }),
      },
      {
        own: true,
        rule: { policy: (a) => canEditContentBlock(a, a.userId) },
        target: async () => ({ url: `/content-blocks/${(await make.contentBlock(caller())).id}` }),
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
        own: true,
        rule: { policy: (a) => canManageProposal(a, a.userId) },
        target: async () => {
          const p = await make.proposal(caller());
          return { url: `/proposals/${p.id}`, body: { title: 'Editada', clientId: p.clientId } };
        },
      },
      {
        // Handing one's own proposal to someone else.
        own: true,
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
        own: true,
        rule: { policy: (a) => canDeleteProposal(a, a.userId, false) },
        target: async () => ({ url: `/proposals/${(await make.proposal(caller())).id}` }),
      },
      {
        // Answered by the client: evidence, archived by an admin only.
        own: true,
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
        own: true,
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
    'POST /proposals/{id}/cancel': [
      {
        rule: { policy: (a) => canCancelProposal(a, otherSales.id) },
        target: async () => ({
          url: `/proposals/${(await make.proposal(otherSales)).id}/cancel`,
          body: { reason: 'Motivo' },
        }),
      },
      {
        own: true,
        rule: { policy: (a) => canCancelProposal(a, a.userId) },
        target: async () => ({
          url: `/proposals/${(await make.proposal(caller())).id}/cancel`,
          body: { reason: 'Motivo' },
        }),
      },
    ],
    'POST /proposals/{id}/recipient': [
      {
        rule: { policy: (a) => canChangeRecipient(a, otherSales.id) },
        target: async () => ({
          url: `/proposals/${(await make.sentProposal(otherSales)).id}/recipient`,
          body: { name: 'Novo', email: `r-${randomUUID()}@x.pt` },
        }),
      },
      {
        own: true,
        rule: { policy: (a) => canChangeRecipient(a, a.userId) },
        target: async () => ({
          url: `/proposals/${(await make.sentProposal(caller())).id}/recipient`,
          body: { name: 'Novo', email: `r-${randomUUID()}@x.pt` },
        }),
      },
    ],
    'POST /proposals/{id}/messages': [
      {
        rule: { policy: (a) => canAnswerClientMessage(a, otherSales.id) },
        target: async () => ({
          url: `/proposals/${(await make.proposal(otherSales)).id}/messages`,
          body: { message: 'Resposta' },
        }),
      },
      {
        own: true,
        rule: { policy: (a) => canAnswerClientMessage(a, a.userId) },
        target: async () => ({
          url: `/proposals/${(await make.proposal(caller())).id}/messages`,
          body: { message: 'Resposta' },
        }),
      },
    ],
    // Anyone who may create proposals may duplicate one they see, a colleague's included (docs/product.md#duplicating-a-proposal).
    'POST /proposals/{id}/duplicate': [
      {
        rule: { permission: 'proposal:create' },
        target: async () => ({ url: `/proposals/${(await make.proposal(otherSales)).id}/duplicate` }),
      },
    ],
    'POST /proposals/{id}/send': [
      {
        rule: { policy: (a) => canManageProposal(a, otherSales.id) },
        target: async () => ({ url: `/proposals/${(await make.proposal(otherSales)).id}/send` }),
      },
      {
        own: true,
        rule: { policy: (a) => canManageProposal(a, a.userId) },
        target: async () => ({ url: `/proposals/${(await make.proposal(caller())).id}/send` }),
      },
    ],
    // Approvals (docs/product.md#approvals): the policy is on (a discount ≥ 50 %, no skipping one's own) for
    // these targets only, set again each time since the organization's settings are written by another case.
    'POST /proposals/{id}/approval-request': [
      {
        rule: { policy: (a) => canManageProposal(a, otherSales.id) },
        target: async () => ({
          url: `/proposals/${(await approvalCase(otherSales, 'draft')).id}/approval-request`,
        }),
      },
      {
        own: true,
        rule: { policy: (a) => canManageProposal(a, a.userId) },
        target: async () => ({
          url: `/proposals/${(await approvalCase(caller(), 'draft')).id}/approval-request`,
          body: { note: 'Pode ver?' },
        }),
      },
    ],
    ...Object.fromEntries(
      (['approve', 'return'] as const).map((verb) => {
        const body = verb === 'return' ? { comment: 'Reveja o desconto' } : undefined;
        return [
          `POST /proposals/{id}/${verb}`,
          [
            {
              // The owner is in no team: admins only.
              rule: { policy: (a: Actor) => canApproveProposal(a, { ownerId: otherSales.id }, [], false) },
              target: async () => ({
                url: `/proposals/${(await approvalCase(otherSales, 'in_review')).id}/${verb}`,
                body,
              }),
            },
            {
              // The owner is in the manager's team: the manager too (an API key manages no team).
              rule: {
                policy: (a: Actor) =>
                  canApproveProposal(a, { ownerId: teamSales.id }, [team.manager.id], false),
              },
              target: async () => ({
                url: `/proposals/${(await approvalCase(teamSales, 'in_review')).id}/${verb}`,
                body,
              }),
            },
            {
              // Re-opened after sending by the team's manager: the admins only (issue 34, M3).
              rule: {
                policy: (a: Actor) =>
                  canApproveProposal(a, { ownerId: teamSales.id }, [team.manager.id], false, [
                    team.manager.id,
                  ]),
              },
              target: async () => ({
                url: `/proposals/${(await reopenedCase(teamSales, team.manager)).id}/${verb}`,
                body,
              }),
            },
            {
              own: true,
              rule: { policy: (a: Actor) => canApproveProposal(a, { ownerId: a.userId }, [], false) },
              target: async () => ({
                url: `/proposals/${(await approvalCase(caller(), 'in_review')).id}/${verb}`,
                body,
              }),
            },
          ] satisfies WriteCase[],
        ];
      }),
    ),
    'GET /proposals/{id}/email-draft': [
      {
        rule: { policy: (a) => canManageProposal(a, otherSales.id) },
        target: async () => ({ url: `/proposals/${(await make.proposal(otherSales)).id}/email-draft` }),
      },
      {
        own: true,
        rule: { policy: (a) => canManageProposal(a, a.userId) },
        target: async () => ({ url: `/proposals/${(await make.proposal(caller())).id}/email-draft` }),
      },
    ],
    // A read, listed because it renders: every role of the organization (docs/product.md#proposal-pdf).
    'GET /proposals/{id}/pdf': [
      {
        rule: { policy: () => true },
        target: async () => ({ url: `/proposals/${(await make.proposal(otherSales)).id}/pdf` }),
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
        own: true,
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
        own: true,
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
        own: true,
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
        own: true,
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
        own: true,
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
    'POST /settings/api-keys': [
      {
        rule: { permission: 'organization:manage' },
        target: async () => ({ url: '/settings/api-keys', body: { name: 'Chave', scope: 'read' } }),
      },
    ],
    'DELETE /settings/api-keys/{id}': [
      {
        rule: { permission: 'organization:manage' },
        target: async () => {
          const key = await createApiKey(t.app, team.admin, 'read');
          return { url: `/settings/api-keys/${key.id}` };
        },
      },
    ],
    'POST /settings/api-keys/{id}/transfer': [
      {
        rule: { permission: 'organization:manage' },
        target: async () => {
          const key = await createApiKey(t.app, team.admin, 'read');
          return { url: `/settings/api-keys/${key.id}/transfer`, body: { userId: team.admin.id } };
        },
      },
    ],
    'PUT /settings/organization': [
      {
        rule: { permission: 'organization:manage' },
        target: async () => ({ url: '/settings/organization', body: { name: team.org.name } }),
      },
    ],
    'PUT /settings/payments': [
      {
        rule: { permission: 'organization:manage' },
        target: async () => ({
          url: '/settings/payments',
          body: {
            name: 'Credor',
            creditorIdentifier: 'PT19ZZZ101148',
            iban: 'PT50000201231234567890154',
            defaultPattern: 'oneOff',
          },
        }),
      },
    ],
    // Single sign-on (docs/product.md#single-sign-on).
    'PUT /settings/sso': [
      {
        rule: { permission: 'organization:manage' },
        target: async () => ({ url: '/settings/sso', body: SSO_CONNECTION }),
      },
    ],
    'DELETE /settings/sso': [
      {
        rule: { permission: 'organization:manage' },
        target: async () => {
          await ok(as(t.app, team.admin)('PUT', '/settings/sso', SSO_CONNECTION));
          return { url: '/settings/sso' };
        },
      },
    ],
    'POST /settings/sso/domains/{domain}/verify': [
      {
        rule: { permission: 'organization:manage' },
        target: async () => {
          await ok(as(t.app, team.admin)('PUT', '/settings/sso', SSO_CONNECTION));
          await t.db.execute(
            sql`update sso_domains set verified_at = null where organization_id = ${team.org.id}`,
          );
          return { url: '/settings/sso/domains/sweep.example.pt/verify' };
        },
      },
    ],
    // The custom domain of the client-facing pages (docs/product.md#white-label).
    'GET /settings/custom-domain': [
      {
        rule: { permission: 'organization:manage' },
        target: async () => ({ url: '/settings/custom-domain' }),
      },
    ],
    'PUT /settings/custom-domain': [
      {
        rule: { permission: 'organization:manage' },
        target: async () => ({ url: '/settings/custom-domain', body: { domain: CUSTOM_DOMAIN } }),
      },
    ],
    'DELETE /settings/custom-domain': [
      {
        rule: { permission: 'organization:manage' },
        target: async () => {
          await ok(as(t.app, team.admin)('PUT', '/settings/custom-domain', { domain: CUSTOM_DOMAIN }));
          return { url: '/settings/custom-domain' };
        },
      },
    ],
    'POST /settings/custom-domain/verify': [
      {
        rule: { permission: 'organization:manage' },
        target: async () => {
          await ok(as(t.app, team.admin)('PUT', '/settings/custom-domain', { domain: CUSTOM_DOMAIN }));
          await t.db.execute(
            sql`update custom_domains set verified_at = null where organization_id = ${team.org.id}`,
          );
          return { url: '/settings/custom-domain/verify' };
        },
      },
    ],
    // The organization's own sender of its emails to clients (docs/product.md#white-label).
    'GET /settings/email-sender': [
      {
        rule: { permission: 'organization:manage' },
        target: async () => ({ url: '/settings/email-sender' }),
      },
    ],
    'PUT /settings/email-sender': [
      {
        rule: { permission: 'organization:manage' },
        target: async () => ({ url: '/settings/email-sender', body: EMAIL_SENDER }),
      },
    ],
    'DELETE /settings/email-sender': [
      {
        rule: { permission: 'organization:manage' },
        target: async () => {
          await ok(as(t.app, team.admin)('PUT', '/settings/email-sender', EMAIL_SENDER));
          return { url: '/settings/email-sender' };
        },
      },
    ],
    'POST /settings/email-sender/verify': [
      {
        rule: { permission: 'organization:manage' },
        target: async () => {
          await ok(as(t.app, team.admin)('PUT', '/settings/email-sender', EMAIL_SENDER));
          await t.db.execute(
            sql`update email_senders set verified_at = null where organization_id = ${team.org.id}`,
          );
          return { url: '/settings/email-sender/verify' };
        },
      },
    ],
    // "Mudar de plano" (docs/product.md#plans): the organization is on Enterprise here, so any other plan.
    'POST /settings/organization/upgrade-requests': [
      {
        rule: { permission: 'organization:manage' },
        target: async () => ({
          url: '/settings/organization/upgrade-requests',
          body: { plan: 'professional', billingPeriod: 'monthly' },
        }),
      },
    ],
    'GET /payments/mandates': [
      { rule: { permission: 'payments:read' }, target: async () => ({ url: '/payments/mandates' }) },
    ],
    'GET /payments/collections': [
      { rule: { permission: 'payments:read' }, target: async () => ({ url: '/payments/collections' }) },
    ],
    'GET /payments/exports': [
      { rule: { permission: 'payments:read' }, target: async () => ({ url: '/payments/exports' }) },
    ],
    'GET /payments/exports/{id}/file': [
      {
        rule: { permission: 'payments:read' },
        target: async () => {
          await make.mandate();
          const res = await ok(
            as(t.app, team.admin)('POST', '/payments/exports', { collectionDate: '2099-01-10' }),
          );
          return { url: `/payments/exports/${res.id}/file` };
        },
      },
    ],
    'POST /payments/mandates/{id}/revoke': [
      {
        rule: { permission: 'payments:manage' },
        target: async () => ({ url: `/payments/mandates/${(await make.mandate()).mandate.id}/revoke` }),
      },
    ],
    'POST /payments/exports': [
      {
        rule: { permission: 'payments:manage' },
        target: async () => {
          await make.mandate();
          return { url: '/payments/exports', body: { collectionDate: '2099-01-10' } };
        },
      },
    ],
    'POST /payments/collections/{id}/paid': [
      {
        rule: { permission: 'payments:manage' },
        target: async () => ({ url: `/payments/collections/${await make.submittedCollection()}/paid` }),
      },
    ],
    'POST /payments/collections/{id}/returned': [
      {
        rule: { permission: 'payments:manage' },
        target: async () => ({
          url: `/payments/collections/${await make.submittedCollection()}/returned`,
          body: { reason: 'MS02' },
        }),
      },
    ],
    'POST /webhooks': [
      {
        rule: { permission: 'webhook:manage' },
        target: async () => ({
          url: '/webhooks',
          body: { url: 'http://127.0.0.1:9/novo', events: ['proposal.created'] },
        }),
      },
    ],
    'PUT /webhooks/{id}': [
      {
        rule: { permission: 'webhook:manage' },
        target: async () => ({
          url: `/webhooks/${(await make.webhook()).id}`,
          body: { url: 'http://127.0.0.1:9/outro', events: ['client.updated'], status: 'paused' },
        }),
      },
    ],
    'DELETE /webhooks/{id}': [
      {
        rule: { permission: 'webhook:manage' },
        target: async () => ({ url: `/webhooks/${(await make.webhook()).id}` }),
      },
    ],
    'POST /webhooks/{id}/rotate-secret': [
      {
        rule: { permission: 'webhook:manage' },
        target: async () => ({ url: `/webhooks/${(await make.webhook()).id}/rotate-secret` }),
      },
    ],
    'POST /webhooks/{id}/test': [
      {
        rule: { permission: 'webhook:manage' },
        target: async () => ({ url: `/webhooks/${(await make.webhook()).id}/test` }),
      },
    ],
    'POST /webhooks/{id}/deliveries/{deliveryId}/replay': [
      {
        rule: { permission: 'webhook:manage' },
        target: async () => {
          const webhook = await make.webhook();
          const { deliveryId } = await ok(as(t.app, team.admin)('POST', `/webhooks/${webhook.id}/test`));
          return { url: `/webhooks/${webhook.id}/deliveries/${deliveryId}/replay` };
        },
      },
    ],
  };
}

const CUSTOM_DOMAIN = 'propostas.sweep.example.pt';
const EMAIL_SENDER = { name: 'Sweep', address: 'propostas@sweep.example.pt' };

// SAML with the metadata pasted: saving reads nothing from the network (an OpenID Connect issuer is read when
// saved), and the sweep is about who may save, not about a provider.
const SSO_CONNECTION = {
  protocol: 'saml',
  samlMetadataXml: `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata"
    xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="https://idp.example.pt/entidade">
    <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
      <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>MIIBdGVzdGU=</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
      <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example.pt/sso"/>
    </md:IDPSSODescriptor>
  </md:EntityDescriptor>`,
  domains: ['sweep.example.pt'],
};

/** Writes every signed-in user may make on their own things, or that need no session at all. */
const NOT_ROLE_BOUND = new Set([
  'POST /auth/register',
  'POST /auth/login',
  'POST /auth/refresh',
  'POST /auth/logout',
  'POST /auth/forgot-password',
  'POST /auth/reset-password',
  // The SSO sign-in's first step (docs/product.md#single-sign-on); its callback is a GET.
  'POST /auth/sso/start',
  // SAML's assertion consumer service: the identity provider posts the response (docs/product.md#single-sign-on).
  'POST /auth/sso/saml/acs',
  'PUT /settings/profile',
  'PUT /settings/password',
  'PUT /notifications/{id}/read',
  'PUT /notifications/mark-all-read',
  'DELETE /notifications/{id}',
  'DELETE /notifications',
  'POST /invites/{token}/accept',
  'POST /public/proposals/{publicToken}/code',
  // The visit of the page the server rendered: a member's is answered and not counted (docs/product.md#views).
  'POST /public/proposals/{publicToken}/views',
  'POST /public/proposals/{publicToken}/accept',
  'POST /public/proposals/{publicToken}/reject',
  'POST /public/proposals/{publicToken}/sign',
  // The client's reading (docs/product.md#reading): a member's batch is answered 204 and dropped, so the page
  // cannot tell a preview apart (reading.routes.test.ts checks nothing is stored).
  'POST /public/proposals/{publicToken}/reading',
  // The client's question or change request: the token is the key (docs/product.md#client-questions-and-change-requests).
  'POST /public/proposals/{publicToken}/messages',
  // The client's opt-out of the reminders: the token is the key (docs/product.md#reminders).
  'POST /public/proposals/{publicToken}/reminders/stop',
  // Anyone, signed in or not, may check a sealed document (docs/product.md#verification).
  'POST /public/verify',
  // Platform administration: superadmins only (admin.routes.test.ts covers every organization role).
  'POST /admin/impersonate/{id}',
  'POST /admin/stop-impersonate',
  'POST /admin/users/{id}/reactivate',
  'PUT /admin/organizations/{id}/plan',
  'POST /admin/organizations/{id}/trial',
  'POST /admin/upgrade-requests/{id}/apply',
  'POST /admin/upgrade-requests/{id}/dismiss',
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
  // Webhook endpoints on loopback (http) are allowed here; the SSRF guard has its own tests. The sweep makes an
  // endpoint per case and role in one organization: the limits per organization have their own tests too.
  t = await buildTestApp({
    webhooks: { allowPrivate: true },
    webhookLimits: { endpointsPerOrganization: 1000, testEventsPerHour: 1000 },
    // The domain checks (SSO's, the custom domain's, the email sender's) find every token the organization was given (never real
    // DNS in tests).
    ssoResolveTxt: async (name) => {
      // The email sender's DKIM record publishes its key (docs/product.md#white-label).
      if (name.includes('._domainkey.')) {
        const keys = await t.db.execute<{ key: string }>(
          sql`select dkim_public_key as key from email_senders`,
        );
        return keys.rows.map((r) => [`v=DKIM1; k=rsa; p=${r.key}`]);
      }
      const rows = await t.db.execute<{ token: string }>(
        sql`select verification_token as token from sso_domains
            union all select verification_token from custom_domains
            union all select verification_token from email_senders`,
      );
      return rows.rows.map((r) => [`aceite-verification=${r.token}`]);
    },
  });
  team = await createTeamOfRoles(t.db);
  // The sweep makes many invitations, templates and proposals in one organization: Enterprise has no limits
  // (the plans' limits have their own tests, plan-limits.test.ts).
  await t.db.execute(sql`update organizations set plan = 'enterprise' where id = ${team.org.id}`);
  otherSales = await createUser(t.db, { organizationId: team.org.id, role: 'sales' });
  teamSales = await createUser(t.db, { organizationId: team.org.id, role: 'sales' });
  const managed = await t.db.execute<{ id: string }>(
    sql`insert into teams (organization_id, name, manager_id) values (${team.org.id}, 'Aprovações', ${team.manager.id})
        returning id`,
  );
  await t.db.execute(sql`update users set team_id = ${managed.rows[0]?.id} where id = ${teamSales.id}`);
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

/** Reads of records made later in a proposal's life: the sweep's draft has none (404), which is not a refusal. */
const STATEFUL_READS = new Set(['GET /proposals/{id}/sealed-pdf']);

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
        const [method] = op.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'];
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

/**
 * The areas an API key never reaches, whatever its scope (docs/product.md#api-keys), written here apart from
 * the server's own list (lib/api-key-access.ts) so that the two must agree.
 */
function keyRefused(method: string, path: string): boolean {
  if (/^\/(auth|admin|settings|notifications|invites|webhooks)(\/|$)/.test(path)) return true;
  if (path.startsWith('/users/invite')) return true;
  return path.startsWith('/users') && method !== 'GET';
}

async function send(method: string, target: Target, base: Record<string, string>) {
  const headers = { ...base };
  let payload: string | Buffer | undefined;
  if (target.multipart) {
    const form = multipart({}, { name: 'b.txt', content: Buffer.from('x'), type: 'text/plain' });
    headers['content-type'] = form.contentType;
    payload = form.payload;
  } else if (target.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(target.body);
  }
  return t.app.inject({ method: method as 'GET', url: `/api/v1${target.url}`, headers, payload });
}

describe('role matrix: API keys, every operation × read-only and read-write keys', () => {
  /** Every operation that authenticates its caller (the others take no credential at all). */
  const authenticated = () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    return Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => (op.security?.length ?? 0) > 0)
        .map(([m, op]) => ({
          method: m.toUpperCase(),
          path: path.replace(/^\/api\/v1/, ''),
          keyScheme: JSON.stringify(op.security).includes('apiKeyAuth'),
        })),
    );
  };

  it('the OpenAPI document offers the API key scheme on exactly the operations a key may call', () => {
    const wrong = authenticated()
      .filter((op) => op.keyScheme === keyRefused(op.method, op.path))
      .map((op) => `${op.method} ${op.path}`);
    expect(wrong).toEqual([]);
  });

  for (const scope of ['read', 'write'] as const) {
    const role = roleOfApiKeyScope(scope);
    it(`${scope} key: the allowed set is the ${role}'s minus the areas keys never reach; refused calls are 403 and change nothing`, async () => {
      const key = await createApiKey(t.app, team.admin, scope);
      // A first use stamps the key's "last used" (then at most once a minute), which the fingerprint would see.
      await send('GET', { url: '/clients' }, key.headers);
      const actor: Actor = { userId: key.id, role };
      const keyCaller = (): TestUser => ({ id: key.id, email: '', organizationId: team.org.id, role });
      const cases = casesFor(keyCaller);
      const failures: string[] = [];
      const check = async (op: string, target: Target, expectAllowed: boolean) => {
        const method = op.split(' ')[0] as string;
        const before = expectAllowed ? '' : await fingerprint(team.org.id);
        const res = await send(method, target, key.headers);
        // A read whose record exists only after a client's answer (the sealed PDF) answers 404 for the sweep's
        // draft: access is what is checked here, so any answer but a refusal counts as allowed.
        const stateful = STATEFUL_READS.has(op) && res.statusCode === 404;
        if (expectAllowed && res.statusCode >= 300 && !stateful)
          failures.push(`${op} should be allowed → ${res.statusCode} ${res.body.slice(0, 160)}`);
        if (!expectAllowed) {
          if (res.statusCode !== 403)
            failures.push(`${op} should be refused → ${res.statusCode} ${res.body.slice(0, 160)}`);
          else if (res.json().error?.code !== 'FORBIDDEN') failures.push(`${op} 403 without FORBIDDEN`);
          if ((await fingerprint(team.org.id)) !== before) failures.push(`${op} refused but changed data`);
        }
      };

      // Records of the organization's members, for the reads.
      const client = await make.client();
      const product = await make.product();
      const template = await make.template();
      const contentBlock = await make.contentBlock(otherSales);
      const proposal = await make.proposal(otherSales);
      const version = await ok(
        as(t.app, team.admin)('POST', `/proposals/${proposal.id}/versions`, { changeNotes: 'v' }),
      );
      const comment = await make.comment(proposal.id, otherSales);
      const attachment = await make.attachment(proposal.id, otherSales);
      const teamRow = await make.teamRow();
      const idOf: Record<string, string> = {
        clients: client.id,
        products: product.id,
        templates: template.id,
        'content-blocks': contentBlock.id,
        proposals: proposal.id,
        users: otherSales.id,
        teams: teamRow.id,
      };
      const fillPath = (path: string) =>
        path
          .replace('{id}', idOf[path.split('/')[1] as string] ?? randomUUID())
          .replace('{number}', String(version.versionNumber))
          .replace('{commentId}', comment.id)
          .replace('{attachmentId}', attachment.id)
          .replace('{inviteToken}', randomUUID());

      for (const { method, path } of authenticated()) {
        const op = `${method} ${path}`;
        const refused = keyRefused(method, path);
        const opCases = cases[op];
        if (opCases) {
          for (const kase of opCases) {
            if (kase.own) continue;
            await check(op, await kase.target(team), !refused && allowed(kase.rule, actor));
          }
        } else if (method === 'GET') {
          // Every role reads everything of the organization; a key too, outside its refused areas.
          await check(op, { url: fillPath(path) }, !refused);
        } else if (refused) {
          // A person's own things (session, profile, notifications) and the platform's: never a key's.
          await check(op, { url: fillPath(path), body: {} }, false);
        } else {
          failures.push(`${op} has no rule for API keys`);
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
    messages: { kind: 'change_request', name: 'Membro', email: 'membro@x.pt', message: 'Mudem o preço' },
  };

  it('refuses every role on every public write of a proposal (the answer-code request included), changing nothing', async () => {
    // The reading batch and the visit are no answer: a member's is accepted and dropped
    // (reading.routes.test.ts, plugins/public-page.test.ts).
    const publicWrites = writeOperations.filter(
      (op) =>
        op.startsWith('POST /public/proposals/{publicToken}/') &&
        !op.endsWith('/reading') &&
        !op.endsWith('/views'),
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
        const action = op.split('{publicToken}/')[1] as string;
        const before = await fingerprint(team.org.id);
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/v1/public/proposals/${proposal.publicToken}/${action}`,
          headers: await authHeaders(t.app, team[role]),
          // With what the page showed: a refusal must come from the role, not from a missing field.
          payload: { ...(await shownVersion(t, proposal.publicToken)), ...(BODIES[action] as object) },
        });
        if (res.statusCode !== 403) failures.push(`${role} ${op} → ${res.statusCode}`);
        if ((await fingerprint(team.org.id)) !== before) failures.push(`${role} ${op} changed data`);
      }
    }
    expect(failures).toEqual([]);
  });
});

/**
 * The read-only organization (issue 38, docs/product.md#plans): once its trial ended, every write of its members
 * and keys answers 403 PLAN_LIMIT and changes nothing, but for the writes that stay open, written here apart
 * from the server's own list (lib/read-only.ts) so that the two must agree; every read answers as before. The
 * operations come from the OpenAPI document, so a new route is swept without being named. Last in the file: it
 * ends the trial of the organization the other sweeps use, and restores it.
 */
function stillWritable(method: string, path: string): boolean {
  if (/^\/(auth|admin|notifications)(\/|$)/.test(path)) return true;
  return [
    'PUT /settings/profile',
    'PUT /settings/password',
    'POST /settings/organization/upgrade-requests',
    'DELETE /users/{id}',
    'DELETE /settings/api-keys/{id}',
  ].includes(`${method} ${path}`);
}

describe('role matrix: a read-only organization (its trial ended), every operation', () => {
  it('refuses every member and key write with PLAN_LIMIT, changing nothing; every read answers as before', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => (op.security?.length ?? 0) > 0)
        .map(([m]) => ({ method: m.toUpperCase(), path: path.replace(/^\/api\/v1/, '') })),
    );
    const key = await createApiKey(t.app, team.admin, 'write');
    await send('GET', { url: '/clients' }, key.headers);
    // Records to read and to aim the writes at, made while the organization may still write.
    const proposal = await make.proposal(otherSales);
    const version = await ok(
      as(t.app, team.admin)('POST', `/proposals/${proposal.id}/versions`, { changeNotes: 'v' }),
    );
    const comment = await make.comment(proposal.id, team.admin);
    const attachment = await make.attachment(proposal.id, team.admin);
    const webhook = await make.webhook();
    const idOf: Record<string, string> = {
      clients: (await make.client()).id,
      products: (await make.product()).id,
      templates: (await make.template()).id,
      'content-blocks': (await make.contentBlock(team.admin)).id,
      proposals: proposal.id,
      users: otherSales.id,
      teams: (await make.teamRow()).id,
      webhooks: webhook.id,
    };
    const fillPath = (path: string) =>
      path
        .replace('{id}', idOf[path.split('/')[1] as string] ?? randomUUID())
        .replace('{number}', String(version.versionNumber))
        .replace('{commentId}', comment.id)
        .replace('{attachmentId}', attachment.id)
        .replace('{deliveryId}', randomUUID())
        .replace('{userId}', otherSales.id)
        .replace('{inviteToken}', randomUUID());
    const reads = operations.filter((op) => op.method === 'GET');
    const adminHeaders = await authHeaders(t.app, team.admin);
    const before = new Map<string, number>();
    for (const op of reads) {
      before.set(
        `${op.method} ${op.path}`,
        (await send('GET', { url: fillPath(op.path) }, adminHeaders)).statusCode,
      );
    }

    await t.db.execute(
      sql`update organizations set trial_ends_at = now() - interval '1 day' where id = ${team.org.id}`,
    );
    const failures: string[] = [];
    try {
      for (const op of reads) {
        const status = (await send('GET', { url: fillPath(op.path) }, adminHeaders)).statusCode;
        if (status !== before.get(`${op.method} ${op.path}`))
          failures.push(`GET ${op.path} → ${status}, was ${before.get(`${op.method} ${op.path}`)}`);
      }
      const writes = operations.filter((op) => op.method !== 'GET' && !stillWritable(op.method, op.path));
      expect(writes.length).toBeGreaterThan(40);
      for (const { method, path } of writes) {
        const op = `${method} ${path}`;
        const target = { url: fillPath(path), body: {} };
        for (const [who, headers] of [
          ['admin', adminHeaders],
          ['key', key.headers],
        ] as const) {
          // A key's own refusals (the areas it never reaches) come first and stay FORBIDDEN.
          if (who === 'key' && keyRefused(method, path)) continue;
          const fingerprintBefore = await fingerprint(team.org.id);
          const res = await send(method, target, headers);
          if (res.statusCode !== 403 || res.json().error?.code !== 'PLAN_LIMIT')
            failures.push(`${who} ${op} → ${res.statusCode} ${res.body.slice(0, 120)}`);
          else if (res.json().error?.message !== READ_ONLY_MESSAGE)
            failures.push(`${who} ${op}: another message`);
          if ((await fingerprint(team.org.id)) !== fingerprintBefore)
            failures.push(`${who} ${op} changed data`);
        }
      }
      // The open writes still answer: one's own profile, here.
      const profile = await send(
        'PUT',
        { url: '/settings/profile', body: { firstName: 'Admin', lastName: 'Equipa' } },
        adminHeaders,
      );
      if (profile.statusCode !== 200) failures.push(`PUT /settings/profile → ${profile.statusCode}`);
    } finally {
      await t.db.execute(sql`update organizations set trial_ends_at = null where id = ${team.org.id}`);
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
