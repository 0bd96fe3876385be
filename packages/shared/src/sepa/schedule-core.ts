// Zod- and dayjs-free: the client's page and the editor import it (docs/architecture.md#budgets); the schema
// of the shown terms is in schedule.ts, which re-exports all of this.

/*
 * A proposal's SEPA Direct Debit schedule (issue 39, docs/product.md#sepa-direct-debit): the one home of how an
 * accepted total becomes collections. The editor previews it, the client's page, the PDF and the certificate
 * show it, and the acceptance stores it as the mandate's collections — all from this function, so the figures
 * the client signed are the figures collected.
 */

import { calendarDay, DEFAULT_TIME_ZONE } from '../dates.ts';
import { SEPA_MIN_INSTALMENTS, type SepaPattern } from './patterns.ts';

export * from './patterns.ts';
export type SepaSequenceType = 'FRST' | 'RCUR' | 'OOFF' | 'FNAL';

export interface SepaScheduleTerms {
  pattern: SepaPattern;
  /** Null for a one-off collection; 2–60 monthly instalments. */
  instalments: number | null;
  /** YYYY-MM-DD: the date of the first (or only) debit. */
  firstCollectionDate: string;
}

export interface SepaInstalment {
  /** 1-based. */
  sequence: number;
  sequenceType: SepaSequenceType;
  /** YYYY-MM-DD. */
  collectionDate: string;
  /** Integer cents, more than 0. */
  amountCents: number;
}

/**
 * Days between the client's acceptance and the first debit, and between each pre-notification email and its
 * debit: the mandate text states this shorter period instead of the rulebook's default 14 days (EPC SDD Core
 * rulebook, PT.05; docs/decisions.md, "SEPA").
 */
export const SEPA_NOTICE_DAYS = 5;

/**
 * The SEPA calendar day of an organization at an instant: the day in its time zone (`organizations.timezone`,
 * Lisbon when none is known), the same calendar as its proposals' validity. The one "today" of every SEPA date
 * rule — the schedule shown on the client's page and in the PDF, the acceptance, the pre-notification job, the
 * export and the overdue flag — so a date the client was shown is never refused or moved elsewhere
 * (docs/decisions.md, "Issue 39 — SEPA: one calendar day, the organization's").
 */
export function sepaCalendarDay(at: Date | string | number, timeZone: string | null | undefined): string {
  return calendarDay(at, timeZone || DEFAULT_TIME_ZONE);
}

/** The first date a debit can be collected when a client accepts on `today` (YYYY-MM-DD, the organization's day). */
export function earliestCollectionDate(today: string): string {
  const [year, month, day] = parts(today);
  return isoDay(new Date(Date.UTC(year, month - 1, day + SEPA_NOTICE_DAYS)));
}

function parts(date: string): [number, number, number] {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return [year, month, day];
}

function isoDay(d: Date): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/**
 * The terms as the client signs them on `today`: a first date already too near (or past) moves to the earliest
 * possible one, so the schedule shown before signing is the schedule collected.
 */
export function termsOnAcceptance<T extends SepaScheduleTerms>(terms: T, today: string): T {
  const earliest = earliestCollectionDate(today);
  return terms.firstCollectionDate < earliest ? { ...terms, firstCollectionDate: earliest } : terms;
}

/** The date `months` months after `date`, kept to the month's last day when it has fewer days (31 Jan → 28 Feb). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = parts(date);
  const target = month - 1 + months;
  // Day 0 of the next month is the target month's last day.
  const last = new Date(Date.UTC(year, target + 1, 0)).getUTCDate();
  return isoDay(new Date(Date.UTC(year, target, Math.min(day, last))));
}

/**
 * The collections of `totalCents` under `terms`. One-off: one OOFF of the whole. Monthly: the first FRST, the
 * middle RCUR, the last FNAL, a month apart from the first date; the total is split in whole cents, the
 * leftover cents going one each to the first instalments, so the sum is the total exactly and no two
 * instalments differ by more than one cent. Empty when there is nothing to collect.
 */
export function sepaSchedule(totalCents: number, terms: SepaScheduleTerms): SepaInstalment[] {
  if (!Number.isSafeInteger(totalCents) || totalCents <= 0) return [];
  if (terms.pattern === 'oneOff') {
    return [
      {
        sequence: 1,
        sequenceType: 'OOFF',
        collectionDate: terms.firstCollectionDate,
        amountCents: totalCents,
      },
    ];
  }
  const wanted = terms.instalments ?? SEPA_MIN_INSTALMENTS;
  // Never an instalment of 0 cents (a bank refuses it): fewer instalments when the total is that small.
  const count = Math.max(1, Math.min(wanted, totalCents));
  if (count === 1) {
    return [
      {
        sequence: 1,
        sequenceType: 'OOFF',
        collectionDate: terms.firstCollectionDate,
        amountCents: totalCents,
      },
    ];
  }
  const base = Math.floor(totalCents / count);
  const leftover = totalCents - base * count;
  return Array.from({ length: count }, (_, i) => ({
    sequence: i + 1,
    sequenceType: i === 0 ? 'FRST' : i === count - 1 ? 'FNAL' : 'RCUR',
    collectionDate: addMonths(terms.firstCollectionDate, i),
    amountCents: base + (i < leftover ? 1 : 0),
  }));
}

/** How the editor, the client's page and the PDF name each collection of the schedule (pt-PT). */
export const SEPA_SEQUENCE_LABELS: Record<SepaSequenceType, string> = {
  OOFF: 'Única',
  FRST: 'Primeira',
  RCUR: 'Recorrente',
  FNAL: 'Última',
};

/** How the terms are named in one line ("3 prestações mensais", "Cobrança única"). */
export function sepaPatternLabel(terms: Pick<SepaScheduleTerms, 'pattern' | 'instalments'>): string {
  return terms.pattern === 'monthly'
    ? `${terms.instalments ?? SEPA_MIN_INSTALMENTS} prestações mensais`
    : 'Cobrança única';
}
