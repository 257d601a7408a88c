import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Orders the test files longest first across all projects, from the durations of an earlier full run
 * (scripts/test-durations.json, written by `node scripts/test-durations.mjs` from vitest's cache after `npm test`).
 * Vitest's own order runs the projects one after another and, on a clean clone with no cache, the files of each by
 * size: the longest web screen walks then start last and one of the two workers waits idle for minutes at the end.
 * A file the list does not know runs first (it may be long); without the list the order is vitest's.
 */
const DURATIONS_FILE = new URL('./test-durations.json', import.meta.url);

function readDurations(): Record<string, number> | null {
  if (!existsSync(DURATIONS_FILE)) return null;
  return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
}

export class LongestFirstSequencer extends BaseSequencer {
  private readonly durations = readDurations();

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durations = this.durations;
    if (!durations) return super.sort(files);
    const root = this.ctx.config.root;
    const keyOf = (file: TestSpecification) => `${file.project.name}:${relative(root, file.moduleId)}`;
    const durationOf = (file: TestSpecification) => durations[keyOf(file)] ?? Number.POSITIVE_INFINITY;
    return [...files].sort((a, b) => durationOf(b) - durationOf(a));
  }
}
