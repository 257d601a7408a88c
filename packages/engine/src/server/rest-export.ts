import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type http from 'node:http';
import type { Engine } from '../engine';
import { TdCode, toTdError } from '../errors';
import { exportTextWriter, type ExportTextWriter } from '../format/export-text';
import { errorBody } from '../format/rest-body';
import { authorize } from './authorization';

const JSON_TYPE = 'application/json; charset=utf-8';
const FORMATS = new Set(['csv', 'jsonl', 'parquet']);

/** What one POST /rest/export[/{db}] needs from the HTTP layer. */
export interface ExportRequest {
  db?: string;
  format: string | null;
  authorization?: string;
  body: string;
  startedNs: bigint;
  /** aborted when the client disconnects: its query stops */
  signal: AbortSignal;
}

const elapsed = (start: bigint): number => Number(process.hrtime.bigint() - start);

/**
 * POST /rest/export[/{db}]?format=csv|jsonl|parquet (ours, not taosAdapter's; docs/explorer-server.md "Export"):
 * the whole result of one query as a file body, as the authenticated user with their read privileges.
 * CSV and JSON Lines are written chunk by chunk as DuckDB produces them, each write awaited when the socket is
 * full, so a slow reader slows the query and nothing holds the result. Parquet is written by DuckDB's COPY to a
 * temporary file (bounded memory, the file on disk), then sent and deleted.
 * A refusal before the first byte is REST's JSON error body (`application/json`); a failure after it cuts the
 * response, so the reader never takes a truncated file for a whole one.
 */
export async function handleExport(engine: Engine, req: ExportRequest, res: http.ServerResponse): Promise<void> {
  const fail = (status: number, code: number, desc: string): void => {
    const body = Buffer.from(errorBody(code, desc, elapsed(req.startedNs)));
    res.writeHead(status, { 'Content-Type': JSON_TYPE, 'Content-Length': body.length });
    res.end(body);
  };
  const auth = authorize(engine, req.authorization);
  if (!auth.ok) return fail(auth.status, auth.code, auth.desc);
  if (!req.format || !FORMATS.has(req.format)) return fail(400, TdCode.UNKNOWN, 'illegal param, format must be csv, jsonl or parquet');
  const sql = req.body.trim();
  if (sql.length === 0) return fail(400, TdCode.NO_SQL_INPUT, 'no sql input');
  const db = req.db !== undefined && engine.catalog.findDatabase(req.db) ? req.db : undefined;
  const options = { user: auth.user.name, db, signal: req.signal };
  if (req.format === 'parquet') return sendParquet(engine, sql, options, res, fail);

  let writer: ExportTextWriter | undefined;
  try {
    await engine.exportQuery(sql, options, {
      sink: {
        start: (columns, precision) => {
          writer = exportTextWriter(req.format as 'csv' | 'jsonl', columns, precision);
          res.writeHead(200, { 'Content-Type': writer.contentType });
          res.write(writer.head());
        },
        rows: async (rows) => {
          if (!res.write(writer!.rows(rows))) await once(res, 'drain', { signal: req.signal });
        },
      },
    });
    res.end();
  } catch (error) {
    if (!res.headersSent) {
      const e = toTdError(error);
      return fail(200, e.code, e.message);
    }
    res.destroy(error as Error);
  }
}

async function sendParquet(
  engine: Engine,
  sql: string,
  options: { user: string; db?: string; signal: AbortSignal },
  res: http.ServerResponse,
  fail: (status: number, code: number, desc: string) => void,
): Promise<void> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'tscloud-export-'));
  const file = path.join(dir, 'result.parquet');
  try {
    try {
      await engine.exportQuery(sql, options, { parquetFile: file });
    } catch (error) {
      const e = toTdError(error);
      return fail(200, e.code, e.message);
    }
    const { size } = await fs.promises.stat(file);
    res.writeHead(200, { 'Content-Type': 'application/vnd.apache.parquet', 'Content-Length': size });
    await pipeline(fs.createReadStream(file), res).catch((error: unknown) => res.destroy(error as Error));
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
