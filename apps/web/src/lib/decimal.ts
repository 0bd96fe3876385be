import { parseDecimalPt } from '@aceite/shared/money';
import { z } from 'zod';

/** A number field's value as a number: NaN while it is empty or holds text that is not a pt-PT number. */
export function readDecimal(value: number | string): number {
  if (typeof value === 'number') return value;
  const parsed = parseDecimalPt(value);
  return parsed.ok && parsed.value !== null ? parsed.value : Number.NaN;
}

/**
 * Form schemas over `DecimalInput` values: text is read with the shared pt-PT reader, so "1.250,50" counts
 * as 1250.5 and ambiguous text stays text for the schema to refuse with its own message.
 */
export const ptNumber = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string' || value.trim() === '') return value;
    const n = readDecimal(value);
    return Number.isFinite(n) ? n : value;
  }, schema);
