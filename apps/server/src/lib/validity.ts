import { calendarDay, DEFAULT_TIME_ZONE } from '@aceite/shared/dates';
import { type SQL, sql } from 'drizzle-orm';
import { organizations, proposals } from '@/db/schema/index.ts';
import { now } from './clock.ts';

/*
 * "Today" for a proposal, in one calendar (docs/product.md#validity-and-expiry): the organization's time zone
 * (`organizations.timezone`, Lisbon by default), read from the server's clock (lib/clock.ts) in JavaScript and
 * in SQL alike — never the process's zone, UTC, PostgreSQL's `current_date` or the browser's.
 */

/** The organization's calendar day at `at` (default: the clock's now), `YYYY-MM-DD`. */
export function organizationToday(timeZone: string | null | undefined, at: Date = now()): string {
  return calendarDay(at, timeZone || DEFAULT_TIME_ZONE);
}

/**
 * The same day in SQL, for a statement on `proposals`: the calendar day of the clock's instant in the zone of the
 * row's organization (a correlated subquery, so no join is needed). The instant is a parameter, not `now()`, so
 * JavaScript and SQL read one clock.
 */
export function organizationTodaySql(at: Date = now()): SQL {
  return sql`(select (${at.toISOString()}::timestamptz at time zone ${organizations.timezone})::date from ${organizations} where ${organizations.id} = ${proposals.organizationId})`;
}

/** `proposals.valid_until` is behind the organization's today (the date is inclusive; no date never passes). */
export function pastValiditySql(at: Date = now()): SQL {
  return sql`${proposals.validUntil} < ${organizationTodaySql(at)}`;
}

/** The opposite of `pastValiditySql`: no date, or a date the organization has not yet left behind. */
export function withinValiditySql(at: Date = now()): SQL {
  return sql`(${proposals.validUntil} is null or ${proposals.validUntil} >= ${organizationTodaySql(at)})`;
}
