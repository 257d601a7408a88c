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

/**
 * The one spelling an entry is stored and compared in, so one address is never listed twice: IPv6 in RFC 5952 form
 * (lower case, no leading zeros, the longest run of zero groups as "::", an IPv4-mapped address as ::ffff:a.b.c.d)
 * and the prefix as a plain number. Only called on a valid entry.
 */
export function canonicalAllowListEntry(value: string): string {
  const [address, prefix] = value.split('/');
  const suffix = prefix === undefined ? '' : `/${Number(prefix)}`;
  if (isValidIPv4(address)) return address + suffix;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return `::ffff:${groups[6] >> 8}.${groups[6] & 255}.${groups[7] >> 8}.${groups[7] & 255}${suffix}`;
  }
  return compressZeroRun(groups.map((g) => g.toString(16))) + suffix;
}

/** The eight 16-bit values of a valid IPv6 text. */
function ipv6Groups(address: string): number[] {
  const sideGroups = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)];
          const [a, b, c, d] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head, tail] = address.split('::');
  if (tail === undefined) return sideGroups(head);
  const left = sideGroups(head);
  const right = sideGroups(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** RFC 5952 §4.2: the longest run of two or more zero groups (the first of equal runs) becomes "::". */
function compressZeroRun(hex: string[]): string {
  let best = { start: -1, length: 1 };
  for (let i = 0; i < hex.length; ) {
    if (hex[i] !== '0') {
      i += 1;
      continue;
    }
    let end = i;
    while (end < hex.length && hex[end] === '0') end += 1;
    if (end - i > best.length) best = { start: i, length: end - i };
    i = end;
  }
  if (best.start < 0) return hex.join(':');
  return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.length).join(':')}`;
}

/** The allow-list entry as sent: trimmed, checked, and in its one stored spelling (canonicalAllowListEntry). */
export const allowListEntrySchema = z
  .string()
  .trim()
  .refine(isValidAllowListEntry, { message: 'validation.ip' })
  .transform(canonicalAllowListEntry);
