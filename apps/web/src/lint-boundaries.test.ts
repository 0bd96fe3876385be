import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The web's import boundaries (docs/architecture.md, "Web") are Biome `noRestrictedImports` overrides in
 * `biome.json`, so `npm run lint` fails on an import that crosses them. This runs Biome with the real
 * configuration over fixture files placed at the paths the overrides match (in a temporary copy of the layout:
 * Biome's stdin mode prints no diagnostics) and checks each crossing is reported and each allowed import is not.
 */

const ROOT = resolve(__dirname, '../../..');
const FEATURES = readdirSync(join(ROOT, 'apps/web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

interface Fixture {
  path: string;
  source: string;
  expectViolation: boolean;
}

const importing = (specifier: string) => `import { x } from '${specifier}';\nexport const y = x;\n`;

const FIXTURES: Fixture[] = [
  // features ↛ app
  { path: 'features/proposals/components/a.tsx', source: importing('@/app/router'), expectViolation: true },
  {
    path: 'features/clients/api/b.ts',
    source: importing('@/app/routes/clients/clients-page'),
    expectViolation: true,
  },
  // a feature ↛ another feature, by alias or relative path
  {
    path: 'features/proposals/components/c.tsx',
    source: importing('@/features/clients/api/keys'),
    expectViolation: true,
  },
  {
    path: 'features/proposals/components/d.tsx',
    source: importing('../../clients/api/keys'),
    expectViolation: true,
  },
  {
    path: 'features/settings/api/e.ts',
    source: importing('@/features/notifications/api/keys'),
    expectViolation: true,
  },
  // components/ and lib/ ↛ features (and app)
  {
    path: 'components/layouts/f.tsx',
    source: importing('@/features/settings/api/get-organization-branding'),
    expectViolation: true,
  },
  { path: 'components/g.tsx', source: importing('../features/clients/api/keys'), expectViolation: true },
  { path: 'lib/h.ts', source: importing('@/features/auth/api/keys'), expectViolation: true },
  { path: 'lib/i.ts', source: importing('@/app/router'), expectViolation: true },
  // allowed: a feature's own files, shared code, and the app composing features
  { path: 'features/proposals/components/j.tsx', source: importing('../api/keys'), expectViolation: false },
  {
    path: 'features/proposals/components/k.tsx',
    source: importing('@/features/proposals/api/keys'),
    expectViolation: false,
  },
  {
    path: 'features/proposals/components/l.tsx',
    source: importing('@/components/section-panel'),
    expectViolation: false,
  },
  {
    path: 'features/proposals/components/m.tsx',
    source: importing('@/lib/authorization'),
    expectViolation: false,
  },
  { path: 'components/n.tsx', source: importing('@/lib/api-client'), expectViolation: false },
  {
    path: 'app/routes/o.tsx',
    source: importing('@/features/clients/api/keys'),
    expectViolation: false,
  },
  // only an api/ folder calls the HTTP client; anyone may read its errors
  {
    path: 'features/proposals/components/p.tsx',
    source: importing('@/lib/api-client').replace('{ x }', '{ apiClient as x }'),
    expectViolation: true,
  },
  {
    path: 'components/q.tsx',
    source: importing('@/lib/api-client').replace('{ x }', '{ apiClient as x }'),
    expectViolation: true,
  },
  {
    path: 'app/routes/r.tsx',
    source: importing('@/lib/api-client').replace('{ x }', '{ apiClient as x }'),
    expectViolation: true,
  },
  {
    path: 'features/proposals/components/s.tsx',
    source: importing('@/lib/api-client').replace('{ x }', '{ errorMessage as x }'),
    expectViolation: false,
  },
  {
    path: 'features/proposals/api/t.ts',
    source: importing('@/lib/api-client').replace('{ x }', '{ apiClient as x }'),
    expectViolation: false,
  },
  {
    path: 'api/u.ts',
    source: importing('@/lib/api-client').replace('{ x }', '{ apiClient as x }'),
    expectViolation: false,
  },
  // the shared API layer (src/api/) and a feature's api/ import no feature, screen or shared UI
  { path: 'api/v.ts', source: importing('@/features/clients/api/keys'), expectViolation: true },
  { path: 'api/w.ts', source: importing('@/components/section-panel'), expectViolation: true },
  {
    path: 'features/clients/api/x.ts',
    source: importing('@/features/proposals/api/keys'),
    expectViolation: true,
  },
  {
    path: 'features/clients/api/y.ts',
    source: importing('@/components/section-panel'),
    expectViolation: true,
  },
  { path: 'features/clients/api/z.ts', source: importing('./keys'), expectViolation: false },
  { path: 'features/clients/components/aa.tsx', source: importing('@/api/clients'), expectViolation: false },
  // Every feature folder has its own rule: each one importing the next is reported, its own import is not.
  // the sign-in page's script (src/sign-in/) ↛ React, Mantine's JS, zod or the app; its CSS and light modules are fine
  { path: 'sign-in/a.ts', source: importing('react'), expectViolation: true },
  { path: 'sign-in/b.ts', source: importing('@mantine/core'), expectViolation: true },
  { path: 'sign-in/c.ts', source: importing('zod'), expectViolation: true },
  { path: 'sign-in/d.ts', source: importing('@/app/router'), expectViolation: true },
  { path: 'sign-in/e.ts', source: importing('@/lib/auth-store'), expectViolation: true },
  { path: 'sign-in/f.ts', source: importing('@/features/auth/api/login'), expectViolation: true },
  {
    path: 'sign-in/g.ts',
    source: `import '@mantine/core/styles/Button.css';\n${importing('@/lib/stored-session')}`,
    expectViolation: false,
  },
  // the client's page (src/public-proposal/) ↛ the UI kit, the router or the app's screens; light modules are fine
  { path: 'public-proposal/a.tsx', source: importing('@mantine/core'), expectViolation: true },
  {
    path: 'public-proposal/b.tsx',
    source: importing('@/components/proposal-status-badge'),
    expectViolation: true,
  },
  { path: 'public-proposal/c.tsx', source: importing('@/theme'), expectViolation: true },
  { path: 'public-proposal/d.tsx', source: importing('react-router'), expectViolation: true },
  { path: 'public-proposal/e.tsx', source: importing('@/lib/save-blob'), expectViolation: false },
  ...FEATURES.flatMap((feature, index): Fixture[] => {
    const other = FEATURES[(index + 1) % FEATURES.length];
    return [
      {
        path: `features/${feature}/components/cross.tsx`,
        source: importing(`@/features/${other}/api/keys`),
        expectViolation: true,
      },
      {
        path: `features/${feature}/components/own.tsx`,
        source: importing(`@/features/${feature}/api/keys`),
        expectViolation: false,
      },
    ];
  }),
];

interface BiomeDiagnostic {
  category: string;
  location: { path: string };
}

let workdir = '';
let reported = new Map<string, string[]>();

beforeAll(() => {
  workdir = mkdtempSync(join(tmpdir(), 'aceite-lint-boundaries-'));
  // The project's configuration, minus what needs the repository itself (git and the schema's path).
  const config = JSON.parse(readFileSync(join(ROOT, 'biome.json'), 'utf8'));
  delete config.vcs;
  delete config.$schema;
  writeFileSync(join(workdir, 'biome.json'), JSON.stringify(config));
  for (const fixture of FIXTURES) {
    const file = join(workdir, 'apps/web/src', fixture.path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, fixture.source);
  }
  let output: string;
  try {
    output = execFileSync(
      join(ROOT, 'node_modules/.bin/biome'),
      ['lint', '--reporter=json', '--max-diagnostics=none', '.'],
      { cwd: workdir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
  } catch (error) {
    // Biome exits non-zero when it reports errors: the ones this test wants.
    output = String((error as { stdout?: string }).stdout ?? '');
  }
  const { diagnostics } = JSON.parse(output) as { diagnostics: BiomeDiagnostic[] };
  reported = new Map();
  for (const diagnostic of diagnostics) {
    const path = diagnostic.location.path.replace(/^apps\/web\/src\//, '');
    reported.set(path, [...(reported.get(path) ?? []), diagnostic.category]);
  }
}, 60_000);

afterAll(() => {
  if (workdir) rmSync(workdir, { recursive: true, force: true });
});

describe('the web import boundaries in biome.json', () => {
  it('finds at least one feature folder to check', () => {
    expect(FEATURES.length).toBeGreaterThan(5);
  });

  it.each(FIXTURES)('$path → violation: $expectViolation', ({ path, expectViolation }) => {
    const categories = reported.get(path) ?? [];
    if (expectViolation) expect(categories).toContain('lint/style/noRestrictedImports');
    else expect(categories).toEqual([]);
  });
});
