import { fileURLToPath } from 'node:url';

/**
 * A path under `apps/server`, from the calling module's `import.meta.url`. Sources and tsc's output sit
 * one folder down (`src/platform/x.ts`, `dist/platform/x.js`); the bundled server is `dist/main.js`
 * itself (decision 0055), so the same code finds the same folder either way.
 */
export function fromServerRoot(moduleUrl: string, relative: string): string {
  const root = /\/(?:src|dist)\/[^/]+$/.test(moduleUrl) ? '../' : '../../';
  return fileURLToPath(new URL(`${root}${relative}`, moduleUrl));
}
