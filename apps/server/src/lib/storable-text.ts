/*
 * Text the product cannot store, refused wherever it enters (docs/decisions.md, "Unstorable text is refused"):
 * - NUL: PostgreSQL text and jsonb cannot hold it;
 * - a lone UTF-16 surrogate (half of a pair, as JSON's "\uD800" escape gives): it has no UTF-8 form, so jsonb
 *   refuses it and the canonical JSON of the evidence cannot hash it (issue 34, L1: both answered 500).
 * Refused rather than stripped: a signer's name or a reason is recorded as typed, or not at all.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string can be stored as it is: no NUL, no lone surrogate. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/**
 * Where a parsed input (path values, query, JSON body, multipart fields) holds unstorable text, keys included:
 * the dotted path of the first such value (of the object, for a key; '' for the value itself), or null when all
 * of it can be stored. The path never repeats the bad key, so an error naming it can always be sent.
 */
export function unstorableTextAt(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : '';
  if (depth > 100 || value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) return '';
    const inner = unstorableTextAt(item, depth + 1);
    if (inner !== null) return inner ? `${key}.${inner}` : key;
  }
  return null;
}
