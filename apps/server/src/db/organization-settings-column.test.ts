import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '@/db/schema/index.ts';
import { buildTestApp, type TestApp } from '@/test/build-test-app.ts';
import { createOrg } from '@/test/factories.ts';

/*
 * The settings column is parsed where it leaves the database (db/schema/organizations.ts, docs/decisions.md,
 * "Issue 36 — the web's second copies…"): a value stored before its rule, or by hand, reads as absent so its
 * default applies; the valid keys and unknown ones read as stored.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('organizations.settings', () => {
  it('reads typed: a value that breaks its rule is absent, the others are kept', async () => {
    const org = await createOrg(t.db);
    await t.db.execute(
      sql`update organizations set settings = ${JSON.stringify({
        proposalValidityDays: 'trinta',
        requireAnswerCode: false,
        taxId: 'PT 501 964 843',
        somethingNew: 1,
      })}::jsonb where id = ${org.id}`,
    );
    const [row] = await t.db
      .select({ settings: organizations.settings })
      .from(organizations)
      .where(eq(organizations.id, org.id));
    expect(row?.settings).toEqual({ requireAnswerCode: false, taxId: 'PT 501 964 843', somethingNew: 1 });
  });

  it('writes what it is given, read back the same', async () => {
    const org = await createOrg(t.db);
    await t.db
      .update(organizations)
      .set({ settings: { proposalValidityDays: 45, vatRegion: 'madeira' } })
      .where(eq(organizations.id, org.id));
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, org.id));
    expect(row?.settings).toEqual({ proposalValidityDays: 45, vatRegion: 'madeira' });
  });
});
