// `npm test`: every check of the project in one command. Type check, lint, import rules, unit and route tests
// (vitest), then the browser tests (Playwright with Debian's Chromium). Exits non-zero when any fails.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { ensureDeps } from './ensure-deps.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
ensureDeps();

const only = process.argv[2];
/**
 * Stages run one after another; the steps of a stage run side by side. The static checks are single-threaded and
 * share nothing, so together they use both of CI's cores; each one's output is printed whole when it ends.
 */
const stages = [
  [
    ['typecheck', ['node', ['scripts/typecheck.mjs']]],
    ['lint', ['npx', ['eslint', '.', '--max-warnings', '0']]],
    // import rules (.dependency-cruiser.cjs): no value import circles, engine layers downward, web data without UI
    ['deps', ['npx', ['depcruise', 'packages', 'e2e', 'bench', '--config', '.dependency-cruiser.cjs', '--output-type', 'err']]],
  ],
  [['unit', ['npx', ['vitest', 'run', ...process.argv.slice(3)]]]],
  [['e2e', ['node', ['e2e/run.mjs']]]],
];

/** Runs a step; alone in its stage its output streams, beside others it is gathered and printed when it ends. */
function run(name, command, args, streamed) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: root, stdio: streamed ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: process.env });
    const output = [];
    if (!streamed) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    child.on('close', (code) => {
      if (!streamed) {
        console.log(`\n[tscloud test] ${name}`);
        process.stdout.write(Buffer.concat(output));
      }
      console.log(`[tscloud test] ${name}: ${code === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
      resolve(code === 0);
    });
  });
}

const failed = [];
let passed = 0;
for (const stage of stages) {
  const steps = stage.filter(([name]) => !only || only === name);
  if (steps.length === 1) console.log(`\n[tscloud test] ${steps[0][0]}`);
  const results = await Promise.all(steps.map(([name, [command, args]]) => run(name, command, args, steps.length === 1)));
  results.forEach((ok, i) => (ok ? (passed += 1) : failed.push(steps[i][0])));
}
console.log(`\n[tscloud test] steps: ${passed} passed, ${failed.length} failed${failed.length ? ` (${failed.join(', ')})` : ''}`);
process.exit(failed.length ? 1 : 0);
