import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Orders the test files by project, and longest first within each, from the durations of an earlier full run
 * (scripts/test-durations.json, written by `node scripts/test-durations.mjs` from vitest's cache after `npm test`).
 * A project's files stay together because a worker keeps its module graph (isolate: false) only while the next file
 * is of the same project: interleaved, every switch started a new worker and imported the package again. The projects
 * go by their longest file, longest first, so the run ends on short files: vitest's own order, on a clean clone with
 * no cache, ran the longest web screen walks last while the other worker waited idle for minutes. A file the list does
 * not know runs first in its project (it may be long); without the list the order is vitest's.
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
    const longestOf = new Map<string, number>();
    for (const file of files) longestOf.set(file.project.name, Math.max(longestOf.get(file.project.name) ?? 0, durationOf(file)));
    const projectRank = (file: TestSpecification) => longestOf.get(file.project.name)!;
    return [...files].sort(
      (a, b) => projectRank(b) - projectRank(a) || a.project.name.localeCompare(b.project.name) || durationOf(b) - durationOf(a),
    );
  }
}
