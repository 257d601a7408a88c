import { describe, expect, it } from 'vitest';
import type { PlanLimits } from '@tscloud/contracts';
import { resolveEdition } from '../../config/edition';
import { hourlyPrice, limitLines } from './planDisplay';

describe('plan cards', () => {
  it('prices show two decimals: currency per edition, units on a marketplace', () => {
    expect(hourlyPrice({ basicChargeHourPrice: 0.25 }, 'en', resolveEdition('international'))).toBe('$0.25');
    expect(hourlyPrice({ basicChargeHourPrice: 1 }, 'zh', resolveEdition('china'))).toBe('¥1.00');
    expect(hourlyPrice({ basicChargeHourPrice: 0.5 }, 'en', resolveEdition('international', 'aws'))).toBe('0.50');
  });

  it('limit lines keep unlimited as null, in a fixed order', () => {
    const limits: PlanLimits = { instancesPerOrg: 1, cores: 0.5, memoryGb: 2, storageGb: 5, egressGb: 5, databases: 3, stables: 100, tables: 10, topics: 5, streams: null, vgroupsPerDatabase: 2, ipAllowList: false, ha: false };
    expect(limitLines(limits).map((l) => [l.key, l.value])).toEqual([
      ['cores', 0.5], ['memoryGb', 2], ['storageGb', 5], ['egressGb', 5], ['databases', 3], ['stables', 100], ['topics', 5], ['streams', null], ['vgroupsPerDatabase', 2], ['instancesPerOrg', 1],
    ]);
  });

  it('the free plan storage shows both readings of §1: the enforced 5 GB and the 20 GB stated elsewhere', () => {
    const limits: PlanLimits = { instancesPerOrg: 1, cores: 0.5, memoryGb: 2, storageGb: 5, storageGbOtherReading: 20, egressGb: 5, databases: 3, stables: 100, tables: 10, topics: 5, streams: 5, vgroupsPerDatabase: 2, ipAllowList: false, ha: false };
    expect(limitLines(limits).find((l) => l.key === 'storageGb')).toEqual({ key: 'storageGb', value: 5, otherReading: 20 });
  });
});
