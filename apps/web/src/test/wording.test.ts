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

describe('pt-PT wording', () => {
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
