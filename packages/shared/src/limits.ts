/**
 * The edges of what the database holds (issue 20): every number and date a request can carry is checked
 * against these before it reaches PostgreSQL, so input the schema accepts can never fail there.
 */

/** PostgreSQL `integer` (int4): counters and version numbers. */
export const MAX_INT4 = 2_147_483_647;

/**
 * The largest amount of one proposal, in cents (€10 000 000 000,00). Money columns are `bigint`; this bound
 * keeps every amount, and the analytics sums over a whole organization, exact in a JavaScript number.
 */
export const MAX_AMOUNT_CENTS = 1_000_000_000_000;

/** The calendar years a date may carry: PostgreSQL has no year 0, and nobody means year 12345. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 9999;

/**
 * A rate (tax or percentage discount) as stored: two decimals. Every computation uses the rounded rate, so the
 * stored figures always agree with the stored rate.
 */
export function roundRate(rate: number): number {
  return Math.round(rate * 100) / 100;
}

/** The longest question or change request a client may send (docs/product.md#client-questions-and-change-requests). */
export const MAX_CLIENT_MESSAGE_LENGTH = 5000;
