import { sepaCalendarDay } from '@aceite/shared/sepa/schedule-core';
import { eq } from 'drizzle-orm';
import { organizations } from '@/db/schema/index.ts';
import { now } from '@/lib/clock.ts';
import type { Scope } from '@/lib/tenant-scope.ts';

/*
 * The SEPA calendar of an organization on the server: its time zone, read here, and the day of an instant in it
 * through the one shared rule `sepaCalendarDay` — the day the export and the overdue flag count from
 * (docs/decisions.md, "Issue 39 — SEPA: one calendar day, the organization's").
 */

/** The organization's time zone (`organizations.timezone`; Lisbon when none is found, as `sepaCalendarDay` says). */
export async function sepaTimeZone(scope: Scope): Promise<string | null> {
  const [row] = await scope.db
    .select({ timeZone: organizations.timezone })
    .from(organizations)
    .where(eq(organizations.id, scope.organizationId))
    .limit(1);
  return row?.timeZone ?? null;
}

/** The organization's SEPA "today" at `at` (the injectable clock's now by default), YYYY-MM-DD. */
export async function sepaToday(scope: Scope, at: Date = now()): Promise<string> {
  return sepaCalendarDay(at, await sepaTimeZone(scope));
}
