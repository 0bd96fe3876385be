import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const src = fileURLToPath(new URL('./src', import.meta.url));
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
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
