import { AsyncLocalStorage } from 'node:async_hooks';
import type { Catalog } from '../catalog/catalog';
import type { UserDef } from '../catalog/model';
import { allowedFrom, clientIpv4, notAllowedToConnect } from './white-list';

/**
 * The clients the engine serves, for the white list check and performance_schema.perf_connections / SHOW
 * CONNECTIONS. A connection is a client's TCP connection (an HTTP keep-alive connection for REST and schemaless
 * requests, the socket of a WebSocket) and the user that logged in on it: several users over one proxied
 * connection are several connections. It is listed from its first login until the socket closes.
 *
 * The HTTP layer runs each request (the WebSocket layer each message) inside `withClient`, so logins deep in the
 * request (engine.authenticate / userFromToken, also from the schemaless handlers) know the client's address
 * without every caller passing it along.
 */
export interface ClientSocket {
  /** remote address and port as the socket reports them */
  address: string;
  port: number;
}

/** One request's view of its client: the socket plus taosAdapter's `app` / `ip` parameters (facts §1.3). */
export interface ClientScope {
  socket: ClientSocket;
  app?: string;
  ip?: string;
}

export interface Connection {
  connId: number;
  user: string;
  socket: ClientSocket;
  loginTime: number;
  lastAccess: number;
  userApp: string;
  userIp: string;
}

const scope = new AsyncLocalStorage<ClientScope>();
/** per engine (catalog), per socket, per user */
const registries = new WeakMap<Catalog, Map<ClientSocket, Map<string, Connection>>>();
let nextConnId = 1;

export function withClient<T>(client: ClientScope, run: () => T): T {
  return scope.run(client, run);
}

function registry(catalog: Catalog): Map<ClientSocket, Map<string, Connection>> {
  let r = registries.get(catalog);
  if (!r) registries.set(catalog, (r = new Map()));
  return r;
}

/**
 * A login of `user` by the current client: refused when the client's address is outside the user's white list
 * (0x0134 "Not allowed to connect"), else recorded (or its last access updated). Outside any client scope (the
 * engine used in-process) there is no address to check and nothing to list.
 */
export function admit(catalog: Catalog, user: UserDef): void {
  const client = scope.getStore();
  if (!client) return;
  if (!allowedFrom(user.hosts, client.socket.address)) throw notAllowedToConnect();
  const bySocket = registry(catalog);
  let users = bySocket.get(client.socket);
  if (!users) bySocket.set(client.socket, (users = new Map()));
  const now = Date.now();
  const known = users.get(user.name);
  const conn = known ?? { connId: nextConnId++, user: user.name, socket: client.socket, loginTime: now, lastAccess: now, userApp: '', userIp: '' };
  conn.lastAccess = now;
  if (client.app !== undefined) conn.userApp = client.app;
  if (client.ip !== undefined) conn.userIp = client.ip;
  users.set(user.name, conn);
}

/** A request on an already admitted connection (a WebSocket message): only its last access moves. */
export function touch(catalog: Catalog, socket: ClientSocket): void {
  const now = Date.now();
  for (const c of registry(catalog).get(socket)?.values() ?? []) c.lastAccess = now;
}

/** The socket closed: its connections end. */
export function closeClient(catalog: Catalog, socket: ClientSocket): void {
  registry(catalog).delete(socket);
}

export function connections(catalog: Catalog): Connection[] {
  return [...registry(catalog).values()].flatMap((users) => [...users.values()]).sort((a, b) => a.connId - b.connId);
}

/** `address:port` as perf_connections' end_point shows it (IPv4 form where there is one). */
export function endPoint(socket: ClientSocket): string {
  return `${clientIpv4(socket.address)}:${socket.port}`;
}
