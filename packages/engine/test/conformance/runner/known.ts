import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FileOutcome, StatementOutcome } from './run-file';

/**
 * known-differences.json: `{"<file>#<index>": "<kind>: <group>"}`, the differences accepted today. It is written by
 * `npm run conformance -- --update-known`; listed statements that now match are reported, so the list can shrink.
 * An entry written by hand as `on purpose: <reason>` is a difference the engine keeps deliberately (views, grants the
 * community build does not check): a rewrite keeps its reason while the statement still differs.
 */
export const KNOWN_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'known-differences.json');

export type KnownDifferences = Record<string, string>;

export function statementKey(file: string, index: number): string {
  return `${file}#${index}`;
}

export function loadKnown(): KnownDifferences {
  return fs.existsSync(KNOWN_PATH) ? (JSON.parse(fs.readFileSync(KNOWN_PATH, 'utf8')) as KnownDifferences) : {};
}

const ON_PURPOSE = 'on purpose: ';

export function isOnPurpose(entry: string | undefined): boolean {
  return entry?.startsWith(ON_PURPOSE) ?? false;
}

export function knownEntry(outcome: StatementOutcome): string {
  const d = outcome.difference;
  return d ? `${d.kind}: ${d.group}` : '';
}

/** One key per line, in file and statement order, so that a regenerated list diffs line by line. */
export function writeKnown(files: FileOutcome[]): number {
  const before = loadKnown();
  const lines: string[] = [];
  for (const f of files) {
    for (const o of f.outcomes) {
      if (!o.difference) continue;
      const key = statementKey(f.file, o.statement.index);
      const entry = isOnPurpose(before[key]) ? before[key] : knownEntry(o);
      lines.push(`  ${JSON.stringify(key)}: ${JSON.stringify(entry)}`);
    }
  }
  fs.writeFileSync(KNOWN_PATH, `{\n${lines.join(',\n')}\n}\n`);
  return lines.length;
}

/** A file's outcomes split by the known list: new differences fail, known ones that now match can be dropped. */
export function againstKnown(file: FileOutcome, known: KnownDifferences): { unexpected: StatementOutcome[]; fixed: StatementOutcome[] } {
  const unexpected: StatementOutcome[] = [];
  const fixed: StatementOutcome[] = [];
  for (const o of file.outcomes) {
    const listed = statementKey(file.file, o.statement.index) in known;
    if (o.difference && !listed) unexpected.push(o);
    if (!o.difference && listed) fixed.push(o);
  }
  return { unexpected, fixed };
}
