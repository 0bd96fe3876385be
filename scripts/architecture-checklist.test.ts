import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * docs/architecture.md, "To add a field to a proposal": a checklist of files and the symbol to change in each.
 * A checklist that names a file or a function that moved is worse than none, so this test keeps it true: every
 * `path`: `symbol` pair it names exists, and the projections it must cover are all named.
 */
const root = join(import.meta.dirname, '..');
const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');

function checklist(): string {
  const start = doc.indexOf('### To add a field to a proposal');
  expect(start, 'docs/architecture.md has the checklist').toBeGreaterThan(-1);
  const rest = doc.slice(start + 1);
  const end = rest.search(/\n#{2,3} /);
  return end === -1 ? rest : rest.slice(0, end);
}

/** Each "`some/path.ts`: `symbol`" of the checklist (a line break may sit between the two). */
function pairs(text: string): { path: string; symbol: string }[] {
  const found: { path: string; symbol: string }[] = [];
  for (const m of text.matchAll(/`((?:apps|packages)\/[^`]+\.tsx?)`:\s+`([A-Za-z_]+)`/g)) {
    found.push({ path: m[1] as string, symbol: m[2] as string });
  }
  return found;
}

/** The symbol is declared in the file (exported or not): a function, a const, a table, a type or an interface. */
function declares(source: string, symbol: string): boolean {
  return new RegExp(`\\b(function|const|let|interface|type|class)\\s+${symbol}\\b`).test(source);
}

describe('the "add a field to a proposal" checklist', () => {
  const named = pairs(checklist());

  it('names files and symbols', () => {
    expect(named.length).toBeGreaterThanOrEqual(12);
  });

  it.each(named)('$path declares $symbol', ({ path, symbol }) => {
    const file = join(root, path);
    expect(existsSync(file), `${path} exists`).toBe(true);
    expect(declares(readFileSync(file, 'utf8'), symbol), `${path} declares ${symbol}`).toBe(true);
  });

  it('covers both projections, the content hash and the PDF data', () => {
    const symbols = new Set(named.map((p) => p.symbol));
    for (const symbol of [
      'proposals',
      'ProposalSchema',
      'ShownProposalSchema',
      'toProposalDto',
      'toShownProposal',
      'pdfDataOf',
      'SHOWN_CONTENT_FIELDS',
    ]) {
      expect(symbols.has(symbol), `the checklist names ${symbol}`).toBe(true);
    }
  });

  it('names the migrations folder the drizzle config writes to', () => {
    const config = readFileSync(join(root, 'apps/server/drizzle.config.ts'), 'utf8');
    const out = config.match(/out:\s*'\.\/([^']+)'/)?.[1];
    expect(out).toBeTruthy();
    expect(checklist()).toContain(`apps/server/${out}`);
  });
});
