/** Whether a parsed input holds a NUL character anywhere (keys included); PostgreSQL text cannot store one. */
export function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 100 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => hasNul(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || hasNul(item, depth + 1)) return true;
  }
  return false;
}
