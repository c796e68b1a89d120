import { fileURLToPath } from 'node:url';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Browser journeys against the built server: `npm run build && vitest run --config e2e/vitest.config.ts`.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  // `source` makes @sapa/contracts resolve to its TypeScript, as in the other projects.
  resolve: { conditions: ['source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['e2e/**/*.spec.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // One server and one browser at a time: the machines have two cores.
    fileParallelism: false,
    maxWorkers: 1,
  },
});
