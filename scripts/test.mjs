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

/**
 * Runs a step; alone in its stage its output streams, beside others it is gathered and printed when it ends. Either
 * way the output is kept, so that a failed step's failures can be printed again at the very end (CI logs are often
 * read from their tail, and the browser tests print a lot after the unit tests).
 */
function run(name, command, args, streamed) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    const output = [];
    const keep = (stream) => (chunk) => {
      output.push(chunk);
      if (streamed) stream.write(chunk);
    };
    child.stdout.on('data', keep(process.stdout));
    child.stderr.on('data', keep(process.stderr));
    child.on('close', (code) => {
      const text = Buffer.concat(output).toString();
      if (!streamed) {
        console.log(`\n[tscloud test] ${name}`);
        process.stdout.write(text);
      }
      console.log(`[tscloud test] ${name}: ${code === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
      resolve({ ok: code === 0, text });
    });
  });
}

/** The part of a failed step's output that says what failed: vitest's and Playwright's failure sections, or the tail. */
function failureSummary(text) {
  // eslint-disable-next-line no-control-regex
  const lines = text.replace(/\u001b\[[0-9;]*m/g, '').split('\n');
  // vitest names each file with a failed test on one line ("❯  server  test/x.test.ts (2 tests | 1 failed) 90ms"),
  // also when its own failure section is not printed
  const failingFiles = lines.filter((line) => /^\s*❯ .*\|\s*\d+ failed\)/.test(line));
  const start = lines.findIndex((line) => /⎯{3,} (Failed|Unhandled)|^\s+\d+ failed$|^\s*FAIL\s/.test(line));
  const from = start >= 0 ? start : Math.max(0, lines.length - 80);
  return [...failingFiles, ...(failingFiles.length ? [''] : []), ...lines.slice(from, from + 400)].join('\n');
}

const failed = [];
let passed = 0;
for (const stage of stages) {
  const steps = stage.filter(([name]) => !only || only === name);
  if (steps.length === 1) console.log(`\n[tscloud test] ${steps[0][0]}`);
  const results = await Promise.all(steps.map(([name, [command, args]]) => run(name, command, args, steps.length === 1)));
  results.forEach(({ ok, text }, i) => (ok ? (passed += 1) : failed.push({ name: steps[i][0], text })));
}
for (const { name, text } of failed) console.log(`\n[tscloud test] what failed in ${name}:\n${failureSummary(text)}`);
const names = failed.map(({ name }) => name).join(', ');
console.log(`\n[tscloud test] steps: ${passed} passed, ${failed.length} failed${failed.length ? ` (${names})` : ''}`);
process.exit(failed.length ? 1 : 0);
