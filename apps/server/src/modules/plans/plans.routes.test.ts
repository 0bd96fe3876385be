import { randomUUID } from 'node:crypto';
import { PLAN_MESSAGES } from '@aceite/shared/messages';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, organizations, upgradeRequests } from '@/db/schema/index.ts';
import { setClock } from '@/lib/clock.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, authHeaders, createOrg, createUser, type TestUser } from '@/test/factories.ts';
import { multipart } from '@/test/multipart.ts';

/**
 * The superadmin's plan tools and the admins' upgrade requests (issue 38, docs/product.md#plans): the platform
 * list with plan, trial and usage; the plan change and the trial extension, audited; "Mudar de plano" and its
 * application; the logo counted in storage; each limit under 10 concurrent attempts, lifted by an upgrade
 * made through the superadmin's route.
 */

let t: TestApp;
let superadmin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  superadmin = await createUser(t.db, { role: 'superadmin' });
}, 60_000);

afterAll(async () => {
  await t.close();
});

afterEach(() => setClock(null));

const DAY = 86_400_000;

/** An organization on `plan` with its admin only. */
async function orgOn(plan: string, values: Partial<typeof organizations.$inferInsert> = {}) {
  const org = await createOrg(t.db, { plan, ...values });
  const admin = await createUser(t.db, { organizationId: org.id, role: 'admin' });
  return { org, admin, call: as(t.app, admin) };
}

const su = () => as(t.app, superadmin);

const invite = (call: ReturnType<typeof as>) =>
  call('POST', '/users/invite', { email: `p-${randomUUID()}@x.pt`, role: 'sales' });

async function lastAudit(organizationId: string, action: string) {
  const [row] = await t.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.organizationId, organizationId), eq(auditLogs.action, action)))
    .orderBy(desc(auditLogs.createdAt))
    .limit(1);
  return row;
}

describe('GET /admin/organizations: plan, trial and usage', () => {
  it('shows each organization its plan, trial end and usage, filtered by plan and "trial ends in ≤ 3 days"', async () => {
    const tag = `uso${randomUUID().slice(0, 8)}`;
    const at = new Date();
    const soon = await orgOn('professional', {
      name: `${tag} Em breve`,
      trialEndsAt: new Date(at.getTime() + 2 * DAY),
    });
    const later = await orgOn('professional', {
      name: `${tag} Mais tarde`,
      trialEndsAt: new Date(at.getTime() + 5 * DAY),
    });
    const ended = await orgOn('professional', {
      name: `${tag} Terminado`,
      trialEndsAt: new Date(at.getTime() - DAY),
    });
    const chosen = await orgOn('starter', { name: `${tag} Starter` });
    // Usage of the Starter organization: a second member, a pending invitation, a template, a proposal, a logo.
    await createUser(t.db, { organizationId: chosen.org.id, role: 'sales' });
    await invite(chosen.call);
    await chosen.call('POST', '/templates', { name: 'Modelo' });
    await t.db.execute(sql`insert into proposals (organization_id, owner_id, title, public_token)
      values (${chosen.org.id}, ${chosen.admin.id}, 'Uma', ${randomUUID()})`);
    const logo = `data:image/png;base64,${'A'.repeat(400)}`;
    await t.db.execute(
      sql`update organizations set branding = jsonb_set(branding, '{logo}', to_jsonb(${logo}::text)) where id = ${chosen.org.id}`,
    );

    const list = async (query: string) => {
      const res = await su()('GET', `/admin/organizations?search=${tag}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.organizations as {
        id: string;
        plan: string;
        trialEndsAt: string | null;
        usage: unknown;
      }[];
    };
    const all = await list('');
    expect(all.map((o) => o.id).sort()).toEqual(
      [soon.org.id, later.org.id, ended.org.id, chosen.org.id].sort(),
    );
    const starter = all.find((o) => o.id === chosen.org.id);
    expect(starter).toMatchObject({
      plan: 'starter',
      trialEndsAt: null,
      usage: { proposalsThisMonth: 1, users: 3, templates: 1, storageBytes: logo.length },
    });
    expect(all.find((o) => o.id === soon.org.id)?.trialEndsAt).toBe(
      new Date(at.getTime() + 2 * DAY).toISOString(),
    );
    expect(all.find((o) => o.id === soon.org.id)?.usage).toEqual({
      proposalsThisMonth: 0,
      users: 1,
      templates: 0,
      storageBytes: 0,
    });

    expect((await list('&plan=starter')).map((o) => o.id)).toEqual([chosen.org.id]);
    expect((await list('&trialEndingSoon=true')).map((o) => o.id)).toEqual([soon.org.id]);
    expect((await list('&trialEndingSoon=true&plan=starter')).map((o) => o.id)).toEqual([]);
    // With the clock two days on, the later trial ends within three days as well.
    setClock(() => new Date(at.getTime() + 2.5 * DAY));
    expect((await list('&trialEndingSoon=true')).map((o) => o.id)).toEqual([later.org.id]);

    const bad = await su()('GET', '/admin/organizations?trialEndingSoon=talvez');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('PUT /admin/organizations/{id}/plan', () => {
  it('sets the plan, ends the trial, audits before and after; a Starter at its user limit then invites', async () => {
    const { org, call } = await orgOn('starter', { trialEndsAt: new Date(Date.now() + DAY) });
    await createUser(t.db, { organizationId: org.id, role: 'sales' });
    await createUser(t.db, { organizationId: org.id, role: 'sales' });
    const refused = await invite(call);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('PLAN_LIMIT');

    const res = await su()('PUT', `/admin/organizations/${org.id}/plan`, { plan: 'professional' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ id: org.id, plan: 'professional', trialEndsAt: null });
    const audit = await lastAudit(org.id, 'admin.plan_change');
    expect(audit).toMatchObject({ actorId: superadmin.id, entity: 'organization', entityId: org.id });
    expect(audit?.metadata).toMatchObject({
      before: { plan: 'starter', trialEndsAt: expect.any(String) },
      after: { plan: 'professional', trialEndsAt: null },
    });
    expect((await invite(call)).statusCode).toBe(201);

    // A downgrade deletes nothing: the four users stay, and only the next one is refused.
    expect((await su()('PUT', `/admin/organizations/${org.id}/plan`, { plan: 'starter' })).statusCode).toBe(
      200,
    );
    const usage = (await call('GET', '/settings/organization/usage')).json().data;
    expect(usage.users).toEqual({ used: 4, limit: 3 });
    expect((await invite(call)).json().error.code).toBe('PLAN_LIMIT');
  });

  it('answers 404 for an unknown organization and 400 in Portuguese for a plan that does not exist', async () => {
    const unknown = await su()('PUT', `/admin/organizations/${randomUUID()}/plan`, { plan: 'starter' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({
      code: 'NOT_FOUND',
      message: PLAN_MESSAGES.organizationNotFound,
    });
    const { org } = await orgOn('starter');
    const bad = await su()('PUT', `/admin/organizations/${org.id}/plan`, { plan: 'ouro' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([{ field: 'plan', message: PLAN_MESSAGES.planInvalid }]);
  });
});

describe('POST /admin/organizations/{id}/trial', () => {
  it('adds days to the later of now and the end: an ended trial opens again; audited', async () => {
    const at = new Date('2026-11-20T12:00:00Z');
    setClock(() => at);
    const ended = await orgOn('professional', { trialEndsAt: new Date(at.getTime() - 3 * DAY) });
    const res = await su()('POST', `/admin/organizations/${ended.org.id}/trial`, { days: 7 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      id: ended.org.id,
      plan: 'professional',
      trialEndsAt: new Date(at.getTime() + 7 * DAY).toISOString(),
    });
    const audit = await lastAudit(ended.org.id, 'admin.trial_extend');
    expect(audit?.metadata).toMatchObject({
      days: 7,
      before: { trialEndsAt: new Date(at.getTime() - 3 * DAY).toISOString() },
      after: { trialEndsAt: new Date(at.getTime() + 7 * DAY).toISOString() },
    });

    const active = await orgOn('professional', { trialEndsAt: new Date(at.getTime() + 2 * DAY) });
    const longer = await su()('POST', `/admin/organizations/${active.org.id}/trial`, { days: 10 });
    expect(longer.json().data.trialEndsAt).toBe(new Date(at.getTime() + 12 * DAY).toISOString());
  });

  it('refuses an organization with a chosen plan, and days outside 1 to 90, in Portuguese', async () => {
    const chosen = await orgOn('starter');
    const noTrial = await su()('POST', `/admin/organizations/${chosen.org.id}/trial`, { days: 5 });
    expect(noTrial.statusCode).toBe(400);
    expect(noTrial.json().error.message).toBe(PLAN_MESSAGES.trialNotOnTrial);
    for (const days of [0, 91, 2.5, 'dez']) {
      const res = await su()('POST', `/admin/organizations/${chosen.org.id}/trial`, { days });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([{ field: 'days', message: PLAN_MESSAGES.trialDaysInvalid }]);
    }
  });
});

describe('upgrade requests', () => {
  it('the admin asks, a member cannot, a new ask replaces the pending one; the superadmin applies it', async () => {
    const { org, call } = await orgOn('starter');
    const sales = await createUser(t.db, { organizationId: org.id, role: 'sales' });
    expect((await call('GET', '/settings/organization/upgrade-requests')).json().data).toEqual({
      pending: null,
    });

    const first = await call('POST', '/settings/organization/upgrade-requests', {
      plan: 'enterprise',
      billingPeriod: 'monthly',
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await call('POST', '/settings/organization/upgrade-requests', {
      plan: 'professional',
      billingPeriod: 'yearly',
      note: '  Precisamos de mais utilizadores  ',
    });
    expect(second.statusCode).toBe(201);
    expect(second.json().data).toMatchObject({
      id: first.json().data.id,
      plan: 'professional',
      billingPeriod: 'yearly',
      note: 'Precisamos de mais utilizadores',
      status: 'pending',
      requestedBy: 'Teste Utilizador',
      resolvedAt: null,
    });
    const rows = await t.db.select().from(upgradeRequests).where(eq(upgradeRequests.organizationId, org.id));
    expect(rows).toHaveLength(1);
    const pending = (await call('GET', '/settings/organization/upgrade-requests')).json().data.pending;
    expect(pending).toMatchObject({ plan: 'professional', status: 'pending' });

    const member = as(t.app, sales);
    const refused = await member('POST', '/settings/organization/upgrade-requests', {
      plan: 'professional',
      billingPeriod: 'monthly',
    });
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'FORBIDDEN']);
    expect((await member('GET', '/settings/organization/upgrade-requests')).statusCode).toBe(403);

    const listed = (await su()('GET', '/admin/upgrade-requests?status=pending')).json().data.requests;
    expect(listed.find((r: { id: string }) => r.id === pending.id)).toMatchObject({
      plan: 'professional',
      organization: { id: org.id, name: org.name, plan: 'starter' },
    });
    const applied = await su()('POST', `/admin/upgrade-requests/${pending.id}/apply`);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({
      status: 'applied',
      organization: { id: org.id, plan: 'professional' },
    });
    const usage = (await call('GET', '/settings/organization/usage')).json().data;
    expect(usage.plan).toBe('professional');
    expect((await call('GET', '/settings/organization/upgrade-requests')).json().data.pending).toBeNull();
    expect(await lastAudit(org.id, 'admin.upgrade_request_apply')).toMatchObject({
      actorId: superadmin.id,
      entityId: pending.id,
      metadata: { before: { plan: 'starter' }, after: { plan: 'professional' } },
    });
    const again = await su()('POST', `/admin/upgrade-requests/${pending.id}/apply`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(PLAN_MESSAGES.upgradeRequestResolved);
    const gone = (await su()('GET', '/admin/upgrade-requests?status=pending')).json().data.requests;
    expect(gone.find((r: { id: string }) => r.id === pending.id)).toBeUndefined();
  });

  it('10 requests at once leave one pending request', async () => {
    const { org, call } = await orgOn('starter');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call('POST', '/settings/organization/upgrade-requests', {
          plan: i % 2 ? 'professional' : 'enterprise',
          billingPeriod: 'monthly',
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const rows = await t.db
      .select()
      .from(upgradeRequests)
      .where(and(eq(upgradeRequests.organizationId, org.id), eq(upgradeRequests.status, 'pending')));
    expect(rows).toHaveLength(1);
    expect(new Set(answers.map((r) => r.json().data.id))).toEqual(new Set([rows[0]?.id]));
  });

  it('dismissing leaves the plan; the current plan is refused unless on trial; bad input in Portuguese', async () => {
    const { org, call } = await orgOn('starter');
    const same = await call('POST', '/settings/organization/upgrade-requests', {
      plan: 'starter',
      billingPeriod: 'monthly',
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.details).toEqual([{ field: 'plan', message: PLAN_MESSAGES.upgradeSamePlan }]);
    const bad = await call('POST', '/settings/organization/upgrade-requests', {
      plan: 'ouro',
      billingPeriod: 'semanal',
      note: 'x'.repeat(1001),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual(
      expect.arrayContaining([
        { field: 'plan', message: PLAN_MESSAGES.planInvalid },
        { field: 'billingPeriod', message: PLAN_MESSAGES.billingPeriodInvalid },
        { field: 'note', message: PLAN_MESSAGES.upgradeNoteTooLong },
      ]),
    );

    const made = (
      await call('POST', '/settings/organization/upgrade-requests', {
        plan: 'professional',
        billingPeriod: 'monthly',
      })
    ).json().data;
    const dismissed = await su()('POST', `/admin/upgrade-requests/${made.id}/dismiss`);
    expect(dismissed.json().data).toMatchObject({ status: 'dismissed', organization: { plan: 'starter' } });
    expect(await lastAudit(org.id, 'admin.upgrade_request_dismiss')).toMatchObject({ entityId: made.id });
    expect((await call('GET', '/settings/organization/upgrade-requests')).json().data.pending).toBeNull();
    expect((await su()('POST', `/admin/upgrade-requests/${randomUUID()}/apply`)).statusCode).toBe(404);

    // On trial, keeping the trial's plan is a choice: Professional may be asked for.
    const trial = await orgOn('professional', { trialEndsAt: new Date(Date.now() + DAY) });
    const keep = await trial.call('POST', '/settings/organization/upgrade-requests', {
      plan: 'professional',
      billingPeriod: 'monthly',
    });
    expect(keep.statusCode).toBe(201);
    const applied = await su()('POST', `/admin/upgrade-requests/${keep.json().data.id}/apply`);
    expect(applied.statusCode).toBe(200);
    const [row] = await t.db
      .select({ trialEndsAt: organizations.trialEndsAt })
      .from(organizations)
      .where(eq(organizations.id, trial.org.id));
    expect(row?.trialEndsAt).toBeNull();
  });
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** Fills a Starter organization's 5 GB but `room` bytes (three rows: a size is an int4). */
async function fillStorage(organizationId: string, proposalId: string, room: number) {
  const rest = 5_000_000_000 - room;
  for (const size of [2_000_000_000, 2_000_000_000, rest - 4_000_000_000]) {
    await t.db.execute(sql`insert into proposal_attachments
      (organization_id, proposal_id, file_name, file_size, mime_type, storage_key)
      values (${organizationId}, ${proposalId}, 'grande.pdf', ${size}, 'application/pdf', ${`x/${randomUUID()}`})`);
  }
}

async function newProposal(call: ReturnType<typeof as>) {
  const client = (await call('POST', '/clients', { name: 'Cliente', email: `c-${randomUUID()}@x.pt` })).json()
    .data;
  const res = await call('POST', '/proposals', { title: 'Proposta', clientId: client.id });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string };
}

describe('the logo counts in storage', () => {
  it('a logo past the quota is refused with PLAN_LIMIT; a smaller one or none is not', async () => {
    const { org, call } = await orgOn('starter');
    const proposal = await newProposal(call);
    await fillStorage(org.id, proposal.id, 500);
    const logo = (n: number) => `data:image/png;base64,${'A'.repeat(n)}`;
    const put = (l: string | null) =>
      call('PUT', '/settings/organization', {
        name: org.name,
        branding: { primaryColor: '#123abc', logo: l },
      });
    expect((await put(logo(400))).statusCode).toBe(200);
    const refused = await put(logo(2000));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'PLAN_LIMIT',
      message:
        'O plano Starter inclui 5 GB de armazenamento. Passe para o Professional para guardar mais ficheiros.',
    });
    // The same logo again, a smaller one or none: nothing added.
    expect((await put(logo(400))).statusCode).toBe(200);
    expect((await put(logo(100))).statusCode).toBe(200);
    expect((await put(null)).statusCode).toBe(200);
  });
});

describe('each limit under 10 concurrent attempts, then an upgrade through the superadmin', () => {
  const upgrade = async (organizationId: string) =>
    expect(
      (await su()('PUT', `/admin/organizations/${organizationId}/plan`, { plan: 'professional' })).statusCode,
    ).toBe(200);

  it('proposals per month: of 10 at once with 49 made, one succeeds; after the upgrade the next does', async () => {
    const { org, admin, call } = await orgOn('starter');
    await t.db.execute(sql`insert into proposals (organization_id, owner_id, title, public_token)
      select ${org.id}, ${admin.id}, 'P' || g, md5(random()::text || g) from generate_series(1, 48) g`);
    const made = await newProposal(call);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', `/proposals/${made.id}/duplicate`)),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 403).map((r) => r.json().error.code)).toEqual(
      Array(9).fill('PLAN_LIMIT'),
    );
    await upgrade(org.id);
    expect((await call('POST', `/proposals/${made.id}/duplicate`)).statusCode).toBe(201);
  });

  it('storage: of 10 uploads at once with room for one, one succeeds; after the upgrade the next does', async () => {
    const { org, admin, call } = await orgOn('starter');
    const proposal = await newProposal(call);
    await fillStorage(org.id, proposal.id, PDF.length + PDF.length - 1);
    const headers = await authHeaders(t.app, admin);
    const upload = () => {
      const { payload, contentType } = multipart({}, { name: 'anexo.pdf', content: PDF });
      return t.app.inject({
        method: 'POST',
        url: `/api/v1/proposals/${proposal.id}/attachments`,
        headers: { ...headers, 'content-type': contentType },
        payload,
      });
    };
    const answers = await Promise.all(Array.from({ length: 10 }, upload));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 403).map((r) => r.json().error.code)).toEqual(
      Array(9).fill('PLAN_LIMIT'),
    );
    await upgrade(org.id);
    expect((await upload()).statusCode).toBe(201);
  });
});
