// `npm start`: install if needed, build what is stale, then serve. Node built-ins only, because it
// runs before dependencies exist.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

function run(args, label) {
  process.stdout.write(`\n> ${label}\n`);
  // npm sets npm_execpath when it runs this script; a plain `node scripts/start.mjs` falls back to `npm`.
  const npmCli = process.env.npm_execpath;
  const result = npmCli
    ? spawnSync(process.execPath, [npmCli, ...args], { cwd: root, stdio: 'inherit' })
    : spawnSync('npm', args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) {
    process.stderr.write(`\n${label} failed (exit ${result.status ?? result.signal}).\n`);
    process.exit(result.status ?? 1);
  }
}

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

const newestUnder = new Map();
/**
 * Newest modification time under the given files and folders, skipping outputs and dependencies. Each
 * path is walked once per start (the contracts' sources feed all three builds).
 */
function newest(paths) {
  let latest = 0;
  const visit = (entry) => {
    const stat = fs.statSync(entry, { throwIfNoEntry: false });
    if (!stat) return 0;
    if (!stat.isDirectory()) return stat.mtimeMs;
    let inner = 0;
    for (const child of fs.readdirSync(entry)) {
      if (child === 'node_modules' || child === 'dist') continue;
      inner = Math.max(inner, visit(path.join(entry, child)));
    }
    return inner;
  };
  for (const entry of paths) {
    if (!newestUnder.has(entry)) newestUnder.set(entry, visit(at(entry)));
    latest = Math.max(latest, newestUnder.get(entry));
  }
  return latest;
}

const lock = at('package-lock.json');
const installed = at('node_modules', '.package-lock.json');
if (!fs.existsSync(installed) || mtime(lock) > mtime(installed)) {
  run(['ci', '--no-audit', '--no-fund'], 'Installing dependencies (first start only)');
}

const builds = [
  {
    workspace: 'packages/contracts',
    output: 'packages/contracts/dist/index.js',
    inputs: ['packages/contracts/src', 'packages/contracts/tsconfig.json', 'tsconfig.base.json'],
  },
  {
    workspace: 'apps/server',
    output: 'apps/server/dist/main.js',
    inputs: [
      'apps/server/src',
      'apps/server/scripts',
      'apps/server/tsconfig.json',
      'packages/contracts/src',
      'tsconfig.base.json',
    ],
  },
  {
    workspace: 'apps/web',
    output: 'apps/web/dist/index.html',
    inputs: ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contracts/src'],
  },
];
for (const build of builds) {
  if (mtime(at(build.output)) < newest(build.inputs)) {
    run(['run', 'build', '-w', build.workspace], `Building ${build.workspace}`);
  }
}

if (process.env.SAPA_START_TIMING === '1') {
  process.stderr.write(
    `[start] npm start checks: ${Math.round(performance.now())} ms since this process began\n`,
  );
}
process.argv.splice(2, process.argv.length, 'serve');
await import(pathToFileURL(at('apps', 'server', 'dist', 'main.js')).href);
