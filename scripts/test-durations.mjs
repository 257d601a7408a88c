// Writes scripts/test-durations.json (the order of scripts/test-order.ts) from vitest's cache of the last run:
// `npm test` (or `npx vitest run`) first, then `node scripts/test-durations.mjs`. Seconds, one decimal.
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const cacheDir = join('node_modules', '.vite', 'vitest');
if (!existsSync(cacheDir)) {
  console.error(`no vitest cache at ${cacheDir}: run the tests first`);
  process.exit(1);
}
const durations = {};
for (const entry of readdirSync(cacheDir)) {
  const file = join(cacheDir, entry, 'results.json');
  if (!existsSync(file)) continue;
  // vitest keeps [key, { duration, failed }] pairs; the key is `<project>:<path from the root of the run>`
  const { results } = JSON.parse(readFileSync(file, 'utf8'));
  for (const [key, result] of Array.isArray(results) ? results : Object.entries(results ?? {})) {
    if (result && typeof result.duration === 'number') durations[key] = Math.round(result.duration / 100) / 10;
  }
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([, a], [, b]) => b - a));
writeFileSync(join('scripts', 'test-durations.json'), `${JSON.stringify(sorted, null, 1)}\n`);
console.log(`${Object.keys(sorted).length} files written to scripts/test-durations.json`);
