import type http from 'node:http';
import type { Engine } from '../engine';
import { TdCode, toTdError } from '../errors';
import { errorBody, successBodyPaced } from '../format/rest-body';
import { Pacer } from '../query/exec/pacer';
import { checkTimeZone } from '../format/timestamp';
import { authorize } from './authorization';
import type { Slab } from '../schemaless/line-protocol/slabs';
import { bodyText } from '../schemaless/body';

/** What one POST /rest/sql[/{db}] needs from the HTTP layer. */
export interface SqlRequest {
  db?: string;
  query: URLSearchParams;
  authorization?: string;
  /** the body's text; or, for a large body read into a slab (http-server.ts), its bytes, decoded here when needed */
  body: string | { bytes: Uint8Array; slab: Slab };
  startedNs: bigint;
  /** aborted when the client disconnects: its query stops */
  signal?: AbortSignal;
}

export interface SqlResponse {
  status: number;
  body: string;
}

const elapsed = (start: bigint): number => Number(process.hrtime.bigint() - start);

function isTrue(v: string | null): boolean {
  return v !== null && /^(true|1)$/i.test(v);
}

/** Runs the statement of a REST request and builds the exact taosAdapter response (facts §1). */
export async function handleSql(engine: Engine, req: SqlRequest): Promise<SqlResponse> {
  const fail = (status: number, code: number, desc: string): SqlResponse => ({
    status,
    body: errorBody(code, desc, elapsed(req.startedNs)),
  });
  const auth = authorize(engine, req.authorization);
  if (!auth.ok) return fail(auth.status, auth.code, auth.desc);

  const tz = req.query.get('tz') || undefined;
  const connTz = req.query.get('conn_tz') || undefined;
  for (const zone of [tz, connTz]) {
    if (zone === undefined) continue;
    try {
      checkTimeZone(zone);
    } catch {
      return fail(400, TdCode.UNKNOWN, `unknown time zone ${zone}`);
    }
  }
  const reqId = req.query.get('req_id');
  if (reqId !== null && !/^-?\d+$/.test(reqId)) return fail(400, TdCode.UNKNOWN, 'illegal param, req_id must be numeric');

  // taosAdapter runs `use {db}` first and ignores its failure: a missing database means no current database.
  const db = req.db !== undefined && engine.catalog.findDatabase(req.db) ? req.db : undefined;
  const options = { user: auth.user.name, db, tz: connTz, signal: req.signal };
  try {
    // a body in a slab that is an INSERT of VALUES is decoded and parsed in a parse worker; anything else here
    let result = typeof req.body === 'string' ? undefined : await engine.executeInsertBody(req.body.bytes, req.body.slab, options);
    if (result === undefined) {
      const text = typeof req.body === 'string' ? req.body : bodyText(req.body.bytes);
      if (text.length === 0) return fail(400, TdCode.REQUEST_EMPTY, 'request is empty');
      const sql = text.trim();
      if (sql.length === 0) return fail(400, TdCode.NO_SQL_INPUT, 'no sql input');
      result = await engine.execute(sql, options);
    }
    const body = await successBodyPaced(
      result,
      { tz: connTz ?? tz, rowWithMeta: isTrue(req.query.get('row_with_meta')), timing: isTrue(req.query.get('timing')) ? elapsed(req.startedNs) : undefined },
      new Pacer(req.signal),
    );
    return { status: 200, body };
  } catch (error) {
    const e = toTdError(error);
    return fail(200, e.code, e.message);
  }
}

export async function readBody(req: http.IncomingMessage, limit: number): Promise<string | undefined> {
  const bytes = await readBodyBytes(req, limit);
  return bytes && bodyText(bytes);
}

/** Where a request body is read to: by default chunks are concatenated (the line-protocol route reads into a slab). */
export interface BodySink {
  push(chunk: Buffer): void;
  readonly bytes: Uint8Array;
}

/** The request body as bytes; undefined when it exceeds `limit` (the request is then destroyed). */
export async function readBodyBytes(req: http.IncomingMessage, limit: number, sink?: BodySink): Promise<Uint8Array | undefined> {
  const chunks: Buffer[] = [];
  const into = sink ?? { push: (c: Buffer) => chunks.push(c), get bytes() { return Buffer.concat(chunks); } };
  const complete = await new Promise<boolean>((resolve, reject) => {
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        resolve(false);
        req.destroy();
        return;
      }
      into.push(c);
    });
    req.on('end', () => resolve(true));
    req.on('error', reject);
  });
  return complete ? into.bytes : undefined;
}
