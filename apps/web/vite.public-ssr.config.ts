import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vite';
import base from './vite.public.config';

// The public page's server render (docs/architecture.md, "The public page"): one self-contained ES module,
// dist/.ssr-public/server-render.js, that the Fastify server imports once at start. Every dependency is
// bundled in (Preact, as the page's own build: vite.public.config.ts; the icons), so the file loads from wherever
// the dist folder is deployed, and the renderer is its production build whatever NODE_ENV the server runs with.
// The JSX transform must match that build, whatever NODE_ENV the caller set (vitest sets 'test').
process.env.NODE_ENV = 'production';

export default mergeConfig(
  base,
  defineConfig({
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    ssr: { noExternal: true },
    publicDir: false,
    build: {
      ssr: fileURLToPath(new URL('./src/public-proposal/server-render.tsx', import.meta.url)),
      outDir: 'dist/.ssr-public',
      emptyOutDir: true,
      manifest: false,
      rollupOptions: { input: undefined },
    },
  }),
);
