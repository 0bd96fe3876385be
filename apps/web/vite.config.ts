import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const src = fileURLToPath(new URL('./src', import.meta.url));

/**
 * Zod and the module that configures it (src/lib/zod-config.ts: no `new Function` under the strict CSP) in one
 * chunk, so that the configuration runs as soon as Zod does, before any chunk that builds a schema. Left to its
 * own grouping, Rolldown may put Zod in a chunk with schemas, which are then built, and probe for eval, before
 * the entry's first import has run.
 */
export const ZOD_FIRST = {
  groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-config\.ts$/ }],
};
const shared = fileURLToPath(new URL('../../packages/shared/src', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${src}/` },
      { find: /^@aceite\/shared\/(.*)$/, replacement: `${shared}/$1.ts` },
    ],
  },
  build: {
    // .vite/manifest.json: lets scripts/check-bundle-size.mjs follow each lazily loaded route's static imports.
    manifest: true,
    // Three entries: the SPA shell (index.html), the prerendered landing page (landing.html) and the sign-in page;
    // the last two carry no router, query client or private screens. The client's proposal page has its own
    // build on Preact (vite.public.config.ts).
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        landing: fileURLToPath(new URL('./landing.html', import.meta.url)),
        // The prerendered sign-in page (/login): a few kB of script, not the SPA (src/sign-in/main.ts).
        login: fileURLToPath(new URL('./login.html', import.meta.url)),
      },
      output: { codeSplitting: ZOD_FIRST },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
