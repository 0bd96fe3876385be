import { formatInstantDate, formatInstantDateTime } from '@aceite/shared/dates';
import { formatPercent as formatSharedPercent } from '@aceite/shared/format-percent';
import { formatDecimalPt } from '@aceite/shared/money';

interface PersonName {
  firstName: string;
  lastName: string;
}

/** "Ana Silva". */
export function fullName(person: PersonName): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

/** Up to two capital letters for an avatar: "Ana Silva" → "AS". */
export function initials(person: PersonName): string {
  const letters = [person.firstName, person.lastName]
    .map((part) => part.trim().charAt(0))
    .join('')
    .toUpperCase();
  return letters || '?';
}

/** An ISO date (or date-time) as a pt-PT date, e.g. "22/11/2026" (shared with the public page and emails). */
export function formatDate(iso: string): string {
  return formatInstantDate(iso);
}

/** An ISO date-time as a pt-PT date and time, e.g. "22/11/2026, 14:05". */
export function formatDateTime(iso: string): string {
  return formatInstantDateTime(iso);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago something happened, as the notification bell says it (docs/product.md#notifications): 'Agora'
 * under a minute, 'Há N min' under an hour, 'Há Nh' under a day, 'Há Nd' under 7 days, then the pt-PT date. A
 * time in the future (a clock slightly ahead of the server's) counts as 'Agora'.
 */
export function formatRelativeTime(iso: string, now: Date = new Date()): string {
  const elapsed = now.getTime() - new Date(iso).getTime();
  if (elapsed < MINUTE) return 'Agora';
  if (elapsed < HOUR) return `Há ${Math.floor(elapsed / MINUTE)} min`;
  if (elapsed < DAY) return `Há ${Math.floor(elapsed / HOUR)}h`;
  if (elapsed < 7 * DAY) return `Há ${Math.floor(elapsed / DAY)}d`;
  return formatDate(iso);
}

/** A whole number in pt-PT, grouped as every figure is (shared `money`), e.g. 1234 → "1 234". */
export function formatCount(value: number): string {
  return formatDecimalPt(value, { maxDecimals: 0 });
}

/** A rate already multiplied by 100 (as the API sends it), one decimal, e.g. 33.3 → "33,3 %". */
export function formatPercent(percent: number): string {
  return formatSharedPercent(percent, 1);
}
