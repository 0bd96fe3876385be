import { defineProject } from 'vitest/config';
import { OWN_PROCESS_FILES, serverResolve } from './vitest.config.ts';

/*
 * The server's test files that change the whole process (vitest.config.ts, OWN_PROCESS_FILES), each in a fresh
 * worker: the `server` project shares its workers between files. No database: these files use none (one that
 * needs it would need the `server` project's globalSetup too). docs/architecture.md#tests.
 */
export default defineProject({
  resolve: serverResolve,
  test: {
    name: 'server-own-process',
    include: OWN_PROCESS_FILES,
    environment: 'node',
    setupFiles: ['./src/test/setup.ts'],
    pool: 'forks',
    isolate: true,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
