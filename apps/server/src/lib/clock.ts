/**
 * The server's clock: the instant every "now" of a rule is read from (the validity of a proposal in JavaScript
 * and in SQL alike, docs/product.md#validity-and-expiry). Tests set it to cross a day boundary instead of
 * waiting for one; nothing else does.
 */
let source: () => Date = () => new Date();

export function now(): Date {
  return source();
}

/** Tests only: read the time from `fn` (null: the real time again). Each test file runs in its own module graph. */
export function setClock(fn: (() => Date) | null): void {
  source = fn ?? (() => new Date());
}
