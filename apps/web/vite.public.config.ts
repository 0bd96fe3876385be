import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { ZOD_FIRST } from './vite.config';

const src = fileURLToPath(new URL('./src', import.meta.url));
const shared = fileURLToPath(new URL('../../packages/shared/src', import.meta.url));

/**
 * The client's proposal page runs on Preact, through its React compatibility layer (docs/architecture.md, "The
 * public page"; docs/decisions.md, "Issue 41 — the client's page: islands, no UI kit, Preact"): the same
 * components, written to React's API and tested with React, at a tenth of React DOM's weight on a phone. Only
 * this page: the app keeps React. Its server render (vite.public-ssr.config.ts) uses the same aliases, so the
 * server's HTML and the browser's hydration come from the same renderer.
 */
export const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export const PAGE_ALIASES = [
  { find: /^@\//, replacement: `${src}/` },
  { find: /^@aceite\/shared\/(.*)$/, replacement: `${shared}/$1.ts` },
  ...PREACT_ALIASES,
];

// Built after the app (vite.config.ts) into the same dist folder: its own chunks, and its own manifest (the
// app's, .vite/manifest.json, holds the route budgets; this one lets npm run check:bundle follow the page's lazily
// loaded answer code). The public folder stays declared: the page names /early-proposal.js from it.
export default defineConfig({
  plugins: [react()],
  resolve: { alias: PAGE_ALIASES },
  build: {
    emptyOutDir: false,
    manifest: '.vite/proposal-manifest.json',
    rollupOptions: {
      input: { proposal: fileURLToPath(new URL('./public-proposal.html', import.meta.url)) },
      output: { codeSplitting: ZOD_FIRST },
    },
  },
});
