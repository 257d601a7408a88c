import http from 'node:http';
import { withClient } from '../auth/clients';
import type { Engine } from '../engine';
import { TdCode, TdError, toTdError } from '../errors';
import { errorBody } from '../format/rest-body';
import { handleSchemaless, isSchemalessPath } from './schemaless-routes';
import { clientSocket } from './client-socket';
import { handleExport } from './rest-export';
import { handleSql, readBody, readBodyBytes } from './rest-sql';
import { bodyText } from '../schemaless/body';
import { handleTypedInsert } from './typed-insert-route';
import { ServerStats } from './stats';
import { attachTmqWebSocket } from './tmq-ws';

/** Bodies larger than this are refused (TDengine's own SQL limit is far lower). */
const MAX_BODY = 64 * 1024 * 1024;
const MAX_LOGIN_PART = 24;
const JSON_TYPE = 'application/json; charset=utf-8';

/** taosAdapter's REST protocol on Node's http module (facts §1.1). */
export function createRestServer(engine: Engine): { server: http.Server; stats: ServerStats } {
  const stats = new ServerStats();

  const send = (res: http.ServerResponse, status: number, body: string, type = JSON_TYPE): void => {
    const buf = Buffer.from(body);
    stats.bytesOut += buf.length;
    res.writeHead(status, { 'Content-Type': type, 'Content-Length': buf.length, 'Access-Control-Allow-Origin': '*' });
    res.end(buf);
  };

  const server = http.createServer((req, res) => {
    const startedNs = process.hrtime.bigint();
    stats.requests++;
    const url = new URL(req.url ?? '/', 'http://engine');
    const path = url.pathname;
    const route = async (): Promise<void> => {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Headers': 'Authorization, Content-Type',
          'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
        });
        res.end();
        return;
      }
      const sqlMatch = /^\/rest\/sql(?:\/([^/]+))?\/?$/.exec(path);
      if (sqlMatch && req.method === 'POST') {
        // a large body is read into a slab, where a parse worker decodes and parses it when it is an INSERT
        const slab = engine.lineParser.receive(Number(req.headers['content-length']) || 0);
        try {
          const bytes = await readBodyBytes(req, MAX_BODY, slab);
          if (bytes === undefined) {
            send(res, 413, errorBody(TdCode.UNKNOWN, 'request body too large', Number(process.hrtime.bigint() - startedNs)));
            return;
          }
          stats.bytesIn += bytes.length;
          const db = sqlMatch[1] !== undefined ? decodeURIComponent(sqlMatch[1]) : undefined;
          // a client that hangs up before its answer stops its query (nobody would read the result)
          const abandoned = new AbortController();
          res.on('close', () => {
            if (!res.writableFinished) abandoned.abort(new TdError(TdCode.QUERY_KILLED, 'Query killed: client disconnected'));
          });
          const out = await handleSql(engine, {
            db: db?.toLowerCase(),
            query: url.searchParams,
            authorization: req.headers.authorization,
            body: slab ? { bytes, slab: slab.current } : bodyText(bytes),
            startedNs,
            signal: abandoned.signal,
          });
          if (!abandoned.signal.aborted) send(res, out.status, out.body);
        } finally {
          slab?.release();
        }
        return;
      }
      const exportMatch = /^\/rest\/export(?:\/([^/]+))?\/?$/.exec(path);
      if (exportMatch && req.method === 'POST') {
        const body = await readBody(req, MAX_BODY);
        if (body === undefined) {
          send(res, 413, errorBody(TdCode.UNKNOWN, 'request body too large', Number(process.hrtime.bigint() - startedNs)));
          return;
        }
        stats.bytesIn += Buffer.byteLength(body);
        const abandoned = new AbortController();
        res.on('close', () => {
          if (!res.writableFinished) abandoned.abort(new TdError(TdCode.QUERY_KILLED, 'Query killed: client disconnected'));
        });
        const db = exportMatch[1] !== undefined ? decodeURIComponent(exportMatch[1]).toLowerCase() : undefined;
        await handleExport(engine, { db, format: url.searchParams.get('format'), authorization: req.headers.authorization, body, startedNs, signal: abandoned.signal }, res);
        return;
      }
      const typedInsert = /^\/rest\/insert\/([^/]+)\/?$/.exec(path);
      if (typedInsert && req.method === 'POST') {
        const body = await readBodyBytes(req, MAX_BODY);
        if (body === undefined) {
          send(res, 413, errorBody(TdCode.UNKNOWN, 'request body too large', Number(process.hrtime.bigint() - startedNs)));
          return;
        }
        stats.bytesIn += body.length;
        const out = await handleTypedInsert(engine, { db: decodeURIComponent(typedInsert[1]), authorization: req.headers.authorization, body, startedNs });
        send(res, out.status, out.body);
        return;
      }
      const login = /^\/rest\/login\/([^/]+)\/([^/]+)\/?$/.exec(path);
      if (login && req.method === 'GET') {
        const user = decodeURIComponent(login[1]);
        const password = decodeURIComponent(login[2]);
        if (user.length > MAX_LOGIN_PART || password.length > MAX_LOGIN_PART) {
          send(res, 400, errorBody(TdCode.UNKNOWN, 'user or password too long', Number(process.hrtime.bigint() - startedNs)));
          return;
        }
        try {
          send(res, 200, JSON.stringify({ code: 0, desc: engine.loginToken(user, password) }));
        } catch (error) {
          const e = error as { code: number; message: string };
          send(res, e.code === TdCode.IP_NOT_IN_WHITE_LIST ? 403 : 200, JSON.stringify({ code: e.code & 0xffff, desc: e.message }));
        }
        return;
      }
      if (req.method === 'POST' && isSchemalessPath(path)) {
        // a large body is read into a slab, where the parse worker reads it and writes its columns (parse-pool.ts)
        const slab = engine.lineParser.receive(Number(req.headers['content-length']) || 0);
        try {
          const body = await readBodyBytes(req, MAX_BODY, slab);
          if (body === undefined) {
            send(res, 413, JSON.stringify({ code: 413, message: 'request body too large' }));
            return;
          }
          stats.bytesIn += body.length;
          const out = await handleSchemaless(engine, { path, query: url.searchParams, authorization: req.headers.authorization, body, slab: slab?.current });
          if (out.body === undefined) {
            res.writeHead(out.status, { 'Access-Control-Allow-Origin': '*' });
            res.end();
          } else send(res, out.status, out.body);
        } finally {
          slab?.release();
        }
        return;
      }
      if (path === '/-/ping' && (req.method === 'GET' || req.method === 'HEAD')) {
        res.writeHead(200, { 'Content-Length': 0 });
        res.end();
        return;
      }
      if (path === '/-/stats' && req.method === 'GET') {
        send(res, 200, JSON.stringify(stats.snapshot(engine)));
        return;
      }
      send(res, 404, '404 page not found', 'text/plain');
    };
    // logins inside the request check the client's address (white list) and list its connection (perf_connections)
    const client = { socket: clientSocket(engine, req.socket), app: url.searchParams.get('app') ?? undefined, ip: url.searchParams.get('ip') ?? undefined };
    // an unexpected failure goes through the DuckDB boundary: the operator log gets its text, the client only a code
    withClient(client, route).catch((error) => {
      const e = toTdError(error);
      if (!res.headersSent) send(res, 500, errorBody(e.code, e.message, Number(process.hrtime.bigint() - startedNs)));
      else res.destroy();
    });
  });
  attachTmqWebSocket(server, engine);
  return { server, stats };
}
