import {
  formatCalendarDate as formatDay,
  formatInstantDate,
  formatInstantDateTime,
} from '@aceite/shared/dates';

const NUMBER = new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 2 });

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

/** A plain number in pt-PT, e.g. 2.5 → "2,5", 1000 → "1000". */
export function formatNumber(value: number): string {
  return NUMBER.format(value);
}

/** "1 visualização", "3 visualizações". */
export function formatViews(count: number): string {
  return `${formatNumber(count)} ${count === 1 ? 'visualização' : 'visualizações'}`;
}
