import { calendarDay, DEFAULT_TIME_ZONE } from '@aceite/shared/dates';
import { useAuthStore } from '@/lib/auth-store';

/** A calendar date `YYYY-MM-DD` as pt-PT "22/11/2026" (the shared way every screen writes it). */
export { formatCalendarDate } from '@aceite/shared/dates';

/**
 * Today as `YYYY-MM-DD` in the organization's calendar (docs/product.md#validity-and-expiry): its time zone, Lisbon
 * when not known; never the browser's, so a proposal is not expired on one screen and open on another.
 */
export function todayIso(timeZone?: string | null, now = new Date()): string {
  return calendarDay(now, timeZone || DEFAULT_TIME_ZONE);
}

/** The signed-in member's organization's time zone (Lisbon while the user loads). */
export function useOrganizationTimeZone(): string {
  return useAuthStore((state) => state.user?.organization?.timeZone) ?? DEFAULT_TIME_ZONE;
}

/** `YYYY-MM-DD` plus a number of calendar days (computed at noon UTC, so no daylight-saving shift). */
export function addDaysIso(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
