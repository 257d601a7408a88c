/**
 * `npm run conformance [-- options]`: runs the conformance corpus on the engine and prints the exact-match figures.
 *   --file NN        only the case files whose name starts with NN, with every differing statement's diff
 *   --kinds          differences grouped by kind and, within a kind, by what differs (the worklist)
 *   --update-known   rewrite known-differences.json with today's differences
 *   --jobs N         case files run at the same time (default 1: on a busy 2-core machine 2 or 4 saved nothing)
 *   --record URL     instead of running the engine: record the golden answers of the case files (all, or those of
 *                    --file NN) from the REST server at URL (a real TDengine 3.3.7.5: http://127.0.0.1:6041)
 */
import { caseFiles } from './runner/golden';
import { againstKnown, isOnPurpose, KNOWN_PATH, loadKnown, writeKnown } from './runner/known';
import { differenceText, kindsReport, perFileTable } from './runner/report';
import { recordCaseFile } from './runner/record';
import { runCaseFiles } from './runner/run-file';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}
const flag = (name: string): boolean => process.argv.includes(name);

const KEYS_SHOWN = 30;
function keysText(keys: string[]): string {
  return keys.slice(0, KEYS_SHOWN).join(' ') + (keys.length > KEYS_SHOWN ? ` … (--file NN shows each)` : '');
}

const only = option('--file');
const files = caseFiles().filter((f) => only === undefined || f.startsWith(only));
if (files.length === 0) {
  console.error(`no case file starts with ${only}`);
  process.exit(2);
}
if (flag('--update-known') && only !== undefined) {
  console.error('--update-known rewrites the whole list: run it without --file');
  process.exit(2);
}

const recordFrom = option('--record');
if (recordFrom !== undefined) {
  await recordGoldens(recordFrom, files);
  process.exit(process.exitCode ?? 0);
}

/** Records each file (twice, see record.ts) and prints its figures; an unstable statement fails the command. */
async function recordGoldens(baseUrl: string, names: string[]): Promise<void> {
  for (const file of names) {
    const { statements, unstable } = await recordCaseFile(baseUrl, file);
    const errors = statements.filter((s) => s.response.code !== 0).length;
    console.log(`${file.padEnd(36)} ${String(statements.length).padStart(4)} statements, ${String(errors).padStart(3)} errors recorded`);
    for (const s of unstable) console.log(`  unstable between two recordings: #${s.index} (line ${s.line}, ${s.mode}) ${s.sql}`);
    if (unstable.length > 0) process.exitCode = 1;
  }
}

const started = Date.now();
const outcomes = await runCaseFiles(files, Number(option('--jobs') ?? 1));

if (only !== undefined) {
  for (const f of outcomes) for (const o of f.outcomes) if (o.difference) console.log(`${differenceText(f.file, o)}\n`);
}
console.log(perFileTable(outcomes));
console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
if (flag('--kinds')) console.log(`\n${kindsReport(outcomes)}`);

if (flag('--update-known')) {
  console.log(`\n${KNOWN_PATH}: ${writeKnown(outcomes)} known differences written`);
} else {
  const known = loadKnown();
  const onPurpose = Object.values(known).filter(isOnPurpose).length;
  if (onPurpose > 0) console.log(`\nknown differences kept on purpose (the list's "on purpose:" reasons): ${onPurpose}`);
  const unexpected = outcomes.flatMap((f) => againstKnown(f, known).unexpected.map((o) => `${f.file}#${o.statement.index}`));
  const fixed = outcomes.flatMap((f) => againstKnown(f, known).fixed.map((o) => `${f.file}#${o.statement.index}`));
  if (fixed.length > 0) console.log(`\nnow matching, can leave the known list (${fixed.length}): ${keysText(fixed)}`);
  if (unexpected.length > 0) {
    console.log(`\nnew differences, not in the known list (${unexpected.length}): ${keysText(unexpected)}`);
    process.exitCode = 1;
  }
}
