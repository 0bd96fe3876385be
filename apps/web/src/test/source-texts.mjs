// The texts of TypeScript sources, for the pt-PT wording test (wording.test.ts): run as its own Node process,
// because esbuild refuses jsdom's TextEncoder. Reads a JSON list of file paths on stdin; writes a JSON object
// { [file]: texts[] } on stdout.
//
// esbuild drops types and comments and turns JSX text into string literals, so what is left in quotes is what
// the code may show or send. Not words: tagged templates (sql`…`), interpolations, strings with no space that
// do not start with a capital ('template:use', '/templates', 'analytics-page'), and on the server the OpenAPI
// summaries and internal errors, written in English for developers.
import { readFileSync } from 'node:fs';
import { sep } from 'node:path';
import { transformSync } from 'esbuild';

const STRING = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`/g;
const DEVELOPER_TEXT = /(summary|description|Error)\s*[:(]\s*$/;

function texts(file) {
  const server = file.includes(`apps${sep}server`);
  const { code } = transformSync(readFileSync(file, 'utf8'), {
    loader: file.endsWith('.tsx') ? 'tsx' : 'ts',
    jsx: 'automatic',
    charset: 'utf8',
    legalComments: 'none',
  });
  const found = [];
  for (const m of code.matchAll(STRING)) {
    const at = m.index ?? 0;
    if (m[0].startsWith('`') && /[\w$)]/.test(code[at - 1] ?? '')) continue;
    if (server && DEVELOPER_TEXT.test(code.slice(Math.max(0, at - 20), at))) continue;
    const text = m[0].slice(1, -1).replace(/\$\{[^}]*\}/g, '');
    if (!/\s/.test(text) && !/^\p{Lu}/u.test(text)) continue;
    found.push(text);
  }
  return found;
}

const files = JSON.parse(readFileSync(0, 'utf8'));
process.stdout.write(JSON.stringify(Object.fromEntries(files.map((file) => [file, texts(file)]))));
