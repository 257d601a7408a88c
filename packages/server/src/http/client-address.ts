import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/**
 * Which X-Forwarded-For entries are believed (TRUST_PROXY, README "Configuration", docs/operations.md):
 * - false: none, the client is the socket's peer;
 * - hops: that many proxies in front, each appending the address it was reached from; the client is the entry the
 *   outermost of them appended (hops 1: the right-most entry). Only for a server that cannot be reached around its
 *   proxies, since a direct client would be taken for a proxy;
 * - proxies: the addresses or CIDR ranges of the proxies (or proxy-addr's names loopback, linklocal, uniquelocal);
 *   the client is the right-most entry that is not one of them.
 * Entries the client wrote itself, left of what the proxies appended, are never believed: with `true` they were
 * (the left-most entry), which let anyone pass an IP allow-list or rotate past the sign-in throttle.
 */
export type TrustProxy = false | { hops: number } | { proxies: string[] };

/** TRUST_PROXY's text: empty/false/0 → off; true or a whole number → hops (true and 1: one); else a comma list. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || /^(false|0|off|no)$/i.test(text)) return false;
  if (/^(true|on|yes)$/i.test(text)) return { hops: 1 };
  if (/^\d+$/.test(text)) return { hops: Number(text) };
  const proxies = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  try {
    proxyAddr.compile(proxies);
  } catch (error) {
    throw new Error(`TRUST_PROXY must be false, a number of proxies, or proxy addresses/CIDR ranges separated by commas: ${(error as Error).message}`, { cause: error });
  }
  return { proxies };
}

/** Whether the address `hop` steps from the server (0: the socket's peer, 1: the right-most entry …) is a proxy. */
export function trustFunction(trust: TrustProxy): (address: string, hop: number) => boolean {
  if (trust === false) return () => false;
  if ('hops' in trust) return (_address, hop) => hop < trust.hops;
  return proxyAddr.compile(trust.proxies);
}

/** The client address of a raw request (the gateway's WebSocket upgrades), as Fastify's request.ip gives it. */
export function clientAddressOf(request: IncomingMessage, trusted: (address: string, hop: number) => boolean): string {
  return proxyAddr(request, trusted);
}
