import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // `source` makes @sapa/contracts resolve to its TypeScript; the defaults keep browser/ESM builds of packages.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each lazy module needs (bench/web-entry.mjs follows the login
    // page's and the language chunks from it).
    manifest: true,
    rolldownOptions: {
      output: {
        // React is a long-lived chunk every page needs: an app deploy does not make browsers download it
        // again. Everything else splits by what imports it, so a library only a lazy screen uses (charts,
        // dates, dropzone) never joins what the login page loads (issue 19: forcing all of Mantine and
        // every other package into two preloaded chunks made that 489 kB gzip).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080', '/ws': { target: 'ws://localhost:8080', ws: true } },
  },
});
