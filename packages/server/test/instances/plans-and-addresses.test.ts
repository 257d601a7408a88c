import { describe, expect, it } from 'vitest';
import { engineLimitsFor, pricePlans } from '../../src/region/catalog/plans';
import { isAllowed } from '../../src/region/gateway/ip-allow';
import { cloudsFrom, findRegion } from '../../src/region/catalog/clouds';

describe('plan limits for the engine', () => {
  it('gives the free plan one DuckDB thread for its half core, 2 GB and 3 databases', () => {
    expect(engineLimitsFor(0)).toEqual({ threads: 1, memoryLimit: '2GB', maxDatabases: 3, maxStables: 100, maxTables: 10_000, maxTopics: 5, maxStreams: 5, maxVgroups: 2 });
  });
  it('leaves unlimited counts out of the enterprise limits file; VGROUPS are two a core', () => {
    expect(engineLimitsFor(2)).toEqual({ threads: 8, memoryLimit: '32GB', maxVgroups: 16 });
    // a high-availability instance stands for three dnodes: REPLICA 3, its databases' default, is accepted
    expect(engineLimitsFor(2, true)).toEqual({ threads: 8, memoryLimit: '32GB', maxVgroups: 16, dnodes: 3 });
  });
  it('prices HA at twice the hourly charge, for the plans that offer it', () => {
    const single = pricePlans(0);
    const ha = pricePlans(1);
    expect(ha.map((p) => p.level)).toEqual([1, 2]);
    expect(ha[1].basicChargeHourPrice).toBe(single[2].basicChargeHourPrice * 2);
  });
});

describe('IP allow-list matching', () => {
  it('allows every address with an empty list', () => {
    expect(isAllowed('203.0.113.9', [])).toBe(true);
  });
  it('matches IPv4 addresses and CIDR ranges, also in their IPv4-mapped IPv6 form', () => {
    const list = ['192.0.2.7', '10.0.0.0/8'];
    expect(isAllowed('192.0.2.7', list)).toBe(true);
    expect(isAllowed('192.0.2.8', list)).toBe(false);
    expect(isAllowed('10.255.0.1', list)).toBe(true);
    expect(isAllowed('::ffff:10.1.1.1', list)).toBe(true);
    expect(isAllowed('11.0.0.1', list)).toBe(false);
  });
  it('matches full IPv6 entries against any written form of the client address', () => {
    const list = ['2001:0db8:0000:0000:0000:0000:0000:0000/32'];
    expect(isAllowed('2001:db8:1::5', list)).toBe(true);
    expect(isAllowed('2001:db9::5', list)).toBe(false);
    expect(isAllowed('10.0.0.1', list)).toBe(false);
  });
});

describe('clouds', () => {
  it('has one local cloud by default and reads a configured list', () => {
    expect(findRegion(cloudsFrom({}), 'local', 'local')?.cloud.name).toBe('Local');
    const custom = cloudsFrom({ TSCLOUD_CLOUDS: JSON.stringify([{ id: 'aws', name: 'AWS', regions: [{ id: 'us-east-1', name: 'US East' }] }]) });
    expect(findRegion(custom, 'aws', 'us-east-1')?.region.name).toBe('US East');
    expect(findRegion(custom, 'aws', 'local')).toBeNull();
    expect(() => cloudsFrom({ TSCLOUD_CLOUDS: '[{"id":"x"}]' })).toThrow(/TSCLOUD_CLOUDS/);
  });
});
