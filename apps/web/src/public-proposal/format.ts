// One date style in the whole product (screens, emails, this page): dd/mm/aaaa.
// Spelled out rather than dateStyle 'short', which some ICU versions print with a two-digit year.
const DAY = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
const DATE = new Intl.DateTimeFormat('pt-PT', DAY);
const DATE_UTC = new Intl.DateTimeFormat('pt-PT', { ...DAY, timeZone: 'UTC' });
const DATE_TIME = new Intl.DateTimeFormat('pt-PT', { ...DAY, hour: '2-digit', minute: '2-digit' });
const NUMBER = new Intl.NumberFormat('pt-PT', { maximumFractionDigits: 2 });

/** An ISO timestamp as a pt-PT date in the reader's time zone, e.g. "05/03/2026". */
export function formatDate(iso: string): string {
  return DATE.format(new Date(iso));
}

/** An ISO timestamp as a pt-PT date and time, e.g. "05/03/2026, 14:30". */
export function formatDateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

/**
 * A calendar date ('YYYY-MM-DD', e.g. validUntil) in pt-PT. Read and printed in UTC so the day never shifts
 * with the reader's time zone.
 */
export function formatCalendarDate(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return DATE_UTC.format(new Date(Date.UTC(y, m - 1, d)));
}

/** Whether a 'YYYY-MM-DD' date is before today (in the reader's calendar). */
export function isPastDay(day: string, now = new Date()): boolean {
  const today = [now.getFullYear(), now.getMonth() + 1, now.getDate()]
    .map((n, i) => String(n).padStart(i === 0 ? 4 : 2, '0'))
    .join('-');
  return day < today;
}

/** A plain number in pt-PT, e.g. 2.5 → "2,5", 1000 → "1000". */
export function formatNumber(value: number): string {
  return NUMBER.format(value);
}

/** "1 visualização", "3 visualizações". */
export function formatViews(count: number): string {
  return `${formatNumber(count)} ${count === 1 ? 'visualização' : 'visualizações'}`;
}
