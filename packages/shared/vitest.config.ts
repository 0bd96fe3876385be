import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'shared',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Pure functions and schemas, no state: the files of a worker share its modules (docs/architecture.md#tests).
    isolate: false,
  },
});
