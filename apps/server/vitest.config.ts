import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: {
    alias: [
      { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
      {
        find: /^@aceite\/shared\/(.*)$/,
        replacement: `${fileURLToPath(new URL('../../packages/shared/src/', import.meta.url))}$1.ts`,
      },
    ],
  },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./src/test/global-setup.ts'],
    // Every answer checked against the OpenAPI document (issue 35): src/test/contract.ts.
    setupFiles: ['./src/test/setup.ts'],
    // Every file gets its own database cloned from the migrated template, so files run in parallel.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
