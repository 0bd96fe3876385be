import { randomUUID } from 'node:crypto';
import type { ProposalStatus } from '@aceite/shared/proposal-status';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, proposals, teams, users } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createOrg, createTeamOfRoles, createUser, type TestUser } from '@/test/factories.ts';

/*
 * A fixture whose every figure is known in advance (organization timezone Europe/Lisbon, UTC+1 from
 * 29 March 2026, so late-evening UTC times fall on the next Lisbon day):
 *
 *  #    owner  client  status             cents   createdAt (UTC)        Lisbon day
 *  P1   u1     C1      accepted           10000   2026-04-30T22:30Z      30 Apr
 *  P2   u1     C1      signed             20000   2026-04-30T23:30Z      1 May
 *  P3   u1     C2      rejected            5000   2026-05-15T12:00Z      15 May
 *  P4   u2     C1      sent                7000   2026-05-31T22:30Z      31 May
 *  P5   u2     C2      draft               3000   2026-05-31T23:30Z      1 Jun
 *  P6   u3     C3      accepted           40000   2026-05-20T10:00Z      20 May
 *  P7   u3     C2      viewed              1500   2026-05-10T10:00Z      10 May
 *  P8   u4     C3      cancelled          99999   2026-05-12T10:00Z      (never counted)
 *  P9   u4     C1      expired             2500   2026-03-10T10:00Z      10 Mar
 *  P10  u4     —       accepted            6000   2026-05-05T10:00Z      5 May
 *  P11  u1     C3      under_negotiation   4000   2026-05-25T10:00Z      25 May
 *  P12  u3     C3      signed              8000   2026-06-15T10:00Z      15 Jun
 *
 * Teams: Norte = u1, u2; Sul = u3; Vazia has nobody; u4 is in no team. Another organization has a won
 * proposal in May that must never count.
 */

let t: TestApp;
let viewer: TestUser;
let u1: TestUser;
let u2: TestUser;
let u3: TestUser;
let u4: TestUser;
let outsider: TestUser;
let norte: string;
let sul: string;
let vazia: string;
let c1: string;
let c2: string;
let c3: string;

beforeAll(async () => {
  t = await buildTestApp();
  const org = await createOrg(t.db);
  const member = (role: 'admin' | 'manager' | 'sales' | 'viewer') =>
    createUser(t.db, { organizationId: org.id, role });
  [viewer, u1, u2, u3, u4] = await Promise.all([
    member('viewer'),
    member('sales'),
    member('manager'),
    member('sales'),
    member('admin'),
  ]);
  const teamRows = await t.db
    .insert(teams)
    .values(['Norte', 'Sul', 'Vazia'].map((name) => ({ organizationId: org.id, name })))
    .returning();
  [norte, sul, vazia] = teamRows.map((r) => r.id) as [string, string, string];
  await t.db
    .update(users)
    .set({ teamId: norte })
    .where(inArray(users.id, [u1.id, u2.id]));
  await t.db.update(users).set({ teamId: sul }).where(eq(users.id, u3.id));
  const clientRows = await t.db
    .insert(clients)
    .values([
      { organizationId: org.id, name: 'Cliente Um', company: 'Um Lda', email: 'um@um.pt' },
      { organizationId: org.id, name: 'Cliente Dois', email: 'dois@dois.pt' },
      { organizationId: org.id, name: 'Cliente Três', company: 'Três SA', email: 'tres@tres.pt' },
    ])
    .returning();
  [c1, c2, c3] = clientRows.map((r) => r.id) as [string, string, string];

  const rows: [TestUser, string | null, ProposalStatus, number, string][] = [
    [u1, c1, 'accepted', 10000, '2026-04-30T22:30:00Z'],
    [u1, c1, 'signed', 20000, '2026-04-30T23:30:00Z'],
    [u1, c2, 'rejected', 5000, '2026-05-15T12:00:00Z'],
    [u2, c1, 'sent', 7000, '2026-05-31T22:30:00Z'],
    [u2, c2, 'draft', 3000, '2026-05-31T23:30:00Z'],
    [u3, c3, 'accepted', 40000, '2026-05-20T10:00:00Z'],
    [u3, c2, 'viewed', 1500, '2026-05-10T10:00:00Z'],
    [u4, c3, 'cancelled', 99999, '2026-05-12T10:00:00Z'],
    [u4, c1, 'expired', 2500, '2026-03-10T10:00:00Z'],
    [u4, null, 'accepted', 6000, '2026-05-05T10:00:00Z'],
    [u1, c3, 'under_negotiation', 4000, '2026-05-25T10:00:00Z'],
    [u3, c3, 'signed', 8000, '2026-06-15T10:00:00Z'],
  ];
  await t.db.insert(proposals).values(
    rows.map(([owner, clientId, status, totalValue, createdAt], i) => ({
      organizationId: org.id,
      ownerId: owner.id,
      clientId,
      title: `P${i + 1}`,
      status,
      totalValue,
      publicToken: randomUUID(),
      createdAt: new Date(createdAt),
    })),
  );

  const other = await createTeamOfRoles(t.db);
  outsider = other.sales;
  await t.db.insert(proposals).values({
    organizationId: other.org.id,
    ownerId: other.sales.id,
    title: 'Alheia',
    status: 'accepted',
    totalValue: 777777,
    publicToken: randomUUID(),
    createdAt: new Date('2026-05-15T10:00:00Z'),
  });
});
afterAll(async () => {
  await t.close();
});

async function data(path: string) {
  const res = await as(t.app, viewer)('GET', path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const MAY = 'startDate=2026-05-01&endDate=2026-05-31';

describe('GET /analytics/proposals-by-user filters', () => {
  const rows = (query: string) => data(`/analytics/proposals-by-user?${query}`);
  const user = (
    u: TestUser,
    proposalCount: number,
    acceptedCount: number,
    totalValue: number,
    conversionRate: number,
  ) => ({
    userId: u.id,
    userName: 'Teste Utilizador',
    userEmail: u.email,
    proposalCount,
    acceptedCount,
    totalValue,
    conversionRate,
  });

  it('without filters: every owner, cancelled left out, ranked by value', async () => {
    expect(await rows('')).toEqual([
      user(u3, 3, 2, 49500, 66.7),
      user(u1, 4, 2, 39000, 50),
      user(u2, 2, 0, 10000, 0),
      user(u4, 2, 1, 8500, 50),
    ]);
  });

  it('respects startDate and endDate, inclusive, on Lisbon days', async () => {
    expect(await rows(MAY)).toEqual([
      user(u3, 2, 1, 41500, 50),
      user(u1, 3, 1, 29000, 33.3),
      user(u2, 1, 0, 7000, 0),
      user(u4, 1, 1, 6000, 100),
    ]);
    expect(await rows('startDate=2026-05-01')).toEqual([
      user(u3, 3, 2, 49500, 66.7),
      user(u1, 3, 1, 29000, 33.3),
      user(u2, 2, 0, 10000, 0),
      user(u4, 1, 1, 6000, 100),
    ]);
    expect(await rows('endDate=2026-04-30')).toEqual([user(u1, 1, 1, 10000, 100), user(u4, 1, 0, 2500, 0)]);
    // 23:30 UTC on 30 April is 1 May in Lisbon; 22:30 UTC on 31 May is still 31 May.
    expect(await rows('startDate=2026-05-01&endDate=2026-05-01')).toEqual([user(u1, 1, 1, 20000, 100)]);
    expect(await rows('startDate=2026-05-31&endDate=2026-05-31')).toEqual([user(u2, 1, 0, 7000, 0)]);
  });

  it('respects userId and teamId, alone and with dates', async () => {
    expect(await rows(`userId=${u1.id}`)).toEqual([user(u1, 4, 2, 39000, 50)]);
    expect(await rows(`userId=${u1.id}&${MAY}`)).toEqual([user(u1, 3, 1, 29000, 33.3)]);
    expect(await rows(`teamId=${norte}`)).toEqual([user(u1, 4, 2, 39000, 50), user(u2, 2, 0, 10000, 0)]);
    expect(await rows(`teamId=${norte}&${MAY}`)).toEqual([
      user(u1, 3, 1, 29000, 33.3),
      user(u2, 1, 0, 7000, 0),
    ]);
    expect(await rows(`teamId=${vazia}`)).toEqual([]);
    expect(await rows(`teamId=${sul}&userId=${u1.id}`)).toEqual([]);
    expect(await rows(`userId=${outsider.id}`)).toEqual([]);
  });
});

describe('GET /analytics/proposals-by-team filters', () => {
  const team = (
    teamId: string,
    teamName: string,
    proposalCount: number,
    acceptedCount: number,
    totalValue: number,
    conversionRate: number,
  ) => ({ teamId, teamName, proposalCount, acceptedCount, totalValue, conversionRate });
  const rows = (query: string) => data(`/analytics/proposals-by-team?${query}`);

  it('without filters: teams with proposals, owners without a team left out', async () => {
    expect(await rows('')).toEqual([
      team(sul, 'Sul', 3, 2, 49500, 66.7),
      team(norte, 'Norte', 6, 2, 49000, 40),
    ]);
  });

  it('respects startDate and endDate, inclusive, on Lisbon days', async () => {
    expect(await rows(MAY)).toEqual([
      team(sul, 'Sul', 2, 1, 41500, 50),
      team(norte, 'Norte', 4, 1, 36000, 25),
    ]);
    expect(await rows('endDate=2026-04-30')).toEqual([team(norte, 'Norte', 1, 1, 10000, 100)]);
    expect(await rows('startDate=2026-06-01')).toEqual([
      team(sul, 'Sul', 1, 1, 8000, 100),
      team(norte, 'Norte', 1, 0, 3000, 0),
    ]);
  });

  it('respects userId and teamId, alone and with dates', async () => {
    expect(await rows(`teamId=${norte}`)).toEqual([team(norte, 'Norte', 6, 2, 49000, 40)]);
    expect(await rows(`teamId=${sul}&${MAY}`)).toEqual([team(sul, 'Sul', 2, 1, 41500, 50)]);
    expect(await rows(`userId=${u2.id}`)).toEqual([team(norte, 'Norte', 2, 0, 10000, 0)]);
    expect(await rows(`userId=${u1.id}&${MAY}`)).toEqual([team(norte, 'Norte', 3, 1, 29000, 33.3)]);
    expect(await rows(`userId=${u4.id}`)).toEqual([]);
    expect(await rows(`teamId=${vazia}`)).toEqual([]);
  });
});

describe('GET /analytics/top-clients filters', () => {
  const client = (clientId: string, proposalCount: number, acceptedCount: number, totalValue: number) => ({
    clientId,
    proposalCount,
    acceptedCount,
    totalValue,
  });
  const rows = async (query: string) =>
    (await data(`/analytics/top-clients?${query}`)).map(
      (r: { clientId: string; proposalCount: number; acceptedCount: number; totalValue: number }) =>
        client(r.clientId, r.proposalCount, r.acceptedCount, r.totalValue),
    );

  it('without filters: clients ranked by value, with names, proposals without a client left out', async () => {
    const all = await data('/analytics/top-clients');
    expect(all).toEqual([
      {
        clientId: c3,
        clientName: 'Cliente Três',
        clientCompany: 'Três SA',
        proposalCount: 3,
        acceptedCount: 2,
        totalValue: 52000,
      },
      {
        clientId: c1,
        clientName: 'Cliente Um',
        clientCompany: 'Um Lda',
        proposalCount: 4,
        acceptedCount: 2,
        totalValue: 39500,
      },
      {
        clientId: c2,
        clientName: 'Cliente Dois',
        clientCompany: null,
        proposalCount: 3,
        acceptedCount: 0,
        totalValue: 9500,
      },
    ]);
    expect(await rows('limit=2')).toEqual([client(c3, 3, 2, 52000), client(c1, 4, 2, 39500)]);
  });

  it('respects startDate and endDate, inclusive, on Lisbon days', async () => {
    expect(await rows(MAY)).toEqual([
      client(c3, 2, 1, 44000),
      client(c1, 2, 1, 27000),
      client(c2, 2, 0, 6500),
    ]);
    expect(await rows('endDate=2026-04-30')).toEqual([client(c1, 2, 1, 12500)]);
    expect(await rows('startDate=2026-05-31&endDate=2026-06-01')).toEqual([
      client(c1, 1, 0, 7000),
      client(c2, 1, 0, 3000),
    ]);
  });

  it('respects userId and teamId, alone and with dates', async () => {
    expect(await rows(`userId=${u1.id}`)).toEqual([
      client(c1, 2, 2, 30000),
      client(c2, 1, 0, 5000),
      client(c3, 1, 0, 4000),
    ]);
    expect(await rows(`userId=${u1.id}&${MAY}`)).toEqual([
      client(c1, 1, 1, 20000),
      client(c2, 1, 0, 5000),
      client(c3, 1, 0, 4000),
    ]);
    expect(await rows(`teamId=${sul}`)).toEqual([client(c3, 2, 2, 48000), client(c2, 1, 0, 1500)]);
    expect(await rows(`teamId=${norte}&${MAY}`)).toEqual([
      client(c1, 2, 1, 27000),
      client(c2, 1, 0, 5000),
      client(c3, 1, 0, 4000),
    ]);
    expect(await rows(`userId=${u4.id}`)).toEqual([client(c1, 1, 0, 2500)]);
  });
});

describe('GET /analytics/proposals-over-time filters', () => {
  const month = (
    period: string,
    count: number,
    value: number,
    acceptedCount: number,
    acceptedValue: number,
  ) => ({
    period,
    count,
    value,
    acceptedCount,
    acceptedValue,
  });
  const rows = (query: string) => data(`/analytics/proposals-over-time?${query}`);

  it('without filters: one point per Lisbon month', async () => {
    expect(await rows('')).toEqual([
      month('2026-03', 1, 2500, 0, 0),
      month('2026-04', 1, 10000, 1, 10000),
      month('2026-05', 7, 83500, 3, 66000),
      month('2026-06', 2, 11000, 1, 8000),
    ]);
  });

  it('respects startDate and endDate, inclusive, on Lisbon days', async () => {
    expect(await rows(MAY)).toEqual([month('2026-05', 7, 83500, 3, 66000)]);
    expect(await rows('startDate=2026-04-01&endDate=2026-05-31')).toEqual([
      month('2026-04', 1, 10000, 1, 10000),
      month('2026-05', 7, 83500, 3, 66000),
    ]);
    expect(await rows('startDate=2026-04-30&endDate=2026-05-01')).toEqual([
      month('2026-04', 1, 10000, 1, 10000),
      month('2026-05', 1, 20000, 1, 20000),
    ]);
    expect(await rows('startDate=2026-07-01')).toEqual([]);
  });

  it('respects userId and teamId, alone and with dates', async () => {
    expect(await rows(`userId=${u2.id}`)).toEqual([
      month('2026-05', 1, 7000, 0, 0),
      month('2026-06', 1, 3000, 0, 0),
    ]);
    expect(await rows(`teamId=${norte}`)).toEqual([
      month('2026-04', 1, 10000, 1, 10000),
      month('2026-05', 4, 36000, 1, 20000),
      month('2026-06', 1, 3000, 0, 0),
    ]);
    expect(await rows(`teamId=${sul}&${MAY}`)).toEqual([month('2026-05', 2, 41500, 1, 40000)]);
    expect(await rows(`teamId=${sul}&userId=${u1.id}`)).toEqual([]);
  });
});
