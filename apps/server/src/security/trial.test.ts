import { randomUUID } from 'node:crypto';
import { READ_ONLY_MESSAGE } from '@aceite/shared/trial';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, organizations, trialNotices } from '@/db/schema/index.ts';
import { setClock } from '@/lib/clock.ts';
import { answerAsClient } from '@/test/answer-code.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import {
  as,
  createApiKey,
  createOrg,
  createUser,
  insertSentProposal,
  TEST_PASSWORD,
} from '@/test/factories.ts';

/**
 * The 14-day trial and the read-only organization after it (issue 38, docs/product.md#plans), with a controlled
 * clock. Every write route's refusal is swept in role-matrix.test.ts; here, the trial's life: signing up starts
 * it, the usage shows it, a read-only organization still lets its clients answer, and the emails go once each.
 */

let t: TestApp;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);

afterAll(async () => {
  await t.close();
});

afterEach(() => setClock(null));

const setTrialEnd = (organizationId: string, end: Date | null) =>
  t.db.update(organizations).set({ trialEndsAt: end }).where(eq(organizations.id, organizationId));

/** An organization on trial until `end`, with its admin. */
async function orgOnTrial(end: Date) {
  const org = await createOrg(t.db, { plan: 'professional', trialEndsAt: end });
  const admin = await createUser(t.db, { organizationId: org.id, role: 'admin' });
  return { org, admin, call: as(t.app, admin) };
}

describe('signing up', () => {
  it('starts a 14-day Professional trial, counted from the server clock', async () => {
    const at = new Date('2026-11-28T10:00:00Z');
    setClock(() => at);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: {
        email: `novo-${randomUUID()}@exemplo.pt`,
        password: TEST_PASSWORD,
        firstName: 'Nova',
        lastName: 'Conta',
        organizationName: 'Nova Lda',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { user, accessToken } = res.json().data;
    expect(user.organization.trialEndsAt).toBe('2026-12-12T10:00:00.000Z');
    const [org] = await t.db
      .select({ plan: organizations.plan, trialEndsAt: organizations.trialEndsAt })
      .from(organizations)
      .where(eq(organizations.id, user.organizationId));
    expect(org).toEqual({ plan: 'professional', trialEndsAt: new Date('2026-12-12T10:00:00Z') });

    // The shell's one read of the session carries it (the top bar's countdown), and the usage too.
    const headers = { authorization: `Bearer ${accessToken}` };
    const me = await t.app.inject({ url: '/api/v1/auth/me', headers });
    expect(me.json().data.organization.trialEndsAt).toBe('2026-12-12T10:00:00.000Z');
    setClock(() => new Date('2026-12-03T09:00:00Z'));
    const usage = await t.app.inject({ url: '/api/v1/settings/organization/usage', headers });
    expect(usage.statusCode, usage.body).toBe(200);
    expect(usage.json().data).toMatchObject({
      plan: 'professional',
      trialEndsAt: '2026-12-12T10:00:00.000Z',
      readOnly: false,
      trialDaysLeft: 10,
    });
  });
});

describe('after the trial: read-only', () => {
  it('refuses writes with PLAN_LIMIT and the message, keeps reads and the named exceptions', async () => {
    const end = new Date('2026-12-12T10:00:00Z');
    const { org, admin, call } = await orgOnTrial(end);
    const key = await createApiKey(t.app, admin, 'write');
    setClock(() => new Date(end.getTime() - 60_000));
    expect((await call('POST', '/clients', { name: 'Antes', email: 'antes@x.pt' })).statusCode).toBe(201);

    setClock(() => end);
    const refused = await call('POST', '/clients', { name: 'Depois', email: 'depois@x.pt' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'PLAN_LIMIT', message: READ_ONLY_MESSAGE });
    const byKey = await t.app.inject({
      method: 'POST',
      url: '/api/v1/clients',
      headers: key.headers,
      payload: { name: 'Chave', email: 'chave@x.pt' },
    });
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json().error.code).toBe('PLAN_LIMIT');
    // Reads stay, by a member and by a key.
    const list = await call('GET', '/clients');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((c: { name: string }) => c.name)).toEqual(['Antes']);
    expect((await t.app.inject({ url: '/api/v1/clients', headers: key.headers })).statusCode).toBe(200);
    // One's own profile stays writable; the usage says read-only.
    const profile = await call('PUT', '/settings/profile', { firstName: 'Ana', lastName: 'Admin' });
    expect(profile.statusCode, profile.body).toBe(200);
    const usage = (await call('GET', '/settings/organization/usage')).json().data;
    expect(usage).toMatchObject({ readOnly: true, trialDaysLeft: null });

    // A chosen plan (the trial's end cleared) writes again.
    await setTrialEnd(org.id, null);
    expect((await call('POST', '/clients', { name: 'Plano', email: 'plano@x.pt' })).statusCode).toBe(201);
  });

  it('lets the client answer a proposal already sent, through the public page', async () => {
    const end = new Date('2026-12-12T10:00:00Z');
    const { org, admin } = await orgOnTrial(end);
    const client = await t.db.execute<{ id: string }>(
      sql`insert into clients (organization_id, name, email) values (${org.id}, 'Joana', 'joana@x.pt') returning id`,
    );
    const p = await insertSentProposal(t.db, {
      organizationId: org.id,
      ownerId: admin.id,
      clientId: client.rows[0]?.id,
    });
    setClock(() => new Date(end.getTime() + DAY));
    const res = await answerAsClient(t, p.token, 'accept');
    expect(res.statusCode, res.body).toBe(200);
    const status = await t.db.execute<{ status: string }>(
      sql`select status from proposals where id = ${p.id}`,
    );
    expect(status.rows[0]?.status).toBe('accepted');
  });
});

describe("the trial's emails", () => {
  async function noticesOf(organizationId: string) {
    return t.db
      .select({ kind: trialNotices.kind })
      .from(trialNotices)
      .where(eq(trialNotices.organizationId, organizationId))
      .orderBy(trialNotices.sentAt);
  }
  async function mailOf(organizationId: string) {
    return t.db
      .select({ to: emailOutbox.toAddress, subject: emailOutbox.subject, text: emailOutbox.text })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.organizationId, organizationId), eq(emailOutbox.kind, 'trial_notice')))
      .orderBy(emailOutbox.createdAt, emailOutbox.toAddress);
  }

  it('3 days, 1 day before and at the end, to the active admins, once each even run twice or at once', async () => {
    const end = new Date('2027-01-20T12:00:00Z');
    const { org, admin } = await orgOnTrial(end);
    const second = await createUser(t.db, { organizationId: org.id, role: 'admin' });
    const gone = await createUser(t.db, { organizationId: org.id, role: 'admin' });
    await t.db.execute(sql`update users set is_active = false where id = ${gone.id}`);
    await createUser(t.db, { organizationId: org.id, role: 'sales' });
    const run = (at: Date) => t.app.trialNotices.run(at);

    await run(new Date(end.getTime() - 4 * DAY));
    expect(await mailOf(org.id)).toEqual([]);

    const threeDays = new Date(end.getTime() - 3 * DAY + 60_000);
    await Promise.all([run(threeDays), run(threeDays), run(threeDays)]);
    await run(new Date(end.getTime() - 2 * DAY));
    let mail = await mailOf(org.id);
    expect(mail.map((m) => m.to).sort()).toEqual([admin.email, second.email].sort());
    expect(mail[0]?.subject).toBe('O período de teste do Aceite termina dentro de 3 dias');
    expect(mail[0]?.text).toContain('20/01/2027');
    expect(mail[0]?.text).toContain('http://localhost:3000/settings?tab=plano');

    const oneDay = new Date(end.getTime() - 2 * 3_600_000);
    await Promise.all([run(oneDay), run(oneDay)]);
    await run(new Date(end.getTime() - 3_600_000));
    mail = await mailOf(org.id);
    expect(mail).toHaveLength(4);
    expect(mail[2]?.subject).toBe('O período de teste do Aceite termina dentro de 24 horas');

    await Promise.all([run(end), run(end)]);
    await run(new Date(end.getTime() + 5 * DAY));
    mail = await mailOf(org.id);
    expect(mail).toHaveLength(6);
    expect(mail[4]?.subject).toBe('O período de teste do Aceite terminou');
    expect(mail[4]?.text).toContain('só de leitura');
    expect((await noticesOf(org.id)).map((n) => n.kind)).toEqual(['3d', '1d', 'ended']);
    // No English in any of them.
    for (const m of mail) expect(m.text).not.toMatch(/\b(trial|the|your)\b/i);

    // An extended trial (a new end) gets its own notices.
    const extended = new Date(end.getTime() + 10 * DAY);
    await setTrialEnd(org.id, extended);
    await run(new Date(extended.getTime() - 12 * 3_600_000));
    mail = await mailOf(org.id);
    expect(mail).toHaveLength(8);
    expect(mail[6]?.subject).toBe('O período de teste do Aceite termina dentro de 24 horas');
  });

  it('an organization found already past its end gets only "ended", never the notices it missed', async () => {
    const end = new Date('2027-02-01T12:00:00Z');
    const { org } = await orgOnTrial(end);
    await t.app.trialNotices.run(new Date(end.getTime() + 2 * DAY));
    await t.app.trialNotices.run(new Date(end.getTime() + 3 * DAY));
    expect((await noticesOf(org.id)).map((n) => n.kind)).toEqual(['ended']);
    expect(await mailOf(org.id)).toHaveLength(1);
  });

  it('a chosen plan (no trial) is never told anything', async () => {
    const org = await createOrg(t.db, { plan: 'starter' });
    await createUser(t.db, { organizationId: org.id, role: 'admin' });
    await t.app.trialNotices.run(new Date('2030-01-01T00:00:00Z'));
    expect(await noticesOf(org.id)).toEqual([]);
  });
});
