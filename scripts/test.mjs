// `npm test`: every check of the project in one command. Type check, lint, import rules, unit and route tests
// (vitest), then the browser tests (Playwright with Debian's Chromium). Exits non-zero when any fails.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { ensureDeps } from './ensure-deps.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
ensureDeps();

const only = process.argv[2];
const steps = [
  ['typecheck', ['node', ['scripts/typecheck.mjs']]],
  ['lint', ['npx', ['eslint', '.', '--max-warnings', '0']]],
  // import rules (.dependency-cruiser.cjs): no value import circles, engine layers downward, web data without UI
  ['deps', ['npx', ['depcruise', 'packages', 'e2e', 'bench', '--config', '.dependency-cruiser.cjs', '--output-type', 'err']]],
  ['unit', ['npx', ['vitest', 'run', ...process.argv.slice(3)]]],
  ['e2e', ['node', ['e2e/run.mjs']]],
];

const failed = [];
let passed = 0;
for (const [name, [command, args]] of steps) {
  if (only && only !== name) continue;
  console.log(`\n[tscloud test] ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status === 0) passed += 1;
  else failed.push(name);
}
console.log(`\n[tscloud test] steps: ${passed} passed, ${failed.length} failed${failed.length ? ` (${failed.join(', ')})` : ''}`);
process.exit(failed.length ? 1 : 0);
