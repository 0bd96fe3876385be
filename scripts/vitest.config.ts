import { defineProject } from 'vitest/config';

// Tests of the repository's own tooling (lint boundaries); the built commands have node's runner instead.
export default defineProject({
  test: { name: 'scripts', include: ['*.test.ts'], environment: 'node', testTimeout: 60_000 },
});
