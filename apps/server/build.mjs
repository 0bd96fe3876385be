// Bundles the server with esbuild: workspace packages (TypeScript source) are inlined, npm packages stay
// external, and the committed migrations are copied beside the bundle.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const here = new URL('.', import.meta.url).pathname;
await rm(`${here}dist`, { recursive: true, force: true });
await build({
  // Every entry at the top of dist/, beside migrations/: the bundles find it next to themselves.
  // pdf-worker: the PDF threads' entry (modules/pdf-workers), found by the pool beside dist/server.js.
  entryPoints: {
    server: `${here}src/server.ts`,
    superadmin: `${here}src/cli/superadmin.ts`,
    'pdf-worker': `${here}src/modules/pdf-workers/pdf-worker.ts`,
  },
  outdir: `${here}dist`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  packages: 'external',
  alias: { '@aceite/shared': `${here}../../packages/shared/src` },
  tsconfig: `${here}tsconfig.json`,
  logLevel: 'warning',
});
await cp(`${here}src/db/migrations`, `${here}dist/migrations`, { recursive: true });
