// Prerenders the landing page: imports the SSR build of src/landing/prerender-entry.tsx, renders it and
// injects the markup into dist/landing.html, so search engines and link previews get the full page and
// src/landing/main.tsx only hydrates it; also injects the theme's CSS variables (as MantineProvider renders
// them) into <head>. Then writes dist/login.html: the SPA shell (dist/index.html) with the sign-in screen's
// markup in #root (src/app/prerender-login.tsx), which the server sends for /login; its scripts start from
// public/login-loader.js after the first paint. Removes the SSR output
// afterwards (it is never served).
// Usage: node scripts/prerender.mjs [distDir] [ssrDir]   (defaults: dist, <distDir>/.ssr)
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PLACEHOLDER = '<!--landing-ssr-->';
const HEAD_END = '</head>';
const webRoot = fileURLToPath(new URL('..', import.meta.url));
const distDir = path.resolve(webRoot, process.argv[2] ?? 'dist');
const ssrDir = path.resolve(distDir, process.argv[3] ?? '.ssr');
const landingHtml = path.join(distDir, 'landing.html');
const spaHtml = path.join(distDir, 'index.html');
const loginHtml = path.join(distDir, 'login.html');
const EMPTY_ROOT = '<div id="root"></div>';

const entry = ['prerender-entry.js', 'prerender-entry.mjs']
  .map((name) => path.join(ssrDir, name))
  .find((file) => existsSync(file));
if (!entry) {
  console.error(`prerender: no SSR bundle in ${ssrDir} (run vite build --ssr first)`);
  process.exit(1);
}

try {
  const template = await readFile(landingHtml, 'utf8');
  if (!template.includes(PLACEHOLDER)) {
    throw new Error(`${landingHtml} has no ${PLACEHOLDER} placeholder (already prerendered?)`);
  }
  const { render, renderThemeStyles, renderLogin } = await import(pathToFileURL(entry).href);
  const markup = render();
  const themeStyles = renderThemeStyles();
  if (typeof markup !== 'string' || markup.length === 0) throw new Error('render() returned no markup');
  if (!themeStyles.startsWith('<style')) throw new Error('renderThemeStyles() returned no <style>');
  const html = template
    .replace(HEAD_END, () => `${themeStyles}\n  ${HEAD_END}`)
    .replace(PLACEHOLDER, () => markup);
  await writeFile(landingHtml, html);
  console.log(`prerender: ${landingHtml} (${markup.length} characters of markup)`);

  const spa = await readFile(spaHtml, 'utf8');
  if (!spa.includes(EMPTY_ROOT)) throw new Error(`${spaHtml} has no empty ${EMPTY_ROOT}`);
  const login = renderLogin();
  if (!login.markup.includes('<form')) throw new Error('renderLogin() returned no form');
  // The SPA's module script and modulepreloads become data of public/login-loader.js, which adds them once
  // the prerendered screen has painted.
  const entryTag = spa.match(/<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/);
  if (!entryTag) throw new Error(`${spaHtml} has no module script`);
  const preloadTags = [...spa.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g)];
  let loginPage = spa.replace(entryTag[0], () => '');
  for (const [tag] of preloadTags) loginPage = loginPage.replace(tag, () => '');
  const loader = `<script defer src="/login-loader.js" data-entry="${entryTag[1]}" data-preload="${preloadTags.map(([, href]) => href).join(' ')}"></script>`;
  loginPage = loginPage
    .replace(HEAD_END, () => `  ${loader}\n  ${HEAD_END}`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${login.title}</title>`)
    .replace(EMPTY_ROOT, () => `<div id="root">${login.markup}</div>`);
  await writeFile(loginHtml, loginPage);
  console.log(`prerender: ${loginHtml} (${login.markup.length} characters of markup)`);
} catch (error) {
  console.error('prerender failed:', error);
  process.exitCode = 1;
} finally {
  await rm(ssrDir, { recursive: true, force: true });
}
