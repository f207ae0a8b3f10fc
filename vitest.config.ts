import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: [
      // type-graphql and Apollo load graphql's CJS build; tests must share that one copy.
      { find: /^graphql$/, replacement: 'graphql/index.js' },
      {
        find: /^@rules$/,
        replacement: fileURLToPath(new URL('./schema/rules/index.ts', import.meta.url)),
      },
    ],
  },
  test: {
    include: ['tests/**/*.test.ts'],
    setupFiles: ['tests/helpers/setup.ts'],
    globalSetup: ['tests/helpers/database-templates.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
  },
});
