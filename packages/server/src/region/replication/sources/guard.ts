import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { translate } from '@tscloud/contracts';

/**
 * The data-in target guard (docs/security.md "Data-in source targets"): a member with replication:read types the
 * host and port the server connects to (check, sample, task run), so without it they reach the server's own
 * network — cloud metadata, the control plane's PostgreSQL, the engines of other organizations' instances.
 */

/** DATAIN_PRIVATE_NETWORKS: loopback and private ranges as sources (allow on the embedded default; deny hosted). */
export type PrivateNetworks = 'allow' | 'deny';

export interface GuardPolicy {
  privateNetworks: PrivateNetworks;
  /** DATAIN_BLOCKED_HOSTS: host suffixes (`internal.example`) and addresses/CIDRs refused on top of the built-in lists. */
  blockedHosts: string[];
}

/** An engine of one of this server's instances: only the tmq source of the same organization may reach it. */
export interface OwnEngine {
  orgId: string;
  host: string;
  port: number;
}

/** What a source connects to. `orgId`: the organization of the task's instance (null: none known). */
export interface TargetRequest {
  connector: string;
  host: string;
  port: number;
  orgId: string | null;
}

/** The refusal: its message is the contracts key's English text, the routes translate the key. */
export class SourceBlocked extends Error {
  readonly key = 'datasource.hostBlocked';
  constructor(readonly detail: string) {
    super(`${translate('datasource.hostBlocked', 'en')} (${detail})`);
  }
}

export function loadGuardPolicy(env: NodeJS.ProcessEnv): GuardPolicy {
  return {
    privateNetworks: env.DATAIN_PRIVATE_NETWORKS?.trim().toLowerCase() === 'deny' ? 'deny' : 'allow',
    blockedHosts: (env.DATAIN_BLOCKED_HOSTS ?? '')
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  };
}

function blockList(cidrs: string[]): BlockList {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [network, prefix] = cidr.split('/');
    const family = isIP(network) === 6 ? 'ipv6' : 'ipv4';
    list.addSubnet(network, prefix === undefined ? (family === 'ipv6' ? 128 : 32) : Number(prefix), family);
  }
  return list;
}

/** Refused whatever the operator says: link-local (cloud metadata), this-network, multicast, reserved/broadcast. */
const ALWAYS_BLOCKED = blockList(['169.254.0.0/16', '0.0.0.0/8', '224.0.0.0/4', '240.0.0.0/4', 'fe80::/10', 'fd00:ec2::254/128', 'ff00::/8', '::/128']);
/** Refused unless DATAIN_PRIVATE_NETWORKS=allow: loopback, RFC 1918, CGNAT, unique local. */
const PRIVATE = blockList(['127.0.0.0/8', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', '::1/128', 'fc00::/7']);
const LOOPBACK = blockList(['127.0.0.0/8', '::1/128', '0.0.0.0/32', '::/128']);

/** An IPv4-mapped IPv6 address (`::ffff:169.254.169.254`, `::ffff:a9fe:a9fe`) as the IPv4 address it reaches. */
export function normalizeAddress(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(bare) !== 6) return bare;
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (dotted && isIP(dotted[1]) === 4) return dotted[1];
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(bare);
  if (hex) {
    const high = parseInt(hex[1], 16);
    const low = parseInt(hex[2], 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return bare;
}

function family(address: string): 'ipv4' | 'ipv6' {
  return isIP(address) === 6 ? 'ipv6' : 'ipv4';
}

/** Why an address is refused as a source, or null (the pure check: no DNS, no engine list). */
export function blockedReason(rawAddress: string, policy: GuardPolicy): string | null {
  const address = normalizeAddress(rawAddress);
  if (!isIP(address)) return `${rawAddress} is not an address`;
  if (ALWAYS_BLOCKED.check(address, family(address))) return `${address} is link-local, metadata, multicast or reserved`;
  const extra = policy.blockedHosts.filter((entry) => isIP(entry.split('/')[0]));
  if (extra.length > 0 && blockList(extra).check(address, family(address))) return `${address} is in DATAIN_BLOCKED_HOSTS`;
  if (policy.privateNetworks === 'deny' && PRIVATE.check(address, family(address))) return `${address} is a private or loopback address`;
  return null;
}

/** Whether a host name is, or ends in, one of the blocked suffixes. */
export function blockedHostName(host: string, policy: GuardPolicy): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return policy.blockedHosts.some((entry) => {
    const suffix = entry.replace(/^\./, '').replace(/\.$/, '');
    return !isIP(suffix.split('/')[0]) && (name === suffix || name.endsWith(`.${suffix}`));
  });
}

/** Every address a host resolves to (numeric spellings such as 2852039166 or 0xa9fea9fe included, as the OS reads them). */
export async function resolveAll(host: string): Promise<string[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return [normalizeAddress(bare)];
  try {
    return (await lookup(bare, { all: true, verbatim: true })).map((entry) => normalizeAddress(entry.address));
  } catch (error) {
    throw new Error(`${host} does not resolve (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, { cause: error });
  }
}

/** This machine's own addresses: what an engine listening on 127.0.0.1 or 0.0.0.0 is also reached at. */
function isThisMachine(address: string): boolean {
  if (LOOPBACK.check(address, family(address))) return true;
  return Object.values(networkInterfaces()).some((entries) => entries?.some((entry) => normalizeAddress(entry.address) === address));
}

async function engineAt(address: string, port: number, engines: OwnEngine[]): Promise<OwnEngine | undefined> {
  for (const engine of engines.filter((candidate) => candidate.port === port)) {
    const engineAddresses = await resolveAll(engine.host).catch(() => [] as string[]);
    if (engineAddresses.includes(address) || (isThisMachine(address) && engineAddresses.some(isThisMachine))) return engine;
  }
  return undefined;
}

/**
 * The address to connect to for a target, or SourceBlocked. Every resolved address must pass (a name answering a
 * public and a metadata address is refused); the caller connects to the returned address, not the name again, so
 * a DNS answer that changes between check and connect (rebinding) cannot move it. Engines of this server's
 * instances are refused to every connector except tmq, and to tmq unless the instance is the task's organization's.
 */
export async function checkTarget(target: TargetRequest, policy: GuardPolicy, engines: () => Promise<OwnEngine[]>): Promise<string> {
  if (blockedHostName(target.host, policy)) throw new SourceBlocked(`${target.host} is in DATAIN_BLOCKED_HOSTS`);
  const addresses = await resolveAll(target.host);
  if (addresses.length === 0) throw new Error(`${target.host} does not resolve`);
  const own = await engines();
  for (const address of addresses) {
    const always = blockedReason(address, { privateNetworks: 'allow', blockedHosts: policy.blockedHosts });
    if (always) throw new SourceBlocked(always);
    const engine = await engineAt(address, target.port, own);
    if (engine) {
      if (target.connector === 'tmq' && target.orgId !== null && engine.orgId === target.orgId) continue;
      throw new SourceBlocked(`${address}:${target.port} is an engine of this service`);
    }
    const reason = blockedReason(address, policy);
    if (reason) throw new SourceBlocked(reason);
  }
  return addresses[0];
}
