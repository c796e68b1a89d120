// The JavaScript a browser loads before the login page can draw: the entry script of
// apps/web/dist/index.html and every module it preloads, each gzipped (level 9) as a server would send
// it. Run after `npm run build -w apps/web` (or with BENCH_BUILD=1 to build first).
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
if (process.env.BENCH_BUILD === '1') execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((match) => match[1]);
const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map(
  (match) => match[1],
);
const files = [...new Set([...scripts, ...preloads])];
let raw = 0;
let gzip = 0;
const rows = files.map((file) => {
  const bytes = readFileSync(path.join(dist, file.replace(/^\//, '')));
  const zipped = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gzip += zipped;
  return {
    file: path.basename(file),
    kB: (bytes.length / 1024).toFixed(1),
    gzipKB: (zipped / 1024).toFixed(1),
  };
});
console.table(rows);
const target = 200;
console.log(
  `login entry JavaScript: ${(raw / 1024).toFixed(1)} kB, ${(gzip / 1024).toFixed(1)} kB gzip ` +
    `(target ≤ ${target} kB gzip: ${gzip / 1024 <= target ? 'met' : 'not met'})`,
);
