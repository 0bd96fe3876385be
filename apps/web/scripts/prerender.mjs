// Prerenders the landing page and the sign-in page from the SSR build of src/landing/prerender-entry.tsx.
// dist/landing.html gets the full page's markup, the theme's CSS variables (as MantineProvider renders them) and
// the landing components' CSS in <head>: search engines and link previews get the whole page, and browsers run
// no script on it. dist/login.html (its own entry, served for /login) gets the sign-in screen's markup
// (src/app/prerender-login.tsx), which src/sign-in/main.ts takes over, and the list of the app shell's files
// (from dist/index.html), which that script prefetches once the person submits. Removes the SSR output
// afterwards (it is never served).
// Usage: node scripts/prerender.mjs [distDir] [ssrDir]   (defaults: dist, <distDir>/.ssr)
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const PLACEHOLDER = '<!--landing-ssr-->';
const LOGIN_PLACEHOLDER = '<!--login-ssr-->';
const HEAD_END = '</head>';
const webRoot = fileURLToPath(new URL('..', import.meta.url));
const distDir = path.resolve(webRoot, process.argv[2] ?? 'dist');
const ssrDir = path.resolve(distDir, process.argv[3] ?? '.ssr');
const landingHtml = path.join(distDir, 'landing.html');
const spaHtml = path.join(distDir, 'index.html');
const loginHtml = path.join(distDir, 'login.html');

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
  const { render, renderThemeStyles, renderLandingStyles, renderLogin } = await import(
    pathToFileURL(entry).href
  );
  const markup = render();
  const themeStyles = renderThemeStyles();
  const landingStyles = renderLandingStyles();
  if (typeof markup !== 'string' || markup.length === 0) throw new Error('render() returned no markup');
  if (!themeStyles.startsWith('<style')) throw new Error('renderThemeStyles() returned no <style>');
  if (landingStyles.length < 1000) throw new Error('renderLandingStyles() returned no CSS');
  const html = template
    .replace(HEAD_END, () => `${themeStyles}\n  ${landingStyles}\n  ${HEAD_END}`)
    .replace(PLACEHOLDER, () => markup);
  await writeFile(landingHtml, html);
  console.log(`prerender: ${landingHtml} (${markup.length} characters of markup)`);

  const loginTemplate = await readFile(loginHtml, 'utf8');
  if (!loginTemplate.includes(LOGIN_PLACEHOLDER)) {
    throw new Error(`${loginHtml} has no ${LOGIN_PLACEHOLDER} placeholder (already prerendered?)`);
  }
  const login = renderLogin();
  if (!login.markup.includes('<form')) throw new Error('renderLogin() returned no form');
  // The app shell's scripts and styles, for src/sign-in/sign-in.ts to prefetch on submit.
  const spa = await readFile(spaHtml, 'utf8');
  const appAssets = [
    ...spa.matchAll(
      /<(?:script type="module"|link rel="(?:modulepreload|stylesheet)")[^>]*\s(?:src|href)="(\/assets\/[^"]+)"/g,
    ),
  ].map(([, url]) => url);
  if (!appAssets.some((url) => url.endsWith('.js'))) throw new Error(`${spaHtml} names no app script`);
  const loginPage = loginTemplate
    .replace(
      HEAD_END,
      () => `  <meta name="aceite:app-assets" content="${appAssets.join(' ')}" />\n  ${HEAD_END}`,
    )
    .replace(/<title>[^<]*<\/title>/, () => `<title>${login.title}</title>`)
    .replace(LOGIN_PLACEHOLDER, () => login.markup);
  await writeFile(loginHtml, loginPage);
  console.log(`prerender: ${loginHtml} (${login.markup.length} characters of markup)`);
} catch (error) {
  console.error('prerender failed:', error);
  process.exitCode = 1;
} finally {
  await rm(ssrDir, { recursive: true, force: true });
}
