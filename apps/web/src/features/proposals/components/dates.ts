/** A calendar date `YYYY-MM-DD` as pt-PT "22/11/2026" (the shared way every screen writes it). */
export { formatCalendarDate } from '@aceite/shared/dates';

/** Today as `YYYY-MM-DD` in the browser's time zone. */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whether a valid-until date has passed (it is valid through that whole day). */
export function isPast(date: string, now = new Date()): boolean {
  return date < todayIso(now);
}

/** `YYYY-MM-DD` plus a number of calendar days (computed at noon UTC, so no daylight-saving shift). */
export function addDaysIso(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
