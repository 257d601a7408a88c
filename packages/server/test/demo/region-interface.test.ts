import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const srcDir = fileURLToPath(new URL('../../src', import.meta.url));
const regionDir = join(srcDir, 'region');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(dir, name));
}

/** Relative import specifiers of a file (static imports and re-exports), resolved to paths under src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'/g)].map((match) => resolve(dirname(file), match[1]));
}

describe('the region area is reached through its public interface (region/index.ts)', () => {
  it('no platform file, main.ts or ops file imports a file inside region/ (the demo seeds through seedInstance)', () => {
    const outside = [...sourceFiles(join(srcDir, 'platform')), ...sourceFiles(join(srcDir, 'ops')), join(srcDir, 'main.ts')];
    const reachingIn = outside.flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith(regionDir + '/'))
        .map((target) => `${relative(srcDir, file)} -> ${relative(srcDir, target)}`),
    );
    expect(reachingIn).toEqual([]);
  });
});
