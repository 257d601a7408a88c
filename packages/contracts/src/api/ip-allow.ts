import { z } from 'zod';
import { isValidIPv4 } from '../validation/patterns';

/**
 * An instance IP allow-list entry (§6 IP allow-list, issue 14): an IPv4 address or CIDR range, or an IPv6 address or
 * prefix in any standard text form (compressed `2001:db8::1`, full eight groups, or with a trailing IPv4
 * `::ffff:192.0.2.1`). One rule for the web form and the server; the gateway matches entries with node's BlockList.
 */
export function isValidAllowListEntry(value: string): boolean {
  return isValidIPv4(value) || isValidIPv6Entry(value);
}

/** An IPv6 address, optionally with a /prefix of 0–128 (RFC 4291 §2.2 text forms; no zone index). */
export function isValidIPv6Entry(value: string): boolean {
  const [address, prefix, ...rest] = value.split('/');
  if (rest.length > 0) return false;
  if (prefix !== undefined && !(/^\d{1,3}$/.test(prefix) && Number(prefix) <= 128)) return false;
  return ipv6GroupCount(address) !== null;
}

/** How many 16-bit groups an IPv6 text stands for (8 when valid), or null when it is not an IPv6 address. */
function ipv6GroupCount(address: string): number | null {
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const counts = halves.map((half, i) => groupsOf(half, i === halves.length - 1));
  if (counts.some((c) => c === null)) return null;
  const total = (counts as number[]).reduce((a, b) => a + b, 0);
  // With "::" at least one group is left out; without it all eight are written.
  return halves.length === 2 ? (total <= 7 ? 8 : null) : total === 8 ? 8 : null;
}

/** The groups one side of "::" writes; a trailing dotted IPv4 (last side only) counts as two. */
function groupsOf(part: string, last: boolean): number | null {
  if (part === '') return 0;
  const groups = part.split(':');
  let count = 0;
  for (const [i, group] of groups.entries()) {
    if (last && i === groups.length - 1 && group.includes('.')) {
      if (!isValidIPv4(group) || group.includes('/')) return null;
      count += 2;
    } else if (/^[0-9a-fA-F]{1,4}$/.test(group)) count += 1;
    else return null;
  }
  return count;
}

/** The allow-list entry as sent: trimmed, IPv6 hex in lower case (so one address is not listed twice by case). */
export const allowListEntrySchema = z
  .string()
  .trim()
  .refine(isValidAllowListEntry, { message: 'validation.ip' })
  .transform((v) => v.toLowerCase());
