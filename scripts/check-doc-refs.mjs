#!/usr/bin/env node
// Keeps the repository's references inside the repository (docs/architecture.md, "Where things go"): fails,
// listing file:line, when a tracked file cites a document a person who clones the repository does not have
// (the product spec, the server-behaviour notes, the house-style ARCHITECTURE file, or a bare "§N" section
// of one of them), or links a section of a document in docs/ that is not one of its headings
// (`docs/product.md#totals`, or `product.md#totals` from another page of docs/).
//
//   node scripts/check-doc-refs.mjs

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

const SELF = 'scripts/check-doc-refs.mjs';
const TEXT =
  /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|md|sql|css|html|json|sh|yml|yaml|txt|example)$|(^|\/)(run|\.[\w-]+rc)$/;

// Written in pieces so that this file does not cite them itself.
const SIGN = '\u00a7';
const OUTSIDE = [
  { re: new RegExp(`\\b[Ss]pec\\s+${SIGN}`), why: 'cites the product spec, which is not in the repository' },
  { re: /server-behaviour/, why: 'cites server-behaviour, which is not in the repository' },
  { re: /product-spec/, why: 'cites product-spec, which is not in the repository' },
  {
    re: /ARCHITECTURE(\.md)?\b/,
    why: 'cites the house-style ARCHITECTURE file, which is not in the repository',
  },
  {
    re: new RegExp(`${SIGN}\\s*\\d`),
    why: `cites a numbered section (${SIGN}) of a document outside the repository`,
  },
];

/** GitHub's anchor of a heading: lower case, punctuation dropped (accented letters kept), spaces → '-'. */
export function slugify(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a markdown file, numbered as GitHub numbers repeated headings. */
export function anchorsOf(text) {
  const anchors = new Set();
  let fence = false;
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) fence = !fence;
    const m = !fence && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = slugify(m[1]);
    let slug = base;
    for (let i = 1; anchors.has(slug); i += 1) slug = `${base}-${i}`;
    anchors.add(slug);
  }
  return anchors;
}

const anchorCache = new Map();
function anchorsOfFile(path) {
  if (!anchorCache.has(path)) {
    anchorCache.set(path, path.endsWith('.md') ? anchorsOf(readFileSync(path, 'utf8')) : new Set());
  }
  return anchorCache.get(path);
}

/** Whether a page has a heading or a bold item ("**Node 24 LTS.**") containing these words. */
function titledIn(path, words) {
  const wanted = words.toLowerCase();
  return readFileSync(path, 'utf8')
    .split('\n')
    .some((l) => (/^#{1,6}\s/.test(l) || /\*\*/.test(l)) && l.toLowerCase().includes(wanted));
}

/**
 * Every `docs/<page>.md#anchor` in a line; in a markdown file also its relative links (`[…](product.md#totals)`,
 * `[…](#totals)`, `[…](../apps/…/clients.service.ts)`), whose file must exist.
 */
function linksIn(line, file) {
  const links = [];
  for (const m of line.matchAll(/\b(docs\/[\w./-]+\.md)#([\p{L}\p{N}_-]+)/gu)) {
    links.push({ target: m[1], anchor: m[2] });
  }
  // `docs/product.md, "Roles"`: a heading cited by its words.
  for (const m of line.matchAll(/\b(docs\/[\w./-]+\.md), "([^"]+)"/g)) {
    links.push({ target: m[1], anchor: slugify(m[2]), quoted: m[2] });
  }
  if (file.endsWith('.md')) {
    for (const m of line.matchAll(/\]\(([^)\s#]*)(?:#([^)\s]+))?\)/g)) {
      if (/^[a-z]+:/i.test(m[1])) continue;
      const target = m[1] ? normalize(join(dirname(file), m[1])) : file;
      links.push({ target, anchor: m[2] });
    }
  }
  return links;
}

export function check(files, read = (f) => readFileSync(f, 'utf8')) {
  const problems = [];
  for (const file of files) {
    if (file === SELF) continue;
    let text;
    try {
      text = read(file);
    } catch {
      continue;
    }
    if (text.includes('\u0000')) continue;
    text.split('\n').forEach((line, i) => {
      const where = `${file}:${i + 1}`;
      for (const rule of OUTSIDE) {
        if (rule.re.test(line)) {
          problems.push(`${where}: ${rule.why}: ${line.trim()}`);
          break;
        }
      }
      for (const { target, anchor, quoted } of linksIn(line, file)) {
        const shown = quoted === undefined ? `${target}#${anchor}` : `${target}, "${quoted}"`;
        if (!existsSync(target)) {
          problems.push(`${where}: links ${target}, which does not exist`);
        } else if (quoted !== undefined) {
          if (!titledIn(target, quoted))
            problems.push(`${where}: cites ${shown}, no heading or bold item of ${target}`);
        } else if (anchor !== undefined && !anchorsOfFile(target)?.has(anchor)) {
          problems.push(`${where}: links ${shown}, not a heading of ${target}`);
        }
      }
    });
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => f && TEXT.test(f) && existsSync(f));
  const problems = check(files);
  if (problems.length > 0) {
    for (const p of problems) console.error(p);
    console.error(
      `\n${problems.length} reference(s) outside the repository or to a missing heading. The product's rules are ` +
        'in docs/product.md: link its section (docs/product.md#totals).',
    );
    process.exit(1);
  }
  console.log(`check-doc-refs: ${files.length} files, every reference resolves inside the repository.`);
}
