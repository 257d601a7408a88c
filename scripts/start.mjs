// `npm start`: install what is missing, build the web app when its sources changed, run the server.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { ensureDeps } from './ensure-deps.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
ensureDeps();

function newestMtime(dir) {
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const webDist = join(root, 'packages/web/dist/index.html');
const webSources = ['packages/web/src', 'packages/web/public', 'packages/web/index.html', 'packages/web/vite.config.ts', 'packages/contracts/src'].map((path) => join(root, path));
const stale = !existsSync(webDist) || webSources.some((dir) => newestMtime(dir) > statSync(webDist).mtimeMs);
if (stale) {
  console.log('[tscloud] building the web app…');
  const build = spawnSync('npm', ['run', 'build', '--workspace', 'packages/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The demo account is on unless TSCLOUD_DEMO=0 or `npm start -- --no-demo` (the server reads the flag); the server
// refuses it when HOST is not a loopback address (packages/server/src/platform/demo/exposure.ts).
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'packages/server/src/main.ts'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TSCLOUD_DEMO: process.env.TSCLOUD_DEMO ?? '1' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
