import type { UserDef } from '../catalog/model';
import type { Engine } from '../engine';
import { toTdError } from '../errors';
import { authorize } from './authorization';
import { bodyText } from '../schemaless/body';
import { SmlCode } from '../schemaless/errors';
import type { LineBatch } from '../schemaless/line-protocol/columnar';
import { parseLines } from '../schemaless/line-protocol/parse';
import type { Slab } from '../schemaless/line-protocol/slabs';
import { parseOpenTsdbJson } from '../schemaless/opentsdb/json';
import { parseTelnet } from '../schemaless/opentsdb/telnet';
import type { Point } from '../schemaless/types';

/**
 * The HTTP side of schemaless writes (InfluxDB line protocol, OpenTSDB JSON and telnet; docs/engine-schemaless.md):
 * authentication, parameters and taosAdapter's response bodies. Parsing and writing are the schemaless layer's
 * (src/schemaless) and the engine's `writePoints`.
 */

/** A schemaless request as the HTTP layer hands it over. */
export interface SchemalessRequest {
  path: string;
  query: URLSearchParams;
  authorization?: string;
  /** the raw bytes: line protocol is decoded (and parsed) off the main thread when large */
  body: Uint8Array;
  /** the slab the body was read into (parse-pool's receive), if it was */
  slab?: Slab;
}

export interface SchemalessResponse {
  status: number;
  /** undefined for 204 No Content */
  body?: string;
}

const INFLUX_PATH = /^\/influxdb\/v1\/write\/?$/;
const OPENTSDB_PATH = /^\/opentsdb\/v1\/put\/(json|telnet)\/([^/]+)\/?$/;

/** Whether `path` is one of the schemaless routes (facts §1.7). */
export function isSchemalessPath(path: string): boolean {
  return INFLUX_PATH.test(path) || OPENTSDB_PATH.test(path);
}

/** `[0x3002] Invalid data format: ...`: how taosAdapter prints a TDengine error in these bodies. */
function taosMessage(error: unknown): string {
  const e = toTdError(error);
  return `[0x${(e.code & 0xffff).toString(16)}] ${e.message}`;
}

/** The user of the request: `u`/`p` parameters (InfluxDB only; they win over the header) or the Authorization header. */
function requestUser(engine: Engine, req: SchemalessRequest, allowParams: boolean): UserDef | string {
  const u = allowParams ? req.query.get('u') : null;
  if (u !== null) {
    try {
      return engine.authenticate(u, req.query.get('p') ?? '');
    } catch (error) {
      return toTdError(error).message;
    }
  }
  const auth = authorize(engine, req.authorization);
  return auth.ok ? auth.user : auth.desc;
}

async function write(engine: Engine, user: UserDef, db: string, points: Point[] | LineBatch, query: URLSearchParams): Promise<void> {
  await engine.writePoints(user.name, db, points, query.get('table_name_key') || undefined);
}

/** POST /influxdb/v1/write?db=&precision=&u=&p=&table_name_key=: 204, or taosAdapter's InfluxDB error bodies. */
async function influxWrite(engine: Engine, req: SchemalessRequest): Promise<SchemalessResponse> {
  const json = (status: number, body: object): SchemalessResponse => ({ status, body: JSON.stringify(body) });
  const user = requestUser(engine, req, true);
  if (typeof user === 'string') return json(401, { code: 'forbidden', message: user });
  const db = req.query.get('db');
  if (!db) return json(400, { code: 'not found', message: 'db required', op: 'get db', err: 'db required', line: 0 });
  const precision = req.query.get('precision') || 'ns';
  try {
    // plain requests parse column-major (no Point per line); others, and refusals, the row-by-row way
    const parsed = await engine.lineParser.parse(req.body, precision, req.slab);
    const points = 'batch' in parsed ? parsed.batch : parseLines(parsed.text, precision);
    await write(engine, user, db.toLowerCase(), points, req.query);
    return { status: 204 };
  } catch (error) {
    if (toTdError(error).code === SmlCode.INVALID_PRECISION_TYPE) {
      const message = toTdError(error).message;
      return json(400, { code: 'invalid', message, op: 'parse precision', err: message, line: 0 });
    }
    return json(500, { code: 'internal error', message: taosMessage(error) });
  }
}

/** POST /opentsdb/v1/put/{json|telnet}/{db}: 204, or `{"code": <http status>, "message": "..."}`. */
async function openTsdbPut(engine: Engine, req: SchemalessRequest, form: string, db: string): Promise<SchemalessResponse> {
  const json = (status: number, message: string): SchemalessResponse => ({ status, body: JSON.stringify({ code: status, message }) });
  const user = requestUser(engine, req, false);
  if (typeof user === 'string') return json(401, user);
  const text = bodyText(req.body);
  if (text.trim() === '') return json(400, 'request body is empty');
  try {
    const points = form === 'json' ? parseOpenTsdbJson(text) : parseTelnet(text);
    await write(engine, user, db.toLowerCase(), points, req.query);
    return { status: 204 };
  } catch (error) {
    return json(500, taosMessage(error));
  }
}

/** Answers a request on a schemaless route (see isSchemalessPath). */
export function handleSchemaless(engine: Engine, req: SchemalessRequest): Promise<SchemalessResponse> {
  const tsdb = OPENTSDB_PATH.exec(req.path);
  if (tsdb) return openTsdbPut(engine, req, tsdb[1], decodeURIComponent(tsdb[2]));
  return influxWrite(engine, req);
}
