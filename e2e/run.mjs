// Runs the browser tests with Debian's Chromium. Without Chromium they are skipped with the reason printed,
// except in CI (CI=true), where a missing browser fails the run.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  if (process.env.CI === 'true') {
    console.error(`[e2e] Chromium is missing at ${chromium}; CI requires it (apt-get install chromium)`);
    process.exit(1);
  }
  console.log(`[e2e] skipped: Chromium is not installed at ${chromium} (apt-get install chromium)`);
  process.exit(0);
}
const specs = existsSync(join(here, 'tests')) ? readdirSync(join(here, 'tests')).filter((f) => f.endsWith('.spec.ts')) : [];
if (specs.length === 0) {
  console.log('[e2e] no browser tests yet');
  process.exit(0);
}
// The console serves the built web app. It is built into a directory of this run (the server's WEB_DIST): a build of
// packages/web/dist by someone else in the same tree would otherwise swap the files under a running test.
const webDist = mkdtempSync(join(tmpdir(), 'tscloud-e2e-web-'));
const build = spawnSync('npm', ['run', 'build', '--workspace', 'packages/web', '--', '--outDir', webDist, '--emptyOutDir'], { cwd: join(here, '..'), stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
// Extra arguments go to Playwright (a spec file filter: `node e2e/run.mjs explorer-walk`).
const result = spawnSync('npx', ['playwright', 'test', '--config', join(here, 'playwright.config.ts'), ...process.argv.slice(2)], {
  cwd: here,
  stdio: 'inherit',
  env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', WEB_DIST: webDist },
});
rmSync(webDist, { recursive: true, force: true });
process.exit(result.status ?? 1);
