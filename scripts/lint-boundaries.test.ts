// The import boundaries of docs/architecture.md ("Import boundaries") are Biome `noRestrictedImports` rules in
// biome.json's `overrides`. This proves each one bites: every case is a file written at its path in a temporary
// copy of the tree, linted with the project's own biome.json, and the boundary diagnostic must appear (or not).
// To check a new boundary, add rows to CASES.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface Case {
  /** Where the file sits, from the repository root: the overrides match on it. */
  path: string;
  source: string;
  expectViolation: boolean;
}

const CASES: Case[] = [
  // Server: modules, lib, db, jobs, config and cli never import a plugin (plugins are wired by app.ts).
  {
    path: 'apps/server/src/modules/clients/uses-plugin-alias.ts',
    source: "import { authPlugin } from '@/plugins/auth.ts';\nexport const p = authPlugin;\n",
    expectViolation: true,
  },
  {
    path: 'apps/server/src/modules/clients/uses-plugin-relative.ts',
    source: "import { tenantPlugin } from '../../plugins/tenant.ts';\nexport const p = tenantPlugin;\n",
    expectViolation: true,
  },
  {
    path: 'apps/server/src/lib/uses-plugin-relative.ts',
    source:
      "import { inputGuardPlugin } from '../plugins/input-guard.ts';\nexport const p = inputGuardPlugin;\n",
    expectViolation: true,
  },
  {
    path: 'apps/server/src/jobs/uses-plugin-alias.ts',
    source: "import { staticPlugin } from '@/plugins/static.ts';\nexport const p = staticPlugin;\n",
    expectViolation: true,
  },
  {
    path: 'apps/server/src/modules/clients/uses-lib.ts',
    source: "import { assertCan } from '@/lib/access.ts';\nexport const a = assertCan;\n",
    expectViolation: false,
  },
  {
    path: 'apps/server/src/modules/clients/uses-fastify-plugin-package.ts',
    source: "import fp from 'fastify-plugin';\nexport const f = fp;\n",
    expectViolation: false,
  },
  // The composition root, the plugins themselves and tests may.
  {
    path: 'apps/server/src/app-like.test.ts',
    source: "import { authPlugin } from '@/plugins/auth.ts';\nexport const p = authPlugin;\n",
    expectViolation: false,
  },
  {
    path: 'apps/server/src/app.ts',
    source: "import { authPlugin } from '@/plugins/auth.ts';\nexport const p = authPlugin;\n",
    expectViolation: false,
  },
  {
    path: 'apps/server/src/plugins/uses-other-plugin.ts',
    source: "import { authPlugin } from './auth.ts';\nexport const p = authPlugin;\n",
    expectViolation: false,
  },
];

const root = fileURLToPath(new URL('..', import.meta.url));
const biome = path.join(root, 'node_modules/.bin/biome');
let dir = '';
let flagged = new Set<string>();

interface Diagnostic {
  category?: string;
  location?: { path?: string | { file?: string } };
}

function fileOf(d: Diagnostic): string {
  const p = d.location?.path;
  return (typeof p === 'string' ? p : (p?.file ?? '')).replaceAll('\\', '/');
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'aceite-lint-boundaries-'));
  copyFileSync(path.join(root, 'biome.json'), path.join(dir, 'biome.json'));
  for (const c of CASES) {
    mkdirSync(path.dirname(path.join(dir, c.path)), { recursive: true });
    writeFileSync(path.join(dir, c.path), c.source);
  }
  // One Biome run over every case; it exits 1 when it reports errors, which is the point here.
  const run = promisify(execFile)(
    biome,
    ['lint', '--vcs-enabled=false', '--reporter=json', '--max-diagnostics=none', '.'],
    { cwd: dir, maxBuffer: 16 * 1024 * 1024 },
  );
  const { stdout } = await run.catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const report = JSON.parse(stdout) as { diagnostics: Diagnostic[] };
  flagged = new Set(
    report.diagnostics.filter((d) => d.category === 'lint/style/noRestrictedImports').map(fileOf),
  );
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('import boundaries (biome.json overrides)', () => {
  it.each(CASES)('$path: violation $expectViolation', (c) => {
    expect(flagged.has(c.path)).toBe(c.expectViolation);
  });
});
