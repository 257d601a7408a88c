import type { ResultColumn, StatementResult } from './result';
import { cellJson } from './values';

export interface BodyOptions {
  /** IANA zone for TIMESTAMP output; UTC (`Z`) when absent. */
  tz?: string;
  rowWithMeta?: boolean;
  /** nanoseconds, appended as `"timing"` when given */
  timing?: number;
}

const AFFECTED_META: ResultColumn = { name: 'affected_rows', type: 'INT', length: 4 };

/** The success body of POST /rest/sql, byte-compatible with taosAdapter (facts §1.4). */
export function successBody(result: StatementResult, opts: BodyOptions = {}): string {
  const body = bodyShape(result, opts);
  return body.wrap(body.rows.map(body.rowJson).join(','));
}

/**
 * The same body built in slices that give the event loop back (a large result is not serialized in one go). `pace` is
 * the query's Pacer (query/exec/pacer.ts), described by shape here because formats sit below the query layer.
 */
export async function successBodyPaced(result: StatementResult, opts: BodyOptions, pace: { due(): boolean; pause(): Promise<void> }): Promise<string> {
  const body = bodyShape(result, opts);
  const parts: string[] = new Array(body.rows.length);
  for (let i = 0; i < body.rows.length; i++) {
    if (pace.due()) await pace.pause();
    parts[i] = body.rowJson(body.rows[i]);
  }
  return body.wrap(parts.join(','));
}

function bodyShape(result: StatementResult, opts: BodyOptions) {
  const columns = result.kind === 'affected' ? [AFFECTED_META] : result.columns;
  const rows = result.kind === 'affected' ? [[result.affectedRows]] : result.rows;
  const precision = result.kind === 'affected' ? 'ms' : result.precision;
  const meta = columns.map((c) => `[${JSON.stringify(c.name)},${JSON.stringify(c.type)},${c.length}]`).join(',');
  const names = columns.map((c) => JSON.stringify(c.name));
  const rowJson = (row: unknown[]): string => {
    const cells = columns.map((c, i) => cellJson(row[i], c.type, precision, opts.tz));
    return opts.rowWithMeta ? `{${cells.map((v, i) => `${names[i]}:${v}`).join(',')}}` : `[${cells.join(',')}]`;
  };
  const timing = opts.timing !== undefined ? `,"timing":${opts.timing}` : '';
  const wrap = (data: string): string => `{"code":0,"column_meta":[${meta}],"data":[${data}],"rows":${rows.length}${timing}}`;
  return { rows, rowJson, wrap };
}

/** The error body: code masked to 16 bits, desc, timing in ns (facts §1.5). */
export function errorBody(code: number, desc: string, timing: number): string {
  return `{"code":${code & 0xffff},"desc":${JSON.stringify(desc)},"timing":${timing}}`;
}
