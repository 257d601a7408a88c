import type { TenantNamespace } from '../clusters/tenant-guard';

/** What the gateway does with a request to an instance on a TDengine cluster (docs/clusters.md, decision 4). */
export type TenantRoute =
  /** A statement: through the tenant SQL guard, in the server. */
  | { kind: 'sql'; db: string | undefined }
  /** Forwarded as bytes, its database named in the namespace. */
  | { kind: 'forward'; path: string; search: URLSearchParams }
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
    return { kind: 'forward', path, search: mapped };
  }
  const opentsdb = OPENTSDB.exec(path);
  if (opentsdb) return { kind: 'forward', path: `${opentsdb[1]}/${encodeURIComponent(ns.own(decodeURIComponent(opentsdb[2])))}`, search };
  return { kind: 'refused', reason: `${path} is not available for instances on a TDengine cluster` };
}
