/**
 * Dates are written one way across the app, the public page and the emails: pt-PT "dd/mm/aaaa"
 * ("01/06/2026"), and "dd/mm/aaaa, hh:mm" with a time. Calendar dates travel as `YYYY-MM-DD`.
 */

/** A calendar date `YYYY-MM-DD` as "01/06/2026", never shifted through a time zone. */
export function formatCalendarDate(date: string): string {
  const [year, month, day] = date.split('-');
  return year && month && day ? `${day.padStart(2, '0')}/${month.padStart(2, '0')}/${year}` : date;
}

/**
 * A date typed the pt-PT way, day first ("1/6/2026", "01-06-2026", "01.06.2026") → `YYYY-MM-DD`, or null when
 * it is not a real day (31/02) or not day/month/year.
 */
export function parseCalendarDatePt(text: string): string | null {
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function format(withTime: boolean, timeZone?: string): Intl.DateTimeFormat {
  const key = `${withTime}:${timeZone ?? ''}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('pt-PT', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
      ...(timeZone ? { timeZone } : {}),
    });
    formats.set(key, f);
  }
  return f;
}

/** An instant (ISO date-time) as its day, "01/06/2026", in `timeZone` (default: the reader's). */
export function formatInstantDate(iso: string, timeZone?: string): string {
  return format(false, timeZone).format(new Date(iso));
}

/** An instant as "01/06/2026, 14:05" in `timeZone` (default: the reader's). */
export function formatInstantDateTime(iso: string, timeZone?: string): string {
  return format(true, timeZone).format(new Date(iso));
}

const longCalendar = new Intl.DateTimeFormat('pt-PT', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A calendar date `YYYY-MM-DD` written out, "25 de novembro de 2026", for documents read on paper (the
 * proposal's PDF, docs/product.md#proposal-pdf); never shifted through a time zone.
 */
export function formatCalendarDateLong(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return date;
  return longCalendar.format(new Date(Date.UTC(year, month - 1, day)));
}

/** An instant's day written out, "25 de novembro de 2026", in `timeZone` (default: the reader's). */
export function formatInstantDateLong(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('pt-PT', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso));
}

/**
 * The organization's time zone when it has none recorded (`organizations.timezone` defaults to it): the one
 * calendar every "today" of a proposal is read in (docs/product.md#validity-and-expiry).
 */
export const DEFAULT_TIME_ZONE = 'Europe/Lisbon';

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar day `YYYY-MM-DD` an instant falls on in `timeZone` (an IANA name): 2026-12-31T23:30Z is
 * 2026-12-31 in Lisbon and the Azores, 2027-01-01 in Madrid. The one way "today" is computed for a proposal's
 * validity (docs/product.md#validity-and-expiry): never the server's, the database's or the browser's zone.
 */
export function calendarDay(at: Date | string | number, timeZone: string): string {
  let f = dayFormats.get(timeZone);
  if (!f) {
    // en-CA writes YYYY-MM-DD; the parts are read one by one anyway, so no locale format is relied on.
    f = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone });
    dayFormats.set(timeZone, f);
  }
  const parts = f.formatToParts(new Date(at));
  const part = (type: 'year' | 'month' | 'day') => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}
