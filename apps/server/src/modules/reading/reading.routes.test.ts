import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, proposalReading, proposals } from '@/db/schema/index.ts';
import { newOpaqueToken } from '@/lib/tokens.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, authHeaders, createTeamOfRoles, insertSentProposal } from '@/test/factories.ts';
import {
  aggregateExpiredReading,
  READING_MAX_VISITS_PER_DAY,
  READING_VISITOR_WINDOW_MS,
} from './reading.service.ts';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let other: Awaited<ReturnType<typeof createTeamOfRoles>>;

beforeAll(async () => {
  t = await buildTestApp();
  [team, other] = await Promise.all([createTeamOfRoles(t.db), createTeamOfRoles(t.db)]);
});
afterAll(async () => {
  await t.close();
});

function makeProposal(org = team, values: Partial<typeof proposals.$inferInsert> = {}) {
  return insertSentProposal(
    t.db,
    { organizationId: org.org.id, ownerId: org.sales.id },
    {
      content: {
        blocks: [
          { title: 'Âmbito', content: 'Site' },
          { title: '', content: 'Prazos' },
        ],
        items: [{ name: 'Site', description: '', quantity: 1, unitPrice: 250000 }],
      },
      ...values,
    },
  );
}

/** The client opens the page (a view is counted), then the view is made `agoMs` old. */
async function view(p: { token: string; id: string }, agoMs = 60_000) {
  const res = await t.app.inject({
    url: `/api/v1/public/proposals/${p.token}`,
    headers: { 'user-agent': PHONE },
  });
  expect(res.statusCode).toBe(200);
  await t.db
    .update(proposals)
    .set({ lastViewedAt: new Date(Date.now() - agoMs) })
    .where(eq(proposals.id, p.id));
}

const send = (token: string, payload: unknown, headers: Record<string, string> = {}, ip = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/public/proposals/${token}/reading`,
    headers: { 'user-agent': PHONE, 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    remoteAddress: ip,
  });

const visitsOf = (proposalId: string) =>
  t.db.select().from(proposalReading).where(eq(proposalReading.proposalId, proposalId));

describe('POST /public/proposals/:token/reading', () => {
  it('stores the visit: device, truncated IP, time and sections, clamped to the time since the view', async () => {
    const p = await makeProposal();
    await view(p, 60_000);
    const visitId = randomUUID();
    const res = await send(
      p.token,
      { visitId, visibleMs: 600_000, sections: { b0: 30_000, items: 900_000, b7: 5_000 } },
      { 'x-forwarded-for': '203.0.113.45' },
    );
    expect(res.statusCode).toBe(204);
    const [row] = await visitsOf(p.id);
    expect(row).toMatchObject({ visitId, device: 'mobile' });
    expect(row?.ip).toMatch(/\.0\/24$|::\/48$/);
    // 10 minutes claimed one minute after the view: kept to about a minute.
    expect(row?.visibleMs).toBeGreaterThanOrEqual(60_000);
    expect(row?.visibleMs).toBeLessThan(70_000);
    expect(row?.sections.b0).toBe(30_000);
    expect(row?.sections.items).toBe(row?.visibleMs);
    // b7 is no section of this proposal (it has two blocks).
    expect(row?.sections).not.toHaveProperty('b7');
  });

  it('accepts the JSON in a text/plain body (sendBeacon) and keeps the larger totals of later batches', async () => {
    const p = await makeProposal();
    await view(p, 120_000);
    const visitId = randomUUID();
    const beacon = (body: unknown) => send(p.token, body, { 'content-type': 'text/plain;charset=UTF-8' });
    expect((await beacon({ visitId, visibleMs: 15_000, sections: { b0: 10_000 } })).statusCode).toBe(204);
    expect(
      (await beacon({ visitId, visibleMs: 30_000, sections: { b0: 12_000, b1: 4_000 } })).statusCode,
    ).toBe(204);
    // An older batch arriving late never lowers what is stored.
    expect((await beacon({ visitId, visibleMs: 15_000, sections: { b0: 10_000 } })).statusCode).toBe(204);
    const rows = await visitsOf(p.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ visibleMs: 30_000, sections: { b0: 12_000, b1: 4_000 } });
    // A second visitor's visit is a second row (the same visitor's would join the first, issue 34 L3).
    await send(p.token, { visitId: randomUUID(), visibleMs: 1_000, sections: {} }, {}, '198.51.100.9');
    expect(await visitsOf(p.id)).toHaveLength(2);
  });

  it('answers 400 in the error envelope for bad input', async () => {
    const p = await makeProposal();
    await view(p);
    const visitId = randomUUID();
    const tooMany = Object.fromEntries(Array.from({ length: 102 }, (_, i) => [`b${i}`, 1]));
    for (const body of [
      'not json',
      { visitId: 'x', visibleMs: 1, sections: {} },
      { visitId, visibleMs: -1, sections: {} },
      { visitId, visibleMs: 1, sections: { '../x': 1 } },
      { visitId, visibleMs: 1, sections: tooMany },
    ]) {
      const res =
        body === 'not json'
          ? await send(p.token, body, { 'content-type': 'text/plain' })
          : await send(p.token, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.any(String) });
    }
    expect(await visitsOf(p.id)).toHaveLength(0);
  });

  it("records nothing for a member's preview, a robot, or without a view", async () => {
    const p = await makeProposal();
    const batch = () => ({ visitId: randomUUID(), visibleMs: 5_000, sections: { items: 5_000 } });
    // No view counted yet for this proposal.
    expect((await send(p.token, batch())).statusCode).toBe(204);
    // A member of the organization previewing the link: no view, and no reading even after a client's view.
    const member = await authHeaders(t.app, team.sales);
    await t.app.inject({
      url: `/api/v1/public/proposals/${p.token}`,
      headers: { ...member, 'user-agent': PHONE },
    });
    expect((await t.db.select().from(proposals).where(eq(proposals.id, p.id)))[0]?.lastViewedAt).toBeNull();
    await view(p);
    expect((await send(p.token, batch(), member)).statusCode).toBe(204);
    expect(
      (await send(p.token, batch(), { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' })).statusCode,
    ).toBe(204);
    expect(await visitsOf(p.id)).toHaveLength(0);
    // A member of another organization is a client like any other.
    const outsider = await authHeaders(t.app, other.sales);
    expect((await send(p.token, batch(), outsider)).statusCode).toBe(204);
    expect(await visitsOf(p.id)).toHaveLength(1);
  });

  it('answers 404 for an unknown or cancelled proposal', async () => {
    const body = { visitId: randomUUID(), visibleMs: 1, sections: {} };
    expect((await send(newOpaqueToken(), body)).statusCode).toBe(404);
    const p = await makeProposal(team, { status: 'cancelled', lastViewedAt: new Date() });
    const res = await send(p.token, body);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});

describe('reading cannot be inflated (issue 34, L3)', () => {
  it('one visitor cannot fake 40 visits and 6 minutes of reading in 8 s', async () => {
    const p = await makeProposal();
    const started = Date.now();
    for (let i = 0; i < 40; i++) {
      // Each round opens the page again (a view) and reports a new visit claiming 9 s, then 6 minutes.
      const page = await t.app.inject({
        url: `/api/v1/public/proposals/${p.token}`,
        headers: { 'user-agent': PHONE },
      });
      expect(page.statusCode).toBe(200);
      const res = await send(p.token, {
        visitId: randomUUID(),
        visibleMs: i % 2 ? 9_000 : 360_000,
        sections: { b0: 9_000, items: 360_000 },
      });
      expect(res.statusCode).toBe(204);
    }
    const elapsed = Date.now() - started;
    const data = (await as(t.app, team.viewer)('GET', `/proposals/${p.id}/reading`)).json().data;
    expect(data.visitCount).toBe(1);
    // Never more than the wall time since the visit's view (and the page clock's 2 s slack).
    expect(data.totalMs).toBeLessThanOrEqual(elapsed + 2_000);
    expect(data.totalMs).toBeLessThan(360_000);
  });

  it('keeps the visits of different visitors apart, and caps the visits a proposal opens in a day', async () => {
    const p = await makeProposal();
    await view(p, 60_000);
    for (let i = 0; i < 55; i++) {
      const res = await send(
        p.token,
        { visitId: randomUUID(), visibleMs: 1_000, sections: {} },
        {},
        `198.51.${i}.20`,
      );
      expect(res.statusCode).toBe(204);
    }
    expect(await visitsOf(p.id)).toHaveLength(READING_MAX_VISITS_PER_DAY);
  });

  it("joins a visitor's new visit id to their visit only within half an hour", async () => {
    const p = await makeProposal();
    await view(p, 60_000);
    const first = randomUUID();
    await send(p.token, { visitId: first, visibleMs: 5_000, sections: {} });
    await t.db
      .update(proposalReading)
      .set({ lastSeenAt: new Date(Date.now() - READING_VISITOR_WINDOW_MS - 1_000) })
      .where(eq(proposalReading.visitId, first));
    await send(p.token, { visitId: randomUUID(), visibleMs: 5_000, sections: {} });
    expect(await visitsOf(p.id)).toHaveLength(2);
  });
});

describe('GET /proposals/:id/reading', () => {
  it('shows the visits, the total, the sections read longest and the PDF download', async () => {
    const p = await makeProposal();
    await view(p, 300_000);
    await send(p.token, {
      visitId: randomUUID(),
      visibleMs: 90_000,
      sections: { b0: 20_000, items: 60_000 },
    });
    // A second visitor (another network): one visitor's visits within half an hour are one (issue 34, L3).
    await send(
      p.token,
      { visitId: randomUUID(), visibleMs: 30_000, sections: { b1: 25_000 } },
      {},
      '198.51.100.7',
    );
    const before = (await as(t.app, team.viewer)('GET', `/proposals/${p.id}/reading`)).json().data;
    expect(before.pdfDownloadedAt).toBeNull();
    const pdf = await t.app.inject({
      url: `/api/v1/public/proposals/${p.token}/pdf`,
      headers: { 'user-agent': PHONE },
    });
    expect(pdf.statusCode).toBe(200);

    const res = await as(t.app, team.viewer)('GET', `/proposals/${p.id}/reading`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.visits).toHaveLength(2);
    expect(data.visits[0]).toMatchObject({ device: 'mobile', visibleMs: expect.any(Number) });
    expect(data).toMatchObject({ visitCount: 2, totalMs: 120_000, aggregatedVisits: 0 });
    expect(data.sections).toEqual([
      { id: 'items', label: 'Itens', ms: 60_000 },
      { id: 'b1', label: 'Secção 2', ms: 25_000 },
      { id: 'b0', label: 'Âmbito', ms: 20_000 },
    ]);
    expect(data.pdfDownloadedAt).toEqual(expect.any(String));
  });

  it("answers 404 for another organization's proposal and 401 without a session", async () => {
    const p = await makeProposal(other);
    const res = await as(t.app, team.admin)('GET', `/proposals/${p.id}/reading`);
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/proposals/${p.id}/reading` })).statusCode).toBe(401);
  });
});

describe('reading retention (the expiry sweep)', () => {
  const months = (n: number, from = new Date()) => {
    const d = new Date(from);
    d.setUTCMonth(d.getUTCMonth() - n);
    return d;
  };
  async function visit(
    p: { id: string },
    org: typeof team,
    startedAt: Date,
    visibleMs: number,
    sections = {},
  ) {
    await t.db.insert(proposalReading).values({
      visitId: randomUUID(),
      proposalId: p.id,
      organizationId: org.org.id,
      startedAt,
      lastSeenAt: startedAt,
      visibleMs,
      device: 'desktop',
      sections,
    });
  }

  it("folds visits older than the organization's retention into totals, once, even with two sweeps at once", async () => {
    const now = new Date();
    const p = await makeProposal();
    const q = await makeProposal(other);
    await t.db
      .update(organizations)
      .set({ settings: { readingRetentionMonths: 3 } })
      .where(eq(organizations.id, other.org.id));
    await visit(p, team, months(13, now), 10_000, { b0: 4_000, items: 1_000 });
    await visit(p, team, months(14, now), 20_000, { b0: 6_000 });
    await visit(p, team, months(2, now), 5_000, { items: 2_000 });
    await visit(q, other, months(4, now), 7_000, { items: 7_000 }); // past that organization's 3 months
    await visit(q, other, months(2, now), 1_000);

    const folded = await Promise.all([
      aggregateExpiredReading(t.db, now),
      aggregateExpiredReading(t.db, now),
    ]);
    expect(folded[0] + folded[1]).toBe(3);
    expect(await aggregateExpiredReading(t.db, now)).toBe(0);
    expect(await visitsOf(p.id)).toHaveLength(1);
    expect(await visitsOf(q.id)).toHaveLength(1);

    const data = (await as(t.app, team.sales)('GET', `/proposals/${p.id}/reading`)).json().data;
    expect(data).toMatchObject({ visitCount: 3, aggregatedVisits: 2, totalMs: 35_000 });
    expect(data.visits).toHaveLength(1);
    expect(data.sections).toEqual([
      { id: 'b0', label: 'Âmbito', ms: 10_000 },
      { id: 'items', label: 'Itens', ms: 3_000 },
    ]);

    // A later sweep adds to the totals already there.
    await visit(p, team, months(13, now), 1_000, { b0: 500 });
    expect(await aggregateExpiredReading(t.db, now)).toBe(1);
    const later = (await as(t.app, team.sales)('GET', `/proposals/${p.id}/reading`)).json().data;
    expect(later).toMatchObject({ visitCount: 4, aggregatedVisits: 3, totalMs: 36_000 });
    expect(later.sections[0]).toEqual({ id: 'b0', label: 'Âmbito', ms: 10_500 });
  });

  it('keeps the retention between 1 and 60 months in the organization settings', async () => {
    const admin = as(t.app, team.admin);
    for (const bad of [0, 61, 2.5]) {
      const res = await admin('PUT', '/settings/organization', {
        name: team.org.name,
        settings: { readingRetentionMonths: bad },
      });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    const ok = await admin('PUT', '/settings/organization', {
      name: team.org.name,
      settings: { readingRetentionMonths: 24 },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('GET /proposals?sort=lastViewed', () => {
  it("lists the client's most recent view first and never-viewed proposals last", async () => {
    const title = `Ordem ${randomUUID().slice(0, 8)}`;
    const recent = await makeProposal(team, { title: `${title} recente`, lastViewedAt: new Date() });
    const never = await makeProposal(team, { title: `${title} nunca` });
    const old = await makeProposal(team, {
      title: `${title} antiga`,
      lastViewedAt: new Date(Date.now() - 86_400_000),
    });
    const list = async (sort = '') =>
      (await as(t.app, team.admin)('GET', `/proposals?search=${encodeURIComponent(title)}${sort}`)).json()
        .data as { id: string; lastViewedAt: string | null }[];
    const byView = await list('&sort=lastViewed');
    expect(byView.map((p) => p.id)).toEqual([recent.id, old.id, never.id]);
    expect(byView[2]?.lastViewedAt).toBeNull();
    // The default stays newest first.
    expect((await list()).map((p) => p.id)).toEqual([old.id, never.id, recent.id]);
    expect((await as(t.app, team.admin)('GET', '/proposals?sort=views')).statusCode).toBe(400);
  });
});
