import { describe, expect, it } from 'vitest';
import { allowListEntrySchema, canonicalAllowListEntry } from '../src';

describe('the allow-list entry in its one spelling (RFC 5952)', () => {
  it.each([
    ['2001:0DB8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['2001:db8::1', '2001:db8::1'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['2001:0:0:1:0:0:0:1', '2001:0:0:1::1'],
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
    ['::', '::'],
    ['::1', '::1'],
    ['fe80::', 'fe80::'],
    ['::ffff:0a01:0203', '::ffff:10.1.2.3'],
    ['::FFFF:10.1.2.3', '::ffff:10.1.2.3'],
    ['2001:DB8:AA:0::/120', '2001:db8:aa::/120'],
    ['10.0.0.0/08', '10.0.0.0/8'],
    ['192.168.1.1', '192.168.1.1'],
  ])('%s is stored as %s', (typed, stored) => {
    expect(canonicalAllowListEntry(typed)).toBe(stored);
    expect(allowListEntrySchema.parse(`  ${typed} `)).toBe(stored);
  });
});
