// The server's modules import one another without a circle (docs/architecture.md, "Module map"): module A may
// use module B only if B, through any chain, never comes back to A; and no file of apps/server/src/modules
// comes back to itself through its imports. Read from the source's import lines, tests left out (a test may
// import whatever it checks).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = path.join(root, 'apps/server/src');
const modulesDir = path.join(src, 'modules');

/** Every non-test source file under the modules, as paths relative to apps/server/src. */
function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        files.push(path.relative(src, full).replaceAll('\\', '/'));
      }
    }
  };
  walk(modulesDir);
  return files.sort();
}

/** The files of apps/server/src a file imports (`@/…` and relative specifiers; packages are left out). */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(src, file), 'utf8');
  const targets: string[] = [];
  for (const match of text.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
    const spec = match[1] ?? '';
    let target: string | null = null;
    if (spec.startsWith('@/')) target = spec.slice(2);
    else if (spec.startsWith('.'))
      target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
    if (target?.startsWith('modules/')) targets.push(target);
  }
  return targets;
}

const moduleOf = (file: string) => file.split('/')[1] ?? '';

/** One cycle of the graph, as the nodes in order with the first repeated at the end; null when there is none. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of [...graph.keys()].sort()) {
    if (!state.has(node)) {
      const found = visit(node);
      if (found) return found;
    }
  }
  return null;
}

function graphs() {
  const files = new Map<string, Set<string>>();
  const modules = new Map<string, Set<string>>();
  for (const file of sourceFiles()) {
    const targets = importsOf(file);
    files.set(file, new Set(targets));
    const from = moduleOf(file);
    const edges = modules.get(from) ?? new Set<string>();
    for (const target of targets) if (moduleOf(target) !== from) edges.add(moduleOf(target));
    modules.set(from, edges);
  }
  return { files, modules };
}

describe('server module imports', () => {
  const { files, modules } = graphs();

  it('reads the modules (the graph is not empty)', () => {
    expect(modules.size).toBeGreaterThan(10);
    expect(modules.get('proposals')?.has('webhooks')).toBe(true);
  });

  it('finds a cycle when there is one (the check itself)', () => {
    const g = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(findCycle(g)).toEqual(['a', 'b', 'c', 'a']);
    expect(findCycle(new Map([['a', new Set(['b'])]]))).toBeNull();
  });

  it('no module comes back to itself through the modules it imports', () => {
    expect(findCycle(modules)).toBeNull();
  });

  it('no file of the modules comes back to itself through its imports', () => {
    expect(findCycle(files)).toBeNull();
  });

  it('proposal-pdf renders a shown proposal and imports no proposal module', () => {
    const used = modules.get('proposal-pdf') ?? new Set();
    for (const owner of ['proposals', 'public-proposals', 'sealed-documents', 'approvals']) {
      expect(used.has(owner), `proposal-pdf imports ${owner}`).toBe(false);
    }
  });
});
