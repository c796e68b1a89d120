// The JavaScript the login page loads before anything else: the entry script and the chunks
// index.html preloads, each gzipped (level 9), from a built web app (`npm run build -w apps/web`).
// Usage: node bench/entry-size.mjs   → one line per file and the total in bytes.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
const html = readFileSync(`${dist}index.html`, 'utf8');
const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
let total = 0;
for (const file of files) {
  const size = gzipSync(readFileSync(`${dist}${file}`), { level: 9 }).length;
  total += size;
  console.log(`${String(size).padStart(8)}  ${file}`);
}
console.log(`${String(total).padStart(8)}  total (gzip -9)`);
