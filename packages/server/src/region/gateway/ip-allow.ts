import { BlockList, isIPv6 } from 'node:net';

/**
 * Whether a client address is in an instance's allow-list. Entries are IPv4 addresses or CIDR ranges and full
 * IPv6 addresses or prefixes (validated with contracts' isValidIpAddress when saved); an IPv4 entry also
 * matches the IPv4-mapped IPv6 form a dual-stack socket reports (::ffff:a.b.c.d). An empty list allows all.
 */
export function isAllowed(clientIp: string, entries: readonly string[]): boolean {
  if (entries.length === 0) return true;
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const family = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list.check(clientIp, isIPv6(clientIp) ? 'ipv6' : 'ipv4');
}
