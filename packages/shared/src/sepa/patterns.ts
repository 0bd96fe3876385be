/*
 * The SEPA schedule's patterns and bounds (issue 39), apart from the functions (schedule-core.ts) so that the
 * proposal schema every screen loads carries only these constants (docs/architecture.md#budgets).
 */

export const SEPA_PATTERNS = ['oneOff', 'monthly'] as const;
export type SepaPattern = (typeof SEPA_PATTERNS)[number];

/** Monthly instalments: from 2 to 60 (five years), as the creditor's default pattern (migration 0040). */
export const SEPA_MIN_INSTALMENTS = 2;
export const SEPA_MAX_INSTALMENTS = 60;
