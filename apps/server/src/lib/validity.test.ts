import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { proposals } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { createOrg, createUser, insertSentProposal } from '@/test/factories.ts';
import { now, setClock } from './clock.ts';
import { organizationToday, pastValiditySql, withinValiditySql } from './validity.ts';

/*
 * The product rule in SQL, on the real database (docs/product.md#validity-and-expiry): a proposal valid until D
 * can be answered until 23:59:59 of D in its organization's zone, whatever PostgreSQL's `current_date` says.
 * Winter: Lisbon and Madeira UTC+0, the Azores UTC−1.
 */
const D = '2026-12-31';
const ZONES = { lisbon: 'Europe/Lisbon', madeira: 'Atlantic/Madeira', azores: 'Atlantic/Azores' } as const;
type Place = keyof typeof ZONES;

let t: TestApp;
const ids = {} as Record<Place, string>;

beforeAll(async () => {
  t = await buildTestApp();
  for (const place of Object.keys(ZONES) as Place[]) {
    const org = await createOrg(t.db, { timezone: ZONES[place] });
    const owner = await createUser(t.db, { organizationId: org.id, role: 'sales' });
    ids[place] = (
      await insertSentProposal(t.db, { organizationId: org.id, ownerId: owner.id }, { validUntil: D })
    ).id;
  }
});

afterAll(async () => {
  await t.close();
});

afterEach(() => setClock(null));

/** The places whose proposal is past its validity at the instant, as SQL sees it. */
async function pastAt(instant: string): Promise<Place[]> {
  const rows = await t.db
    .select({ id: proposals.id })
    .from(proposals)
    .where(and(inArray(proposals.id, Object.values(ids)), pastValiditySql(new Date(instant))));
  const past = new Set(rows.map((r) => r.id));
  return (Object.keys(ids) as Place[]).filter((place) => past.has(ids[place])).sort();
}

describe('validity in SQL, in the organization’s zone', () => {
  it('open everywhere at 23:59:59 UTC of D', async () => {
    expect(await pastAt('2026-12-31T23:59:59Z')).toEqual([]);
  });

  it('past in Lisbon and Madeira at midnight, still open in the Azores (23:00 there)', async () => {
    expect(await pastAt('2027-01-01T00:00:00Z')).toEqual(['lisbon', 'madeira']);
    expect(await pastAt('2027-01-01T00:59:59Z')).toEqual(['lisbon', 'madeira']);
  });

  it('past in the Azores at their midnight, 01:00 UTC', async () => {
    expect(await pastAt('2027-01-01T01:00:00Z')).toEqual(['azores', 'lisbon', 'madeira']);
  });

  it('withinValiditySql is its opposite, and a proposal with no date never passes', async () => {
    const at = new Date('2027-01-01T00:30:00Z');
    const rows = await t.db
      .select({ id: proposals.id })
      .from(proposals)
      .where(and(inArray(proposals.id, Object.values(ids)), withinValiditySql(at)));
    expect(rows.map((r) => r.id)).toEqual([ids.azores]);
    await t.db.update(proposals).set({ validUntil: null }).where(eq(proposals.id, ids.lisbon));
    try {
      expect(await pastAt('2099-01-01T00:00:00Z')).toEqual(['azores', 'madeira']);
    } finally {
      await t.db.update(proposals).set({ validUntil: D }).where(eq(proposals.id, ids.lisbon));
    }
  });

  it('works in an update, as the expiry does (the correlated subquery reads the updated row)', async () => {
    const updated = await t.db
      .update(proposals)
      .set({ updatedAt: new Date() })
      .where(
        and(inArray(proposals.id, Object.values(ids)), pastValiditySql(new Date('2027-01-01T00:30:00Z'))),
      )
      .returning({ id: proposals.id });
    expect(updated.map((r) => r.id).sort()).toEqual([ids.lisbon, ids.madeira].sort());
  });

  it('reads the server’s clock by default, as the JavaScript side does', async () => {
    setClock(() => new Date('2027-01-01T00:59:00Z'));
    expect(organizationToday(ZONES.azores)).toBe(D);
    expect(organizationToday(ZONES.lisbon)).toBe('2027-01-01');
    expect(organizationToday(null)).toBe('2027-01-01');
    const rows = await t.db
      .select({ id: proposals.id })
      .from(proposals)
      .where(and(inArray(proposals.id, Object.values(ids)), withinValiditySql()));
    expect(rows.map((r) => r.id)).toEqual([ids.azores]);
    setClock(null);
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);
  });
});
