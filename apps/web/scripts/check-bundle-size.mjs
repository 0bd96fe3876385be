// Bundle budget (ARCHITECTURE.md §8): the gzip size of the JS each built page loads initially, i.e. its
// module entry scripts plus the chunks it modulepreloads. Exits 1 when a page is over budget.
// Usage: node scripts/check-bundle-size.mjs [distDir]   (default: dist)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1000; // kB as Vite reports them; stricter than KiB
const PAGES = [
  { name: 'landing (/)', file: 'landing.html', budget: 90 * KB },
  { name: 'public proposal (/p/:token)', file: 'public-proposal.html', budget: 130 * KB },
  { name: 'SPA entry', file: 'index.html', budget: 300 * KB },
];

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const distDir = path.resolve(webRoot, process.argv[2] ?? 'dist');

function attribute(tag, name) {
  return tag.match(new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i'))?.[1];
}

/** The same-origin JS URLs a page loads before any interaction: module scripts and modulepreloads. */
function initialScripts(html) {
  const urls = new Set();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, 'src');
    if (src && attribute(tag, 'type') === 'module') urls.add(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attribute(tag, 'href');
    if (href && attribute(tag, 'rel') === 'modulepreload') urls.add(href);
  }
  return [...urls];
}

const format = (bytes) => `${(bytes / KB).toFixed(1)} kB`;
let failed = false;
const rows = [];

for (const page of PAGES) {
  const htmlFile = path.join(distDir, page.file);
  if (!existsSync(htmlFile)) {
    console.error(`check-bundle-size: ${htmlFile} is missing (run the web build first)`);
    failed = true;
    continue;
  }
  const scripts = initialScripts(readFileSync(htmlFile, 'utf8'));
  let total = 0;
  for (const url of scripts) {
    if (/^(https?:)?\/\//.test(url))
      throw new Error(`${page.file} loads a script from another origin: ${url}`);
    const file = path.join(distDir, url.replace(/^\//, ''));
    const gzip = gzipSync(readFileSync(file)).length;
    total += gzip;
    rows.push({ page: page.name, file: url, gzip: format(gzip), budget: '' });
  }
  const over = total > page.budget;
  if (over || scripts.length === 0) failed = true;
  rows.push({
    page: page.name,
    file: `TOTAL (${scripts.length} file${scripts.length === 1 ? '' : 's'})`,
    gzip: format(total),
    budget: `${format(page.budget)} ${over ? 'OVER' : 'ok'}`,
  });
}

const columns = ['page', 'file', 'gzip', 'budget'];
const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => row[column].length)));
const line = (values) =>
  values
    .map((value, i) => value.padEnd(widths[i]))
    .join('  ')
    .trimEnd();
console.log(line(columns));
console.log(line(widths.map((width) => '-'.repeat(width))));
for (const row of rows) console.log(line(columns.map((column) => row[column])));
if (failed) {
  console.error('check-bundle-size: over budget or missing output');
  process.exit(1);
}
