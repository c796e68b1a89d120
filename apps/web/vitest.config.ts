import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  // `source` makes @sapa/contracts resolve to its TypeScript; the defaults keep ESM builds of packages.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Journeys through the real route table load screens lazily and type into forms; two shared cores.
    testTimeout: 30_000,
  },
});
