import { randomUUID } from 'node:crypto';
import { WEBHOOK_MESSAGES } from '@aceite/shared/schemas/webhooks';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notifications, webhookDeliveries, webhookEndpoints } from '@/db/schema/index.ts';
import { WebhookWorker } from '@/jobs/webhook-worker.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles } from '@/test/factories.ts';
import { startReceiver } from '@/test/webhook-receiver.ts';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  // Retries after 20–60 ms instead of minutes: the real schedule is the same code with other numbers.
  t = await buildTestApp({
    webhooks: { allowPrivate: true, baseDelayMs: 30, maxDelayMs: 60, timeoutMs: 2000 },
  });
  team = await createTeamOfRoles(t.db);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});
afterEach(async () => {
  // Each test starts with no endpoint and an empty receiver.
  await t.db.delete(webhookEndpoints);
  receiver.received.length = 0;
  receiver.all.length = 0;
  receiver.state.status = 200;
  receiver.state.delayMs = 0;
});

const admin = () => as(t.app, team.admin);
const drain = () => t.app.webhookWorker.drain();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function createEndpoint(events: string[], url = receiver.url) {
  const res = await admin()('POST', '/webhooks', { url, description: 'CRM', events });
  expect(res.statusCode, res.body).toBe(201);
  const endpoint = res.json().data as { id: string; status: string };
  const secret = (await admin()('GET', `/webhooks/${endpoint.id}/secret`)).json().data.secret as string;
  return { ...endpoint, secret };
}

async function newClient() {
  const res = await admin()('POST', '/clients', { name: 'Cliente', email: `c-${randomUUID()}@x.pt` });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string };
}

/** Drains until nothing is due, letting short backoffs run out. */
async function drainUntilIdle(rounds = 40) {
  for (let i = 0; i < rounds; i++) {
    await drain();
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.status, 'pending'));
    if (!row?.n) return;
    await sleep(40);
  }
}

describe('endpoints', () => {
  it('creates an endpoint with a whsec_ secret shown only to admins, and refuses other roles', async () => {
    const endpoint = await createEndpoint(['client.created']);
    expect(endpoint.status).toBe('active');
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(JSON.stringify((await admin()('GET', '/webhooks')).json())).not.toContain(endpoint.secret);
    for (const role of ['manager', 'sales', 'viewer'] as const) {
      const res = await as(t.app, team[role])('GET', `/webhooks/${endpoint.id}/secret`);
      expect(res.statusCode).toBe(403);
      expect((await as(t.app, team[role])('GET', '/webhooks')).statusCode).toBe(403);
    }
  });

  it('validates the URL and the events with pt-PT messages', async () => {
    const res = await admin()('POST', '/webhooks', { url: 'ftp://x', events: [] });
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['url', 'events']));
    expect(JSON.stringify(res.json())).toContain(WEBHOOK_MESSAGES.eventsRequired);
  });
});

describe('delivery, signed per Standard Webhooks', () => {
  it('delivers client.created with the API DTO, verified by the standardwebhooks package', async () => {
    const endpoint = await createEndpoint(['client.created', 'client.updated']);
    const client = await newClient();
    expect(await drain()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    if (!got) throw new Error('nothing received');
    expect(receiver.verify(endpoint.secret, got)).toMatchObject({ type: 'client.created' });
    expect(got.headers['webhook-id']).toBe(got.json.id);
    expect(got.json.id).toMatch(/^msg_/);
    expect(got.json.type).toBe('client.created');
    // The same shape as GET /clients/{id}, its proposals included (issue 35).
    const apiDto = (await admin()('GET', `/clients/${client.id}`)).json().data;
    expect(got.json.data).toEqual(apiDto);
    // Another secret does not verify it.
    expect(() => receiver.verify(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, got)).toThrow();
  });

  it('refuses a signature outside the 5-minute timestamp tolerance, as a receiver must', async () => {
    const endpoint = await createEndpoint(['client.created']);
    await newClient();
    await drain();
    const [got] = receiver.received;
    if (!got) throw new Error('nothing received');
    const now = Number(got.headers['webhook-timestamp']);
    expect(Math.abs(now - Date.now() / 1000)).toBeLessThan(5);
    // The same request replayed 10 minutes later: the verifier refuses it (its signature covers the timestamp).
    const wh = new Webhook(endpoint.secret);
    const later = { ...got.headers, 'webhook-timestamp': String(now + 600) };
    expect(() => wh.verify(got.body, later)).toThrow();
  });

  it('only sends the subscribed events, and nothing to paused endpoints until they resume', async () => {
    const endpoint = await createEndpoint(['client.updated']);
    await newClient();
    expect(await drain()).toBe(0);
    const paused = await admin()('PUT', `/webhooks/${endpoint.id}`, {
      url: receiver.url,
      events: ['client.created'],
      status: 'paused',
    });
    expect(paused.json().data.status).toBe('paused');
    await newClient();
    expect(await drain()).toBe(0);
    await admin()('PUT', `/webhooks/${endpoint.id}`, { url: receiver.url, events: ['client.created'] });
    expect(await drain()).toBe(1);
    expect(receiver.received.map((r) => r.json.type)).toEqual(['client.created']);
  });

  it('after "Rodar segredo" signs with both secrets for 24 hours; each verifies on its own', async () => {
    const endpoint = await createEndpoint(['client.created']);
    const rotated = await admin()('POST', `/webhooks/${endpoint.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const newSecret = rotated.json().data.secret as string;
    expect(newSecret).not.toBe(endpoint.secret);
    const shown = (await admin()('GET', `/webhooks/${endpoint.id}`)).json().data;
    const overlapMs = new Date(shown.previousSecretExpiresAt).getTime() - Date.now();
    expect(overlapMs).toBeGreaterThan(23.9 * 3600_000);
    expect(overlapMs).toBeLessThanOrEqual(24 * 3600_000);
    await newClient();
    await drain();
    const [got] = receiver.received;
    if (!got) throw new Error('nothing received');
    expect(got.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(receiver.verify(endpoint.secret, got)).toBeTruthy();
    expect(receiver.verify(newSecret, got)).toBeTruthy();
    // Once the overlap is over, only the new secret signs.
    await t.db
      .update(webhookEndpoints)
      .set({ previousSecretExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(webhookEndpoints.id, endpoint.id));
    await newClient();
    await drain();
    const second = receiver.received[1];
    if (!second) throw new Error('nothing received');
    expect(second.headers['webhook-signature']?.split(' ')).toHaveLength(1);
    expect(receiver.verify(newSecret, second)).toBeTruthy();
    expect(() => receiver.verify(endpoint.secret, second)).toThrow();
  });
});

describe('proposal events', () => {
  it('sends created, updated and sent in order, and comment.created, with the proposal DTO', async () => {
    await createEndpoint(['proposal.created', 'proposal.updated', 'proposal.sent', 'comment.created']);
    const client = await newClient();
    const created = await admin()('POST', '/proposals', { title: 'Site novo', clientId: client.id });
    const proposal = created.json().data as { id: string };
    await admin()('PUT', `/proposals/${proposal.id}`, {
      title: 'Site novo (v2)',
      clientId: client.id,
      status: 'draft',
    });
    await as(t.app, team.sales)('POST', `/proposals/${proposal.id}/comments`, { content: 'Olá' });
    const sent = await admin()('POST', `/proposals/${proposal.id}/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    await drainUntilIdle();
    expect(receiver.received.map((r) => r.json.type)).toEqual([
      'proposal.created',
      'proposal.updated',
      'comment.created',
      'proposal.sent',
    ]);
    const last = receiver.received.at(-1)?.json.data;
    expect(last).toMatchObject({ id: proposal.id, title: 'Site novo (v2)', status: 'sent' });
    expect(receiver.received[2]?.json.data).toMatchObject({ proposalId: proposal.id, content: 'Olá' });
  });

  it('a receiver down for a while then up gets the backlog of each proposal in order', async () => {
    await createEndpoint(['proposal.created', 'proposal.updated']);
    receiver.state.status = 503;
    const client = await newClient();
    const ids: string[] = [];
    for (const title of ['A', 'B']) {
      const p = (await admin()('POST', '/proposals', { title, clientId: client.id })).json().data;
      ids.push(p.id);
      for (const n of [1, 2, 3])
        await admin()('PUT', `/proposals/${p.id}`, { title: `${title}${n}`, clientId: client.id });
    }
    await drain();
    await sleep(80);
    await drain();
    // While down: only each proposal's first event was tried; the later ones wait behind it.
    const triedTitles = new Set(receiver.all.map((r) => r.json.data.title));
    expect([...triedTitles].sort()).toEqual(['A', 'B']);
    receiver.state.status = 200;
    await drainUntilIdle();
    for (const [i, title] of ['A', 'B'].entries()) {
      const mine = receiver.received.filter((r) => r.json.data.id === ids[i]).map((r) => r.json.data.title);
      expect(mine).toEqual([title, `${title}1`, `${title}2`, `${title}3`]);
    }
  });
});

describe('retries, test event, log and replay', () => {
  it('retries a failure with backoff and logs every attempt (status, duration, first 1 KB of the body)', async () => {
    const endpoint = await createEndpoint(['client.created']);
    receiver.state.status = 500;
    receiver.state.body = 'x'.repeat(5000);
    await newClient();
    // The first retry of the real schedule: 30 s ± 20 %.
    const realSchedule = new WebhookWorker(t.db, t.app.log, {
      allowPrivate: true,
      appUrl: 'http://localhost',
    });
    await realSchedule.drain();
    const [pending] = await t.db.select().from(webhookDeliveries);
    expect(pending?.status).toBe('pending');
    expect(pending?.attempts).toBe(1);
    const waitMs = (pending?.nextAttemptAt.getTime() ?? 0) - Date.now();
    expect(waitMs).toBeGreaterThan(23_000);
    expect(waitMs).toBeLessThanOrEqual(36_000);
    expect(await drain()).toBe(0);
    expect(receiver.all).toHaveLength(1);
    await t.db.update(webhookDeliveries).set({ nextAttemptAt: new Date() });
    receiver.state.status = 204;
    receiver.state.body = '';
    await drainUntilIdle();
    const log = (await admin()('GET', `/webhooks/${endpoint.id}/attempts`)).json();
    expect(log.data).toHaveLength(2);
    const [second, first] = log.data;
    expect(first).toMatchObject({
      attempt: 1,
      responseStatus: 500,
      success: false,
      eventType: 'client.created',
    });
    expect(first.responseBody).toHaveLength(1024);
    expect(second).toMatchObject({
      attempt: 2,
      responseStatus: 204,
      success: true,
      deliveryStatus: 'delivered',
    });
    expect(typeof second.durationMs).toBe('number');
    const ep = (await admin()('GET', `/webhooks/${endpoint.id}`)).json().data;
    expect(ep.failingSince).toBeNull();
  });

  it('"Enviar evento de teste" then "Reenviar": the same event id and body twice, two log entries', async () => {
    const endpoint = await createEndpoint(['client.created']);
    const test = await admin()('POST', `/webhooks/${endpoint.id}/test`);
    expect(test.statusCode).toBe(202);
    await drain();
    expect(receiver.received[0]?.json.type).toBe('webhook.test');
    const replay = await admin()(
      'POST',
      `/webhooks/${endpoint.id}/deliveries/${test.json().data.deliveryId}/replay`,
    );
    expect(replay.statusCode).toBe(202);
    await drain();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]?.body).toBe(receiver.received[0]?.body);
    expect(receiver.received[1]?.headers['webhook-id']).toBe(receiver.received[0]?.headers['webhook-id']);
    expect(receiver.verify(endpoint.secret, receiver.received[1] as never)).toBeTruthy();
    const log = (await admin()('GET', `/webhooks/${endpoint.id}/attempts`)).json().data;
    expect(log).toHaveLength(2);
  });

  it('gives an event up after the retry window (about 3 days)', async () => {
    await createEndpoint(['client.created']);
    receiver.state.status = 500;
    await newClient();
    await t.db.execute(sql`update webhook_events set created_at = now() - interval '3 days 1 minute'`);
    await drain();
    const [row] = await t.db.select().from(webhookDeliveries);
    expect(row?.status).toBe('failed');
  });

  it('410 Gone disables the endpoint and tells the admins (notification and email)', async () => {
    const endpoint = await createEndpoint(['client.created']);
    receiver.state.status = 410;
    await newClient();
    await drain();
    const ep = (await admin()('GET', `/webhooks/${endpoint.id}`)).json().data;
    expect(ep.status).toBe('disabled');
    expect(ep.disabledReason).toContain('410');
    const told = await t.db.select().from(notifications).where(eq(notifications.type, 'webhook_disabled'));
    expect(told.map((n) => n.userId)).toEqual([team.admin.id]);
    await t.app.outbox.drain();
    expect(t.sentMail.some((m) => m.to === team.admin.email && /desativado/.test(m.subject))).toBe(true);
    // Disabled: new events are not queued for it; saving it active again re-enables it.
    receiver.state.status = 200;
    await newClient();
    expect(await drain()).toBe(0);
    await admin()('PUT', `/webhooks/${endpoint.id}`, { url: receiver.url, events: ['client.created'] });
    await newClient();
    expect(await drain()).toBe(1);
  });

  it('an endpoint failing for 5 days is disabled and its admins told', async () => {
    const endpoint = await createEndpoint(['client.created']);
    await t.db.delete(notifications).where(eq(notifications.type, 'webhook_disabled'));
    receiver.state.status = 500;
    await newClient();
    await drain();
    expect((await admin()('GET', `/webhooks/${endpoint.id}`)).json().data.status).toBe('active');
    await t.db
      .update(webhookEndpoints)
      .set({ failingSince: sql`now() - interval '5 days'` })
      .where(eq(webhookEndpoints.id, endpoint.id));
    await sleep(80);
    await drain();
    const ep = (await admin()('GET', `/webhooks/${endpoint.id}`)).json().data;
    expect(ep.status).toBe('disabled');
    expect(ep.disabledReason).toContain('5 dias');
    const told = await t.db.select().from(notifications).where(eq(notifications.type, 'webhook_disabled'));
    expect(told.map((n) => n.userId)).toEqual([team.admin.id]);
  });
});

describe('the delivery log says what went wrong in pt-PT, never the connection error', () => {
  it('a receiver that is down: "Ligação recusada", without its address or the error code', async () => {
    const closed = await startReceiver();
    const url = closed.url;
    await closed.close();
    const endpoint = await createEndpoint(['client.created'], url);
    await admin()('POST', `/webhooks/${endpoint.id}/test`);
    await drain();
    const log = (await admin()('GET', `/webhooks/${endpoint.id}/attempts`)).json().data;
    expect(log[0]).toMatchObject({ responseStatus: null, responseBody: 'Ligação recusada', success: false });
    expect(JSON.stringify(log)).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|connect/);
  });

  it('a receiver too slow: "Tempo esgotado"', async () => {
    const endpoint = await createEndpoint(['client.created']);
    receiver.state.delayMs = 2500;
    await admin()('POST', `/webhooks/${endpoint.id}/test`);
    await drain();
    const log = (await admin()('GET', `/webhooks/${endpoint.id}/attempts`)).json().data;
    expect(log[0]).toMatchObject({ responseStatus: null, responseBody: 'Tempo esgotado' });
    // The receiver's late answer lands now, before the next test empties its lists.
    await sleep(800);
  });
});

describe('two workers at once (as two processes would)', () => {
  it('never deliver the same attempt twice: FOR UPDATE SKIP LOCKED', async () => {
    await createEndpoint(['client.created']);
    receiver.state.delayMs = 20;
    for (let i = 0; i < 12; i++) await newClient();
    const opts = { allowPrivate: true, appUrl: 'http://localhost' };
    const a = new WebhookWorker(t.db, t.app.log, opts);
    const b = new WebhookWorker(t.db, t.app.log, opts);
    const [da, db] = await Promise.all([a.drain(), b.drain()]);
    expect(da + db).toBe(12);
    const ids = receiver.received.map((r) => r.json.id);
    expect(new Set(ids).size).toBe(12);
    expect(ids).toHaveLength(12);
  });
});
