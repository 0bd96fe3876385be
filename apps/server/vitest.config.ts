import { fileURLToPath } from 'node:url';
import { configDefaults, defineProject } from 'vitest/config';

/** The server's import aliases, shared with the own-process project (vitest.own-process.config.ts). */
export const serverResolve = {
  alias: [
    { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
    {
      find: /^@aceite\/shared\/(.*)$/,
      replacement: `${fileURLToPath(new URL('../../packages/shared/src/', import.meta.url))}$1.ts`,
    },
  ],
};

/**
 * Files that change the whole process for good and so run in a worker of their own (the `server-own-process`
 * project): Sentry's init instruments the process's HTTP for every later file. docs/architecture.md#tests.
 */
export const OWN_PROCESS_FILES = ['src/lib/error-reporting.test.ts'];

export default defineProject({
  resolve: serverResolve,
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...OWN_PROCESS_FILES],
    environment: 'node',
    globalSetup: ['./src/test/global-setup.ts'],
    // Every answer checked against the OpenAPI document (issue 35): src/test/contract.ts.
    setupFiles: ['./src/test/setup.ts'],
    // Every file gets its own database cloned from the migrated template, so files run in parallel.
    pool: 'forks',
    // The files of one worker share its modules (the app, Drizzle, the schemas, the contract's compiled
    // validators are loaded once per worker, not once per file): no file leaves process-wide state behind, and
    // each still builds its own app on its own database. docs/architecture.md#tests.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
