import { randomUUID } from 'node:crypto';
import type { ProposalStatus } from '@aceite/shared/proposal-status';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, organizations, proposals, teams, users } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles } from '@/test/factories.ts';
import { conversionRate } from './analytics.service.ts';

let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let other: Awaited<ReturnType<typeof createTeamOfRoles>>;
let clientA: string;
let clientB: string;
let teamId: string;

async function proposal(
  ownerId: string,
  clientId: string,
  status: ProposalStatus,
  totalValue: number,
  createdAt: string,
) {
  await t.db.insert(proposals).values({
    organizationId: team.org.id,
    ownerId,
    clientId,
    title: `P ${status}`,
    status,
    totalValue,
    publicToken: randomUUID(),
    createdAt: new Date(createdAt),
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
  other = await createTeamOfRoles(t.db);
  const [a, b] = await t.db
    .insert(clients)
    .values([
      { organizationId: team.org.id, name: 'Alfa', company: 'Alfa Lda', email: 'a@a.pt' },
      { organizationId: team.org.id, name: 'Beta', email: 'b@b.pt' },
    ])
    .returning();
  clientA = a?.id as string;
  clientB = b?.id as string;
  const [row] = await t.db.insert(teams).values({ organizationId: team.org.id, name: 'Norte' }).returning();
  teamId = row?.id as string;
  await t.db.update(users).set({ teamId }).where(eq(users.id, team.sales.id));
  // sales: 4 proposals (2 won of 3 sent), manager: 2 (1 sent, 0 won), plus one cancelled (ignored)
  await proposal(team.sales.id, clientA, 'accepted', 10000, '2026-01-10T10:00:00Z');
  await proposal(team.sales.id, clientA, 'signed', 20000, '2026-02-10T10:00:00Z');
  await proposal(team.sales.id, clientB, 'rejected', 5000, '2026-02-11T10:00:00Z');
  await proposal(team.sales.id, clientB, 'draft', 1000, '2026-03-01T10:00:00Z');
  await proposal(team.manager.id, clientB, 'viewed', 3000, '2026-03-02T10:00:00Z');
  await proposal(team.manager.id, clientA, 'in_review', 2000, '2026-03-31T23:30:00Z');
  await proposal(team.manager.id, clientA, 'cancelled', 99999, '2026-03-05T10:00:00Z');
  // Another organization's proposal never counts.
  await t.db.insert(proposals).values({
    organizationId: other.org.id,
    ownerId: other.sales.id,
    title: 'Alheia',
    status: 'accepted',
    totalValue: 777777,
    publicToken: randomUUID(),
  });
});
afterAll(async () => {
  await t.close();
});

describe('analytics', () => {
  it('computes the overview by the definitions of docs/product.md#analytics-and-dashboard', async () => {
    const res = await as(t.app, team.viewer)('GET', '/analytics/overview');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      totalProposals: 6,
      totalValue: 41000,
      acceptedProposals: 2,
      acceptedValue: 30000,
      sentProposals: 4,
      conversionRate: 50,
      avgProposalValue: 6833,
      totalClients: 2,
      activeUsers: 4,
      // Named apart, so the dashboard can count what the proposals list counts and say what each value holds.
      cancelledProposals: 1,
      openProposals: 1,
      openValue: 3000,
    });
  });

  it('filters by dates (inclusive, organization timezone), user and team', async () => {
    const feb = await as(t.app, team.viewer)(
      'GET',
      '/analytics/overview?startDate=2026-02-01&endDate=2026-02-28',
    );
    expect(feb.json().data).toMatchObject({ totalProposals: 2, totalValue: 25000, acceptedProposals: 1 });
    // 2026-03-31T23:30Z is 1 April in Lisbon (summer time): outside March.
    const march = await as(t.app, team.viewer)(
      'GET',
      '/analytics/overview?startDate=2026-03-01&endDate=2026-03-31',
    );
    expect(march.json().data.totalProposals).toBe(2);
    const byUser = await as(t.app, team.viewer)('GET', `/analytics/overview?userId=${team.manager.id}`);
    expect(byUser.json().data).toMatchObject({ totalProposals: 2, sentProposals: 1, conversionRate: 0 });
    const byTeam = await as(t.app, team.viewer)('GET', `/analytics/overview?teamId=${teamId}`);
    expect(byTeam.json().data).toMatchObject({ totalProposals: 4, conversionRate: 66.7 });
    expect((await as(t.app, team.viewer)('GET', '/analytics/overview?startDate=ontem')).statusCode).toBe(400);
  });

  it('groups proposals by month, user, team and client', async () => {
    const overTimeRes = await as(t.app, team.viewer)('GET', '/analytics/proposals-over-time');
    expect(overTimeRes.json()).toHaveProperty('data');
    const overTime = overTimeRes.json().data;
    expect(overTime.map((p: { period: string; count: number }) => [p.period, p.count])).toEqual([
      ['2026-01', 1],
      ['2026-02', 2],
      ['2026-03', 2],
      ['2026-04', 1],
    ]);
    const byUser = (await as(t.app, team.viewer)('GET', '/analytics/proposals-by-user?limit=10')).json().data;
    expect(byUser[0]).toMatchObject({
      userId: team.sales.id,
      proposalCount: 4,
      acceptedCount: 2,
      totalValue: 36000,
      conversionRate: 66.7,
    });
    const byTeam = (await as(t.app, team.viewer)('GET', '/analytics/proposals-by-team')).json().data;
    expect(byTeam).toEqual([
      {
        teamId,
        teamName: 'Norte',
        proposalCount: 4,
        acceptedCount: 2,
        totalValue: 36000,
        conversionRate: 66.7,
      },
    ]);
    const top = (await as(t.app, team.viewer)('GET', '/analytics/top-clients?limit=5')).json().data;
    expect(top.map((c: { clientName: string; totalValue: number }) => [c.clientName, c.totalValue])).toEqual([
      ['Alfa', 32000],
      ['Beta', 9000],
    ]);
    expect(top[0]).toMatchObject({ clientCompany: 'Alfa Lda', acceptedCount: 2, proposalCount: 3 });
  });

  it('lists the latest proposals as recent activity', async () => {
    const res = await as(t.app, team.viewer)('GET', '/analytics/recent-activity?limit=3');
    expect(res.json().data).toHaveLength(3);
    expect(res.json().data[0].title).toBe('P in_review');
  });

  it('never mixes organizations, and is zero for an empty one', async () => {
    const fresh = await createTeamOfRoles(t.db);
    const res = await as(t.app, fresh.admin)('GET', '/analytics/overview');
    expect(res.json().data).toMatchObject({
      totalProposals: 0,
      totalValue: 0,
      conversionRate: 0,
      avgProposalValue: 0,
    });
    expect((await as(t.app, fresh.admin)('GET', '/analytics/top-clients')).json().data).toEqual([]);
    const [org] = await t.db.select().from(organizations).where(eq(organizations.id, fresh.org.id));
    expect(org?.timezone).toBe('Europe/Lisbon');
  });

  it('rounds conversion to one decimal', () => {
    expect(conversionRate(1, 3)).toBe(33.3);
    expect(conversionRate(2, 3)).toBe(66.7);
    expect(conversionRate(0, 0)).toBe(0);
  });
});
