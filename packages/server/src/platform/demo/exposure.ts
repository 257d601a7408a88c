import { BlockList, isIP } from 'node:net';

/** How the owner turns the demo off, quoted by the refusal. */
export const DEMO_OFF_HINT = 'start with `npm start -- --no-demo` or TSCLOUD_DEMO=0';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Whether the host name or address only reaches this machine (127.0.0.0/8, ::1 and its IPv4-mapped forms, localhost). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  const family = isIP(bare);
  return family !== 0 && loopback.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Why the demo account may not be seeded on this configuration, or null when it may. Its password is published
 * (README, the start log), so it is kept for a first run on this machine only: a console listening beyond loopback,
 * or behind a proxy (TRUST_PROXY: loopback then answers the proxy's clients), would let anyone sign in with it.
 */
export function demoRefusal(config: { host: string; trustProxy: unknown }): string | null {
  if (!isLoopbackHost(config.host)) {
    return `the demo account (a published password) is refused on HOST=${config.host}, which is not a loopback address: anyone reaching the console could sign in with it; ${DEMO_OFF_HINT}`;
  }
  if (config.trustProxy !== false) {
    return `the demo account (a published password) is refused behind a proxy (TRUST_PROXY is set): the proxy's clients could sign in with it; ${DEMO_OFF_HINT}`;
  }
  return null;
}
