import type { DifferenceKind } from './compare';
import { jsonText } from './compare';
import type { FileOutcome, StatementOutcome } from './run-file';

export function matched(file: FileOutcome): number {
  return file.outcomes.filter((o) => !o.difference).length;
}

export function percent(part: number, whole: number): string {
  return `${((100 * part) / Math.max(whole, 1)).toFixed(1)}%`;
}

/** A differing statement as a reader needs it: where, the SQL, what TDengine answered and what the engine did. */
export function differenceText(file: string, o: StatementOutcome): string {
  const d = o.difference;
  if (!d) return '';
  const s = o.statement;
  return [
    `${file}#${s.index} (line ${s.line}, ${s.mode}) ${d.kind}: ${d.group}`,
    `  sql:      ${s.sql}`,
    `  detail:   ${d.detail}`,
    `  expected: ${jsonText(s.response)}`,
    `  got:      ${jsonText(o.got.response)}`,
  ].join('\n');
}

export function perFileTable(files: FileOutcome[]): string {
  const lines = files.map((f) => `${f.file.padEnd(36)} ${String(matched(f)).padStart(4)} / ${String(f.outcomes.length).padStart(4)}  ${percent(matched(f), f.outcomes.length).padStart(6)}`);
  const ok = files.reduce((n, f) => n + matched(f), 0);
  const all = files.reduce((n, f) => n + f.outcomes.length, 0);
  lines.push(`${'total'.padEnd(36)} ${String(ok).padStart(4)} / ${String(all).padStart(4)}  ${percent(ok, all).padStart(6)}`);
  return lines.join('\n');
}

/** Differences counted by kind, then by group within a kind (largest first), with up to `examples` keys each. */
export function kindsReport(files: FileOutcome[], examples = 3): string {
  const byKind = new Map<DifferenceKind, Map<string, string[]>>();
  for (const f of files) {
    for (const o of f.outcomes) {
      const d = o.difference;
      if (!d) continue;
      const groups = byKind.get(d.kind) ?? new Map<string, string[]>();
      byKind.set(d.kind, groups);
      groups.set(d.group, [...(groups.get(d.group) ?? []), `${f.file.replace(/\.sql$/, '')}#${o.statement.index}`]);
    }
  }
  const size = (groups: Map<string, string[]>) => [...groups.values()].reduce((n, keys) => n + keys.length, 0);
  const lines: string[] = [];
  for (const [kind, groups] of [...byKind].sort((a, b) => size(b[1]) - size(a[1]))) {
    lines.push(`${kind}: ${size(groups)}`);
    for (const [group, keys] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
      const shown = keys.slice(0, examples).join(' ') + (keys.length > examples ? ' …' : '');
      lines.push(`  ${String(keys.length).padStart(4)}  ${group}   [${shown}]`);
    }
  }
  return lines.join('\n');
}
