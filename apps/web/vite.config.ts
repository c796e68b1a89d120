import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/** What only charts and the dropzone use (recharts and its d3, redux and helpers). */
const CHARTS =
  /node_modules[\\/](@mantine[\\/](charts|dropzone)|recharts|victory-vendor|d3-[a-z-]+|internmap|@reduxjs|immer|react-redux|reselect|redux|redux-thunk|decimal\.js-light|es-toolkit|eventemitter3|tiny-invariant|react-dropzone|attr-accept|file-selector)[\\/]/;

export default defineConfig({
  plugins: [react()],
  // `source` makes @sapa/contracts resolve to its TypeScript; the defaults keep browser/ESM builds of packages.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks: an app deploy does not make browsers download React or Mantine again.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine[\\/](?!charts|dropzone)|@floating-ui|react-remove-scroll)/,
              priority: 20,
            },
            {
              name: 'vendor',
              test: (id: string) => /node_modules/.test(id) && !CHARTS.test(id),
              priority: 10,
            },
            // Charts and the file dropzone (with what they pull in) serve lazy screens only: lowest, so the
            // groups above keep what they share, and their own chunk stays out of the login page's entry.
            { name: 'charts', test: CHARTS, priority: 5 },
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
