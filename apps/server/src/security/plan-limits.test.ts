import { randomUUID } from 'node:crypto';
import { ORG_ROLES } from '@aceite/shared/permissions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectPlanUsage } from '@/lib/entitlements.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, authHeaders, createOrg, createTeamOfRoles, createUser } from '@/test/factories.ts';
import { multipart } from '@/test/multipart.ts';

/**
 * The plans' limits (issue 38, docs/product.md#plans): for each limit the last allowed action succeeds and the
 * next is refused with 403 PLAN_LIMIT, also under concurrent attempts; after an upgrade it succeeds. Here the
 * plan is set in the database, to test the counting alone; the superadmin's plan change itself, followed by the
 * action that then succeeds, is in modules/plans/plans.routes.test.ts.
 */

let t: TestApp;

beforeAll(async () => {
  // Webhook endpoints on loopback (http) are allowed here; the SSRF guard has its own tests.
  t = await buildTestApp({ webhooks: { allowPrivate: true } });
}, 60_000);

afterAll(async () => {
  await t.close();
});

const setPlan = (organizationId: string, plan: string) =>
  t.db.execute(sql`update organizations set plan = ${plan} where id = ${organizationId}`);

/** An organization on `plan` with its admin only. */
async function orgOn(plan: string) {
  const org = await createOrg(t.db, { plan });
  const admin = await createUser(t.db, { organizationId: org.id, role: 'admin' });
  return { org, admin, call: as(t.app, admin) };
}

const invite = (call: ReturnType<typeof as>) =>
  call('POST', '/users/invite', { email: `p-${randomUUID()}@x.pt`, role: 'sales' });

/** A client of the caller's organization, for the proposals. */
async function clientOf(call: ReturnType<typeof as>): Promise<string> {
  const res = await call('POST', '/clients', { name: 'Cliente', email: `c-${randomUUID()}@x.pt` });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

const USERS_REFUSAL = 'O plano Starter inclui 3 utilizadores. Passe para o Professional para convidar mais.';

describe('new organizations', () => {
  it('start on Professional', async () => {
    const org = await createOrg(t.db);
    expect(org.plan).toBe('professional');
  });
});

describe('users: active members plus pending invitations', () => {
  it('two invitations at once on a Starter organization with 2 users: exactly one succeeds', async () => {
    const { org, call } = await orgOn('starter');
    await createUser(t.db, { organizationId: org.id, role: 'sales' });
    const answers = await Promise.all([invite(call), invite(call)]);
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 403]);
    const refused = answers.find((r) => r.statusCode === 403);
    expect(refused?.json().error).toMatchObject({ code: 'PLAN_LIMIT', message: USERS_REFUSAL });
  });

  it('10 invitations at once with 1 user: exactly 2 succeed; after the upgrade the next one does', async () => {
    const { org, call } = await orgOn('starter');
    const answers = await Promise.all(Array.from({ length: 10 }, () => invite(call)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(answers.filter((r) => r.statusCode === 403)).toHaveLength(8);
    expect((await invite(call)).json().error.code).toBe('PLAN_LIMIT');
    await setPlan(org.id, 'professional');
    expect((await invite(call)).statusCode).toBe(201);
  });

  it('a cancelled invitation and a deactivated member free a place; reactivating takes one again', async () => {
    const { org, call } = await orgOn('starter');
    const member = await createUser(t.db, { organizationId: org.id, role: 'sales' });
    const pending = (await invite(call)).json().data;
    expect((await invite(call)).statusCode).toBe(403);
    expect((await call('DELETE', `/users/invites/${pending.id}`)).statusCode).toBeLessThan(300);
    expect((await invite(call)).statusCode).toBe(201);
    expect((await call('DELETE', `/users/${member.id}`)).statusCode).toBeLessThan(300);
    expect((await invite(call)).statusCode).toBe(201);
    const back = await call('POST', `/users/${member.id}/reactivate`);
    expect(back.statusCode).toBe(403);
    expect(back.json().error).toMatchObject({ code: 'PLAN_LIMIT', message: USERS_REFUSAL });
  });

  it('an expired invitation no longer counts, and renewing it counts again', async () => {
    const { org, call } = await orgOn('starter');
    await createUser(t.db, { organizationId: org.id, role: 'sales' });
    const old = (await invite(call)).json().data;
    await t.db.execute(sql`update invites set expires_at = now() - interval '1 day' where id = ${old.id}`);
    expect((await invite(call)).statusCode).toBe(201);
    const renewed = await call('POST', `/users/invites/${old.id}/resend`);
    expect(renewed.statusCode).toBe(403);
    expect(renewed.json().error.code).toBe('PLAN_LIMIT');
  });
});

describe('templates', () => {
  const create = (call: ReturnType<typeof as>) =>
    call('POST', '/templates', { name: `Modelo ${randomUUID()}` });

  it('the 10th succeeds and the 11th is refused on Starter, also under 10 attempts at once', async () => {
    const { org, call } = await orgOn('starter');
    for (let i = 0; i < 8; i++) {
      await t.db.execute(sql`insert into templates (organization_id, name) values (${org.id}, ${`M${i}`})`);
    }
    const answers = await Promise.all(Array.from({ length: 10 }, () => create(call)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(2);
    const refused = answers.find((r) => r.statusCode === 403);
    expect(refused?.json().error).toEqual(
      expect.objectContaining({
        code: 'PLAN_LIMIT',
        message: 'O plano Starter inclui 10 modelos. Passe para o Professional para criar mais.',
      }),
    );
    // Archiving frees a place (archived templates do not count).
    const one = answers.find((r) => r.statusCode === 201)?.json().data;
    expect((await call('DELETE', `/templates/${one.id}`)).statusCode).toBe(200);
    expect((await create(call)).statusCode).toBe(201);
    await setPlan(org.id, 'professional');
    expect((await create(call)).statusCode).toBe(201);
  });
});

describe('proposals per month', () => {
  it('the 50th of the month succeeds and the 51st is refused on Starter (created or duplicated)', async () => {
    const { org, admin, call } = await orgOn('starter');
    // 49 this month, and older ones that do not count.
    await t.db.execute(sql`insert into proposals (organization_id, owner_id, title, public_token)
      select ${org.id}, ${admin.id}, 'P' || g, md5(random()::text || g) from generate_series(1, 49) g`);
    await t.db.execute(sql`insert into proposals (organization_id, owner_id, title, public_token, created_at)
      select ${org.id}, ${admin.id}, 'Antiga' || g, md5(random()::text || g), now() - interval '40 days'
        from generate_series(1, 5) g`);
    const clientId = await clientOf(call);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', '/proposals', { title: 'Nova', clientId })),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = answers.find((r) => r.statusCode === 403);
    expect(refused?.json().error).toEqual(
      expect.objectContaining({
        code: 'PLAN_LIMIT',
        message: 'O plano Starter inclui 50 propostas por mês. Passe para o Professional para criar mais.',
      }),
    );
    const made = answers.find((r) => r.statusCode === 201)?.json().data;
    const copy = await call('POST', `/proposals/${made.id}/duplicate`);
    expect(copy.statusCode).toBe(403);
    expect(copy.json().error.code).toBe('PLAN_LIMIT');
    await setPlan(org.id, 'professional');
    expect((await call('POST', `/proposals/${made.id}/duplicate`)).statusCode).toBe(201);
  });

  it("counts the calendar month of the organization's time zone", async () => {
    const { org, admin } = await orgOn('starter');
    await t.db.execute(sql`update organizations set timezone = 'Atlantic/Azores' where id = ${org.id}`);
    // 00:30 UTC on 1 December is still 30 November (23:30) in the Azores (UTC-1 in winter); 01:30 UTC is December.
    await t.db.execute(sql`insert into proposals (organization_id, owner_id, title, public_token, created_at)
      values (${org.id}, ${admin.id}, 'Novembro', ${randomUUID()}, '2026-12-01T00:30:00Z'),
             (${org.id}, ${admin.id}, 'Dezembro', ${randomUUID()}, '2026-12-01T01:30:00Z')`);
    const scope = { db: t.db, organizationId: org.id };
    // At 01:45 UTC on 1 December it is 00:45 on 1 December in the Azores: only 'Dezembro' is of this month.
    const at = new Date('2026-12-01T01:45:00Z');
    expect((await selectPlanUsage(scope, at)).proposalsThisMonth).toBe(1);
    // In Lisbon (UTC+0 in winter) December began at 00:00 UTC: both are.
    await t.db.execute(sql`update organizations set timezone = 'Europe/Lisbon' where id = ${org.id}`);
    expect((await selectPlanUsage(scope, at)).proposalsThisMonth).toBe(2);
  });
});

describe('storage', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

  it('the logo counts; an upload past the quota is refused with PLAN_LIMIT', async () => {
    const { org, admin, call } = await orgOn('starter');
    const proposal = (
      await call('POST', '/proposals', { title: 'Anexos', clientId: await clientOf(call) })
    ).json().data;
    const logo = `data:image/png;base64,${'A'.repeat(1000)}`;
    await t.db.execute(
      sql`update organizations set branding = jsonb_set(branding, '{logo}', to_jsonb(${logo}::text)) where id = ${org.id}`,
    );
    // 5 GB less the logo and one byte less than the file (three rows: a size is an int4).
    const room = 5_000_000_000 - logo.length - PDF.length + 1;
    for (const size of [2_000_000_000, 2_000_000_000, room - 4_000_000_000]) {
      await t.db.execute(sql`insert into proposal_attachments
        (organization_id, proposal_id, file_name, file_size, mime_type, storage_key)
        values (${org.id}, ${proposal.id}, 'grande.pdf', ${size}, 'application/pdf', ${`x/${randomUUID()}`})`);
    }
    const upload = async () => {
      const { payload, contentType } = multipart({}, { name: 'anexo.pdf', content: PDF });
      return t.app.inject({
        method: 'POST',
        url: `/api/v1/proposals/${proposal.id}/attachments`,
        headers: { ...(await authHeaders(t.app, admin)), 'content-type': contentType },
        payload,
      });
    };
    const refused = await upload();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual(
      expect.objectContaining({
        code: 'PLAN_LIMIT',
        message:
          'O plano Starter inclui 5 GB de armazenamento. Passe para o Professional para guardar mais ficheiros.',
      }),
    );
    const usage = await selectPlanUsage({ db: t.db, organizationId: org.id });
    expect(usage.storageBytes).toBe(room + logo.length);
  });
});

describe('API keys and webhooks', () => {
  it('are refused on Starter with their own words, and allowed on Professional', async () => {
    const { org, call } = await orgOn('starter');
    const key = await call('POST', '/settings/api-keys', { name: 'Chave', scope: 'read' });
    expect(key.statusCode).toBe(403);
    expect(key.json().error).toEqual(
      expect.objectContaining({
        code: 'PLAN_LIMIT',
        message:
          'O plano Starter não inclui acesso à API. Passe para o Professional para criar chaves de API.',
      }),
    );
    const hook = await call('POST', '/webhooks', {
      url: 'http://127.0.0.1:9/hook',
      events: ['client.created'],
    });
    expect(hook.statusCode).toBe(403);
    expect(hook.json().error).toEqual(
      expect.objectContaining({
        code: 'PLAN_LIMIT',
        message: 'O plano Starter não inclui webhooks. Passe para o Professional para os configurar.',
      }),
    );
    await setPlan(org.id, 'professional');
    expect((await call('POST', '/settings/api-keys', { name: 'Chave', scope: 'read' })).statusCode).toBe(201);
    expect(
      (await call('POST', '/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['client.created'] }))
        .statusCode,
    ).toBe(201);
  });
});

describe('GET /settings/organization/usage', () => {
  it("answers the admin the plan, its price and the organization's own figures", async () => {
    const { org, admin, call } = await orgOn('starter');
    await createUser(t.db, { organizationId: org.id, role: 'sales' });
    await invite(call);
    await call('POST', '/templates', { name: 'Modelo' });
    expect(
      (await call('POST', '/proposals', { title: 'Uma', clientId: await clientOf(call) })).statusCode,
    ).toBe(201);
    // Another organization's records never count.
    const other = await orgOn('starter');
    await other.call('POST', '/templates', { name: 'Outro' });
    await other.call('POST', '/proposals', { title: 'Outra', clientId: await clientOf(other.call) });
    const res = await call('GET', '/settings/organization/usage');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      plan: 'starter',
      planName: 'Starter',
      priceMonthly: 29,
      priceYearly: 290,
      trialEndsAt: null,
      readOnly: false,
      trialDaysLeft: null,
      proposalsThisMonth: { used: 1, limit: 50 },
      users: { used: 3, limit: 3 },
      templates: { used: 1, limit: 10 },
      storageBytes: { used: 0, limit: 5_000_000_000 },
      api: false,
      webhooks: false,
    });
    expect(admin.organizationId).toBe(org.id);
    await setPlan(org.id, 'enterprise');
    const enterprise = (await call('GET', '/settings/organization/usage')).json().data;
    expect(enterprise).toMatchObject({
      plan: 'enterprise',
      priceMonthly: null,
      users: { used: 3, limit: null },
      storageBytes: { used: 0, limit: null },
      api: true,
    });
  });

  it('is for admins only (organization:manage); the other roles get 403 FORBIDDEN', async () => {
    const team = await createTeamOfRoles(t.db);
    for (const role of ORG_ROLES) {
      const res = await as(t.app, team[role])('GET', '/settings/organization/usage');
      if (role === 'admin') expect(res.statusCode).toBe(200);
      else expect([res.statusCode, res.json().error.code]).toEqual([403, 'FORBIDDEN']);
    }
  });
});
