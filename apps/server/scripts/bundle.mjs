// Bundles the server's own code into `dist/main.js` (issue 19 goal 4, decision 0055): one file to read
// and compile instead of ~360, which is most of a warm start's module loading. Runs after `tsc`, whose
// per-file output stays for the benches that import single modules; packages stay in node_modules.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Packages load from node_modules as before (native and WASM ones such as argon2 and PGlite, and those
 * that read files beside their code such as pdfkit's fonts, must anyway); only the workspace's own
 * contracts are bundled with the server.
 */
const packagesExternal = {
  name: 'packages-external',
  setup(bundler) {
    bundler.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@sapa/') ? undefined : { path: args.path, external: true },
    );
  },
};

// `main.js` loads the app with `import()` while the database opens: a chunk beside it, so its packages
// load then and not before `main.js` runs. Chunks of an earlier build go first.
const dist = path.join(server, 'dist');
for (const file of fs.readdirSync(dist, { withFileTypes: true })) {
  if (file.isFile() && /^chunk-.*\.js(\.map)?$/.test(file.name)) fs.rmSync(path.join(dist, file.name));
}

await build({
  entryPoints: [path.join(server, 'src/main.ts')],
  outdir: dist,
  entryNames: '[name]',
  chunkNames: 'chunk-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [packagesExternal],
  sourcemap: true,
  logLevel: 'warning',
});
