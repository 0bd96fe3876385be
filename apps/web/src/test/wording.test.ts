import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * pt-PT throughout: words of Brazilian Portuguese (or left in English) that the rest of the product says
 * otherwise. The product unit 'usuário' is a stored value (docs/product.md#products); it is shown as
 * 'utilizador'.
 */
const FORBIDDEN: [RegExp, string][] = [
  [/usuário/i, 'utilizador'],
  [/cadastr/i, 'criar / registar'],
  [/deletar/i, 'eliminar'],
  [/\bsenhas?\b/i, 'password'],
  [/tem certeza que/i, 'Tem a certeza de que'],
  [/sobrenome/i, 'apelido'],
  [/Calculado como no servidor/, '(developer wording)'],
  [/'(Login|Registration) failed'/, '(English)'],
  [/\bsalvar\b/i, 'guardar'],
];

/**
 * English left in the interface (docs/decisions.md, "Issue 37 — one money grouping, pt-PT words, the client's
 * page without the team's tracking"): looked for only in what a person reads — string literals and JSX text —
 * so code names (`TemplateForm`, `/templates`, 'dashboard' as a key) stay as they are.
 */
const ENGLISH: [RegExp, string][] = [
  [/\btemplates?\b/i, 'modelo(s)'],
  [/\bdashboard\b/i, 'painel'],
  [/\banalytics\b/i, 'análises'],
  [/\bperformance\b/i, 'desempenho'],
  [/\btop \d+/i, 'os N melhores'],
  [/\bsalvar\b/i, 'guardar'],
];
// Stored values, not wording: the unit enum and the demo data that uses it.
const ALLOWED_LINE =
  /^\s*'usuário',$|\[.*'usuário'\]|item\('i2', 'Licença CRM', 10, 'usuário'|usuário: 'utilizador'|stored 'usuário'/;

const ROOT = path.resolve(__dirname, '../../../..');
const SOURCES = ['apps/web/src', 'apps/server/src', 'packages/shared/src'];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'migrations' ? [] : files(full);
    // Generated code (the typed API client's `.gen.ts`) repeats the stored unit enum: not wording either.
    return /\.(ts|tsx)$/.test(name) && !/\.(test|gen)\.tsx?$/.test(name) ? [full] : [];
  });
}

/** What a person may read in each file: its string literals and JSX text (`source-texts.mjs`). */
function textsOf(sources: string[]): Record<string, string[]> {
  const out = execFileSync(process.execPath, [path.join(__dirname, 'source-texts.mjs')], {
    input: JSON.stringify(sources),
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out.toString('utf8'));
}

describe('pt-PT wording', () => {
  it('shows no English word nor "salvar" in the texts of the web app, the server (messages, emails) and shared', () => {
    const found: string[] = [];
    // The server's test helpers speak to PostgreSQL and developers, not to people.
    const helpers = path.join('apps', 'server', 'src', 'test');
    const nav = path.join(ROOT, 'apps/web/src/components/layouts/nav-items.ts');
    const sources = SOURCES.flatMap((dir) => files(path.join(ROOT, dir))).filter((f) => !f.includes(helpers));
    const byFile = textsOf(sources);
    for (const [file, texts] of Object.entries(byFile)) {
      for (const text of texts) {
        for (const [pattern, instead] of ENGLISH) {
          if (pattern.test(text)) found.push(`${path.relative(ROOT, file)} → ${instead}: ${text.trim()}`);
        }
      }
    }
    expect(found).toEqual([]);
    // The reader finds what a person reads: the navigation's labels.
    expect(byFile[nav]).toEqual(expect.arrayContaining(['Painel', 'Análises', 'Modelos']));
  });

  it('uses the pt-PT words the rest of the product uses', () => {
    const found: string[] = [];
    for (const file of SOURCES.flatMap((dir) => files(path.join(ROOT, dir)))) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (ALLOWED_LINE.test(line)) return;
          for (const [pattern, instead] of FORBIDDEN) {
            if (pattern.test(line))
              found.push(`${path.relative(ROOT, file)}:${i + 1} → ${instead}: ${line.trim()}`);
          }
        });
    }
    expect(found).toEqual([]);
  });
});
