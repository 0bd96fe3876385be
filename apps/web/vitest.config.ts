import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
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
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // jsdom + user-event are slow on a busy 2-core machine; generous limits keep the suite deterministic.
    testTimeout: 30_000,
  },
});
