import type { Socket } from 'node:net';
import { closeClient, type ClientSocket } from '../auth/clients';
import type { Engine } from '../engine';

const sockets = new WeakMap<Socket, ClientSocket>();

/**
 * The client connection behind an HTTP request or WebSocket (one per TCP socket, kept across keep-alive requests);
 * its perf_connections entries end when the socket closes.
 */
export function clientSocket(engine: Engine, socket: Socket): ClientSocket {
  let client = sockets.get(socket);
  if (!client) {
    const c: ClientSocket = { address: socket.remoteAddress ?? '', port: socket.remotePort ?? 0 };
    sockets.set(socket, c);
    socket.once('close', () => closeClient(engine.catalog, c));
    client = c;
  }
  return client;
}
