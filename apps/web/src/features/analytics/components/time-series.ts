import type { TimePoint } from '@aceite/shared/schemas/analytics';

function parsePeriod(period: string): { year: number; month: number } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  if (!match) return null;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? { year: Number(match[1]), month } : null;
}

const periodOf = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/**
 * The months from the first to the last point, with empty months filled with zeros: the API only sends
 * months that have proposals, and a chart that skips months misleads.
 */
export function fillMonths(points: TimePoint[]): TimePoint[] {
  const sorted = points.filter((p) => parsePeriod(p.period)).sort((a, b) => a.period.localeCompare(b.period));
  const first = sorted[0] && parsePeriod(sorted[0].period);
  const last = sorted.at(-1) && parsePeriod((sorted.at(-1) as TimePoint).period);
  if (!first || !last) return [];
  const byPeriod = new Map(sorted.map((p) => [p.period, p]));
  const filled: TimePoint[] = [];
  // At most 10 years of months, whatever the data says.
  for (let y = first.year, m = first.month, guard = 0; guard < 120; guard++) {
    const period = periodOf(y, m);
    filled.push(byPeriod.get(period) ?? { period, count: 0, value: 0, acceptedCount: 0, acceptedValue: 0 });
    if (y === last.year && m === last.month) break;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return filled;
}

const MONTH_SHORT = new Intl.DateTimeFormat('pt-PT', { month: 'short', timeZone: 'UTC' });
const MONTH_LONG = new Intl.DateTimeFormat('pt-PT', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function periodDate(period: string): Date {
  const p = parsePeriod(period);
  return p ? new Date(Date.UTC(p.year, p.month - 1, 1)) : new Date(Number.NaN);
}

/** 'jan', 'fev', … for the axis. */
export function monthShort(period: string): string {
  return MONTH_SHORT.format(periodDate(period)).replace('.', '');
}

/** 'janeiro de 2026' for the data table and tooltips. */
export function monthLong(period: string): string {
  return MONTH_LONG.format(periodDate(period));
}

export function periodYear(period: string): number | undefined {
  return parsePeriod(period)?.year;
}

export function isJanuary(period: string): boolean {
  return parsePeriod(period)?.month === 1;
}
