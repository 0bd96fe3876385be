import {
  formatCalendarDate as formatDay,
  formatInstantDate,
  formatInstantDateTime,
} from '@aceite/shared/dates';
import { formatDecimalPt } from '@aceite/shared/money';

// Dates are written as in the app and the emails (shared `dates`): "05/03/2026", "05/03/2026, 14:30".

/**
 * An ISO timestamp as a pt-PT date in the reader's time zone (or `timeZone`: the server's render and the
 * hydration use one fixed zone, page-dates.tsx), e.g. "05/03/2026".
 */
export function formatDate(iso: string, timeZone?: string): string {
  return formatInstantDate(iso, timeZone);
}

/** An ISO timestamp as a pt-PT date and time, e.g. "05/03/2026, 14:30". */
export function formatDateTime(iso: string, timeZone?: string): string {
  return formatInstantDateTime(iso, timeZone);
}

/** A calendar date ('YYYY-MM-DD', e.g. validUntil) as "31/12/2099", never shifted by a time zone. */
export function formatCalendarDate(day: string): string {
  return formatDay(day);
}

/** A plain number in pt-PT, grouped as every figure is (shared `money`), e.g. 2.5 → "2,5", 1000 → "1 000". */
export function formatNumber(value: number): string {
  return formatDecimalPt(value);
}
