import { defineConfig } from 'vitest/config';
import { sharedAliases } from './shared-paths.mjs';

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: sharedAliases },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias: sharedAliases },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts', 'tests/realtime/**/*.test.ts'],
          environment: 'node',
          // One embedded PostgreSQL for the run; every test file clones its own database from a migrated template.
          globalSetup: ['tests/helpers/global-database.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
