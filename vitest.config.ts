import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'apps/server',
      // The server files that change the whole process, each in a worker of its own (docs/architecture.md#tests).
      'apps/server/vitest.own-process.config.ts',
      'apps/web',
      'scripts',
    ],
  },
});
