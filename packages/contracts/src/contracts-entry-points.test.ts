/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';

// Read as text through Vite, like the files on disk (contracts compile without Node's types).
const indexes = import.meta.glob<string>(['./index.ts', './*/index.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const folders = Object.keys(
  import.meta.glob(['./*/*.ts', '!./*/*.test.ts', '!./*/index.ts'], { query: '?url', eager: true }),
).map((file) => file.split('/')[1] as string);
const packageJson = Object.values(
  import.meta.glob<string>('../package.json', { query: '?raw', import: 'default', eager: true }),
)[0] as string;

/** The files an index re-exports (`export * from './…'`), as paths relative to `src`. */
function reExports(indexFile: string): string[] {
  const folder = indexFile.split('/').slice(1, -1).join('/');
  return [...(indexes[indexFile] ?? '').matchAll(/^export \* from '\.\/([^']+)';$/gm)]
    .map((match) => (folder ? `${folder}/${match[1]}` : (match[1] as string)))
    .sort();
}

const rootFiles = reExports('./index.ts');
const areas = [...new Set(rootFiles.filter((file) => file.includes('/')).map((file) => file.split('/')[0]))];

describe('contracts entry points (`@sapa/contracts/<area>`, issue 19)', () => {
  it('give every area of the root index its own index re-exporting the same files', () => {
    expect(areas.length).toBeGreaterThan(10);
    for (const area of areas) {
      const inRoot = rootFiles.filter((file) => file.startsWith(`${area}/`));
      // A file added to the root index must be added to its area's index too (and the other way round).
      expect(reExports(`./${area}/index.ts`), `src/${area}/index.ts`).toEqual(inRoot);
    }
  });

  it('leave no area folder out of the root index', () => {
    for (const folder of new Set(folders)) expect(areas, folder).toContain(folder);
  });

  it('export through each area what the root exports from it', async () => {
    const root: Record<string, unknown> = await import('./index.js');
    const modules = import.meta.glob<Record<string, unknown>>('./*/index.ts', { eager: true });
    for (const area of areas) {
      const module = modules[`./${area}/index.ts`] ?? {};
      expect(Object.keys(module).length, area).toBeGreaterThan(0);
      for (const [name, value] of Object.entries(module)) expect(root[name], name).toBe(value);
    }
  });

  it('map `@sapa/contracts/<area>` to the index of that area in the package exports', () => {
    const { exports } = JSON.parse(packageJson) as {
      exports: Record<string, Record<'source' | 'types' | 'default', string>>;
    };
    expect(exports['./*']).toEqual({
      source: './src/*/index.ts',
      types: './dist/*/index.d.ts',
      default: './dist/*/index.js',
    });
    expect(exports['./errors']?.source).toBe('./src/errors.ts');
    expect(exports['.']?.source).toBe('./src/index.ts');
  });
});
