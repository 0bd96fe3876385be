// Bundles the server with esbuild: workspace packages (TypeScript source) are inlined, npm packages stay
// external, and the committed migrations are copied beside the bundle.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const here = new URL('.', import.meta.url).pathname;
await rm(`${here}dist`, { recursive: true, force: true });
await build({
  entryPoints: { server: `${here}src/server.ts`, 'cli/superadmin': `${here}src/cli/superadmin.ts` },
  outdir: `${here}dist`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  alias: { '@aceite/shared': `${here}../../packages/shared/src` },
  tsconfig: `${here}tsconfig.json`,
  logLevel: 'warning',
});
await cp(`${here}src/db/migrations`, `${here}dist/migrations`, { recursive: true });
