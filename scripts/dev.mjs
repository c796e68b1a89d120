// `npm run dev`: the server rebuilt and restarted on change, and Vite with hot reload on :5173
// (it proxies /api to the server on :8080).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const children = [];

function start(label, command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) process.stderr.write(`${label} exited with ${code}\n`);
  });
  children.push(child);
}

const build = (project) => spawn(bin('tsc'), ['-p', project], { cwd: root, stdio: 'inherit' });
await new Promise((resolve) => build('packages/contracts/tsconfig.build.json').on('exit', resolve));
await new Promise((resolve) => build('apps/server/tsconfig.build.json').on('exit', resolve));

start('contracts', bin('tsc'), [
  '-p',
  'packages/contracts/tsconfig.build.json',
  '--watch',
  '--preserveWatchOutput',
]);
start('server build', bin('tsc'), [
  '-p',
  'apps/server/tsconfig.build.json',
  '--watch',
  '--preserveWatchOutput',
]);
start('server', process.execPath, ['--watch-path=apps/server/dist', 'apps/server/dist/main.js', 'serve'], {
  env: { ...process.env, NODE_ENV: 'development' },
});
start('web', bin('vite'), [], { cwd: path.join(root, 'apps', 'web') });

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}
