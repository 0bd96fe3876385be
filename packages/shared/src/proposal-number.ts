/**
 * Proposal numbers, 'ORC 2026/0042' (docs/product.md#proposal-numbers). The database assigns them (the
 * `proposals_assign_number` trigger); this module holds the prefix rule the settings form and API share.
 */
export const DEFAULT_NUMBER_PREFIX = 'ORC';
export const NUMBER_PREFIX_PATTERN = /^[A-Za-z0-9-]{1,10}$/;

/** The organization's prefix, 'ORC' when it never set one. */
export function numberPrefixOf(settings: Record<string, unknown> | null | undefined): string {
  const prefix = settings?.numberPrefix;
  return typeof prefix === 'string' && prefix !== '' ? prefix : DEFAULT_NUMBER_PREFIX;
}
