import type { TenantNamespace } from '../clusters/tenant-guard';

/** What the gateway does with a request to an instance on a TDengine cluster (docs/clusters.md, decision 4). */
export type TenantRoute =
  /** A statement: through the tenant SQL guard, in the server. */
  | { kind: 'sql'; db: string | undefined }
  /** Forwarded as bytes, its database named in the namespace; `writes`: a schemaless write (its points are counted). */
  | { kind: 'forward'; path: string; search: URLSearchParams; writes?: 'lines' | 'json' }
  /** Nothing the guard can read: not forwarded. */
  | { kind: 'refused'; reason: string };

const SQL = /^rest\/sql(?:\/([^/]+))?$/;
const OPENTSDB = /^(opentsdb\/v1\/put\/(?:json|telnet))\/([^/]+)$/;

/**
 * The route of a gateway path for a tenant: SQL goes through the guard; schemaless writes carry only a database
 * name, which is mapped; ping passes. Anything else (the TMQ WebSocket, the engine's own export and stats calls)
 * would reach the cluster unread and is refused until it has a guarded path of its own.
 */
export function tenantRoute(ns: TenantNamespace, path: string, search: URLSearchParams): TenantRoute {
  const sql = SQL.exec(path);
  if (sql) return { kind: 'sql', db: sql[1] === undefined ? undefined : decodeURIComponent(sql[1]) };
  if (path === '-/ping') return { kind: 'forward', path, search };
  if (path === 'influxdb/v1/write') {
    const mapped = new URLSearchParams(search);
    const db = search.get('db');
    if (db) mapped.set('db', ns.own(db));
    return { kind: 'forward', path, search: mapped, writes: 'lines' };
  }
  const opentsdb = OPENTSDB.exec(path);
  if (opentsdb) {
    const mapped = `${opentsdb[1]}/${encodeURIComponent(ns.own(decodeURIComponent(opentsdb[2])))}`;
    return { kind: 'forward', path: mapped, search, writes: opentsdb[1].endsWith('json') ? 'json' : 'lines' };
  }
  return { kind: 'refused', reason: `${path} is not available for instances on a TDengine cluster` };
}

/**
 * The points of a schemaless write the cluster accepted, as the instance's monitoring counts rows: a line each (line
 * protocol, telnet; blank and `#` lines are none), an element each of a JSON array (one object: one point).
 */
export function schemalessPoints(writes: 'lines' | 'json', body: Buffer | undefined): number {
  if (!body || body.length === 0) return 0;
  const text = body.toString('utf8');
  if (writes === 'lines') return text.split('\n').filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#')).length;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.length : 1;
  } catch {
    return 0;
  }
}
