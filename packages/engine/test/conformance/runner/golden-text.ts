/**
 * Writes golden answers in the corpus format byte for byte (corpus README, "Golden JSON format"): one statement per
 * entry, its response on the next line, and a result's rows one per line. The layout is the one the corpus was
 * written in, so a re-recorded file diffs line by line against the old one.
 */
import type { ExactJson } from './exact-json';
import { exactJsonText } from './exact-json';
import type { GoldenStatement, RestBody } from './golden';
import { isError } from './golden';

export function goldenText(file: string, statements: GoldenStatement[]): string {
  const entries = statements.map((s) => {
    const head: Record<string, ExactJson> = { index: s.index, line: s.line, mode: s.mode };
    if (s.user) head.user = s.user.name;
    Object.assign(head, { sql: s.sql, status: s.status });
    const headText = exactJsonText(head);
    return ` ${headText.slice(0, -1)},\n  "response":${responseText(s.response)}}`;
  });
  return `{"file": ${JSON.stringify(file)}, "statements": [\n${entries.join(',\n')}\n]}\n`;
}

/**
 * A result with rows is written code, column_meta, rows, then the rows one per line; any other body (an error, a
 * meta-only answer, no rows) as one line in the order the REST body has its keys.
 */
function responseText(body: RestBody): string {
  if (isError(body) || !body.data || body.data.length === 0) return exactJsonText(body as unknown as ExactJson);
  const rows = body.data.map((row) => `   ${exactJsonText(row)}`).join(',\n');
  return `{"code":${body.code},"column_meta":${exactJsonText(body.column_meta)},"rows":${body.rows},"data":[\n${rows}]}`;
}
