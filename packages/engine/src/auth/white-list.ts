import { TdCode, TdError } from '../errors';

/**
 * Users' IP white lists (`CREATE USER … HOST 'ip[/mask]', …`, `ALTER USER … ADD|DROP HOST`, TDengine 3.2+, facts
 * §3.4). Every list holds the local host, which cannot be dropped (TDengine adds the dnodes' own addresses; the
 * engine is its own dnode). A list that holds nothing else is TDengine's "white list not enabled": anyone may
 * connect. Once a range is added, only clients inside one of the list's ranges may log in (0x0134).
 */
export const LOCAL_HOST = '127.0.0.1/32';
/** TDengine's limit of ranges per user (TSDB_CODE_MND_TOO_MANY_USER_HOST). */
export const MAX_USER_HOSTS = 2048;

interface Range {
  base: number;
  bits: number;
}

function ipv4(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return undefined;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

function parseRange(text: string): Range | undefined {
  const [ip, mask, extra] = text.trim().split('/');
  const base = ipv4(ip);
  if (base === undefined || extra !== undefined) return undefined;
  if (mask === undefined) return { base, bits: 32 };
  if (!/^\d{1,2}$/.test(mask) || Number(mask) > 32) return undefined;
  return { base, bits: Number(mask) };
}

/** `ip` or `ip/mask` as stored and shown: always with its mask (`10.1.2.3` is `10.1.2.3/32`); 0x266B if malformed. */
export function normalizeHost(text: string): string {
  const r = parseRange(text);
  if (!r) throw new TdError(TdCode.PAR_INVALID_IP_RANGE, 'Invalid IPV4 address ranges');
  return `${text.trim().split('/')[0]}/${r.bits}`;
}

/** A user's list as stored; lists saved before the local host was implied get it in front. */
export function effectiveHosts(hosts: readonly string[]): string[] {
  return hosts.includes(LOCAL_HOST) ? [...hosts] : [LOCAL_HOST, ...hosts];
}

/** `CREATE USER … HOST …`: the local host plus the given ranges, duplicates merged. */
export function createHosts(given: readonly string[] = []): string[] {
  return addHosts([LOCAL_HOST], given, false);
}

/** `ALTER USER … ADD HOST`: 0x035A for a range already in the list, 0x035C past the limit. */
export function addHosts(hosts: readonly string[], add: readonly string[], strict = true): string[] {
  const out = effectiveHosts(hosts);
  for (const h of add.map(normalizeHost)) {
    if (out.includes(h)) {
      if (strict) throw new TdError(TdCode.USER_HOST_EXIST, 'Host already exist in ip white list');
      continue;
    }
    out.push(h);
  }
  if (out.length > MAX_USER_HOSTS) throw new TdError(TdCode.TOO_MANY_USER_HOST, 'Too many host in ip white list');
  return out;
}

/** `ALTER USER … DROP HOST`: exactly as added (0x035B otherwise); the local host stays (0x035D). */
export function dropHosts(hosts: readonly string[], drop: readonly string[]): string[] {
  let out = effectiveHosts(hosts);
  for (const h of drop.map(normalizeHost)) {
    if (h === LOCAL_HOST) throw new TdError(TdCode.USER_LOCAL_HOST_NOT_DROP, 'Host can not be dropped');
    if (!out.includes(h)) throw new TdError(TdCode.USER_HOST_NOT_EXIST, 'Host not exist in ip white list');
    out = out.filter((x) => x !== h);
  }
  return out;
}

/** The IPv4 form of a socket address (`::ffff:10.0.0.1` → `10.0.0.1`, `::1` → `127.0.0.1`). */
export function clientIpv4(address: string): string {
  if (address === '::1') return '127.0.0.1';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

/** Whether a client at `address` may log in as a user with these hosts. */
export function allowedFrom(hosts: readonly string[], address: string): boolean {
  const list = effectiveHosts(hosts);
  if (list.length === 1) return true; // only the local host: no white list set
  const ip = ipv4(clientIpv4(address));
  if (ip === undefined) return false;
  return list.some((h) => {
    const r = parseRange(h);
    if (!r) return false;
    const size = 2 ** (32 - r.bits);
    return Math.floor(ip / size) === Math.floor(r.base / size);
  });
}

export function notAllowedToConnect(): TdError {
  return new TdError(TdCode.IP_NOT_IN_WHITE_LIST, 'Not allowed to connect');
}
