import { defineConfig } from 'vitest/config';

// One runner for every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    // Two workers fit the 2-core machines; each server test file holds its own database.
    maxWorkers: 2,
    projects: [
      {
        test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] },
        resolve: { conditions: ['source'] },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
        resolve: { conditions: ['source'] },
        ssr: { resolve: { conditions: ['source'] } },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
