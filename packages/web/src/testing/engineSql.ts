import { TdError, errorBody, successBody, type Engine } from 'tscloud-engine';
import type { SqlResult } from '@tscloud/contracts';

/**
 * A statement run on a real engine, answered as the server's SQL call answers it (code 0 with column_meta and
 * rows, or the engine's message as `desc`): for screen tests whose test server stands in for the region's SQL
 * call. Test-only helper.
 */
export async function engineSqlResult(engine: Engine, sql: string, user = 'root'): Promise<SqlResult> {
  try {
    const r = await engine.execute(sql, { user });
    const plain = (v: unknown) => (typeof v === 'bigint' ? Number(v) : v);
    if (r.kind === 'affected') return { code: 0, column_meta: [['affected_rows', 'INT', 4]], data: [[r.affectedRows]], rows: 1 };
    return { code: 0, column_meta: r.columns.map((c) => [c.name, c.type, c.length]), data: r.rows.map((row) => row.map(plain)), rows: r.rows.length };
  } catch (error) {
    return { code: 9999, desc: (error as Error).message, column_meta: [], data: [], rows: 0 };
  }
}

/**
 * The same statement answered as the server's SQL call answers it, as text: the envelope around the engine's own
 * REST body, every digit of a BIGINT and a nanosecond timestamp as the engine wrote them (what the server passes
 * on, issue 13 item 1). For tests of how the web app reads that text. `db`: the call's current database (REST
 * `/rest/sql/{db}`). Test-only helper.
 */
export async function engineSqlEnvelopeText(engine: Engine, sql: string, user = 'root', db?: string): Promise<string> {
  let body: string;
  try {
    body = successBody(await engine.execute(sql, { user, ...(db ? { db } : {}) }));
  } catch (error) {
    body = errorBody(error instanceof TdError ? error.code : 9999, (error as Error).message, 0);
  }
  return `{"code":200,"message":"success","data":${body}}`;
}
