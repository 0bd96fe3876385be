import { randomUUID } from 'node:crypto';
import type { RejectionReasonCode } from '@aceite/shared/rejection-reasons';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposals, teams, users } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { as, createTeamOfRoles } from '@/test/factories.ts';

/*
 * "Motivos de perda" (docs/product.md#rejection-reasons): rejected proposals per reason code, count and value,
 * with the analytics filters (dates, user, team). The figures below are the fixture's:
 *
 *   owner    team    reason             value    status
 *   sales    Norte   price              10000    rejected
 *   sales    Norte   price               5000    rejected
 *   sales    Norte   (none, before)       700    rejected   → other
 *   manager  —       other_supplier      3000    rejected
 *   manager  —       deadline            2000    rejected   (created 2025: outside the dates filter)
 *   manager  —       price              99999    accepted   (not lost: never counted)
 */
let t: TestApp;
let team: Awaited<ReturnType<typeof createTeamOfRoles>>;
let other: Awaited<ReturnType<typeof createTeamOfRoles>>;
let teamId: string;

async function rejected(
  ownerId: string,
  code: RejectionReasonCode | null,
  totalValue: number,
  createdAt = '2026-03-10T10:00:00Z',
  status: 'rejected' | 'accepted' = 'rejected',
) {
  await t.db.insert(proposals).values({
    organizationId: team.org.id,
    ownerId,
    title: 'P',
    status,
    totalValue,
    rejectionReasonCode: code,
    rejectedAt: status === 'rejected' ? new Date() : null,
    publicToken: randomUUID(),
    createdAt: new Date(createdAt),
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  team = await createTeamOfRoles(t.db);
  other = await createTeamOfRoles(t.db);
  const [row] = await t.db.insert(teams).values({ organizationId: team.org.id, name: 'Norte' }).returning();
  teamId = row?.id as string;
  await t.db.update(users).set({ teamId }).where(eq(users.id, team.sales.id));
  await rejected(team.sales.id, 'price', 10000);
  await rejected(team.sales.id, 'price', 5000);
  await rejected(team.sales.id, null, 700);
  await rejected(team.manager.id, 'other_supplier', 3000);
  await rejected(team.manager.id, 'deadline', 2000, '2025-06-01T10:00:00Z');
  await rejected(team.manager.id, 'price', 99999, '2026-03-10T10:00:00Z', 'accepted');
  // Another organization's loss never counts.
  await t.db.insert(proposals).values({
    organizationId: other.org.id,
    ownerId: other.sales.id,
    title: 'Alheia',
    status: 'rejected',
    rejectionReasonCode: 'price',
    totalValue: 777777,
    publicToken: randomUUID(),
  });
});
afterAll(async () => {
  await t.close();
});

const figures = async (query = '') => {
  const res = await as(t.app, team.manager)('GET', `/analytics/loss-reasons${query}`);
  expect(res.statusCode).toBe(200);
  return Object.fromEntries(
    (res.json().data as { reasonCode: string; count: number; value: number }[]).map((r) => [
      r.reasonCode,
      [r.count, r.value],
    ]),
  );
};

describe('GET /analytics/loss-reasons', () => {
  it('counts and sums every reason, in the dialog order, older rejections as other', async () => {
    const res = await as(t.app, team.manager)('GET', '/analytics/loss-reasons');
    expect(res.json().data.map((r: { reasonCode: string }) => r.reasonCode)).toEqual([
      'price',
      'deadline',
      'other_supplier',
      'no_longer_needed',
      'other',
    ]);
    expect(await figures()).toEqual({
      price: [2, 15000],
      deadline: [1, 2000],
      other_supplier: [1, 3000],
      no_longer_needed: [0, 0],
      other: [1, 700],
    });
  });

  it('filters by user, team and dates', async () => {
    expect(await figures(`?userId=${team.manager.id}`)).toMatchObject({
      price: [0, 0],
      deadline: [1, 2000],
      other_supplier: [1, 3000],
    });
    expect(await figures(`?teamId=${teamId}`)).toEqual({
      price: [2, 15000],
      deadline: [0, 0],
      other_supplier: [0, 0],
      no_longer_needed: [0, 0],
      other: [1, 700],
    });
    expect(await figures('?startDate=2026-01-01&endDate=2026-12-31')).toMatchObject({ deadline: [0, 0] });
  });
});
