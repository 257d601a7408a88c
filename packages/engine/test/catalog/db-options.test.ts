import { describe, expect, it } from 'vitest';
import { alterDbOptions, createDbOptions, DB_OPTION_DEFAULTS, formatKeep } from '../../src/catalog/db-options';
import { TdError } from '../../src/errors';

function error(fn: () => unknown): TdError {
  try {
    fn();
  } catch (e) {
    return e as TdError;
  }
  throw new Error('expected an error');
}

describe('database options', () => {
  it('uses the documented defaults', () => {
    const o = createDbOptions([]);
    expect(o).toEqual(DB_OPTION_DEFAULTS);
    expect(o.vgroups).toBe(2);
    expect(o.precision).toBe('ms');
    expect(o.buffer).toBe(256);
    expect(o.duration).toBe(14400);
    expect(formatKeep(o.keep)).toBe('3650d,3650d,3650d');
    expect(o.walRetentionPeriod).toBe(3600);
  });

  it('reads durations in m/h/d with bare numbers as days, and KEEP tiers', () => {
    const o = createDbOptions([
      { name: 'DURATION', values: ['2h'] },
      { name: 'KEEP', values: [30, '60d', '1440h'] },
      { name: 'PRECISION', values: ['NS'] },
      { name: 'CACHEMODEL', values: ['last_row'] },
    ]);
    expect(o.duration).toBe(120);
    expect(o.keep).toEqual([30 * 1440, 60 * 1440, 60 * 1440]);
    expect(o.precision).toBe('ns');
    expect(o.cachemodel).toBe('last_row');
  });

  it('refuses out-of-range values with 0x2619 and the range', () => {
    const e = error(() => createDbOptions([{ name: 'BUFFER', values: [2] }]));
    expect(e.code).toBe(0x2619);
    expect(e.message).toBe('Invalid option buffer: 2 valid range: [3, 16384]');
    expect(error(() => createDbOptions([{ name: 'VGROUPS', values: [0] }])).code).toBe(0x2619);
    expect(error(() => createDbOptions([{ name: 'REPLICA', values: [4] }])).message).toContain('[1, 3]');
    expect(error(() => createDbOptions([{ name: 'PRECISION', values: ['s'] }])).code).toBe(0x2619);
    expect(error(() => createDbOptions([{ name: 'CACHEMODEL', values: ['all'] }])).code).toBe(0x2619);
    expect(error(() => createDbOptions([{ name: 'DURATION', values: ['10s'] }])).code).toBe(0x2619);
    expect(error(() => createDbOptions([{ name: 'WAL_LEVEL', values: [3] }])).code).toBe(0x2619);
    expect(error(() => createDbOptions([{ name: 'PAGES', values: [63] }])).code).toBe(0x2619);
  });

  it('requires KEEP ≥ 3 × DURATION and ordered tiers', () => {
    expect(error(() => createDbOptions([{ name: 'DURATION', values: ['10d'] }, { name: 'KEEP', values: ['20d'] }])).code).toBe(0x2619);
    expect(error(() => createDbOptions([{ name: 'KEEP', values: ['60d', '30d'] }])).code).toBe(0x2619);
  });

  it('alters only the alterable options', () => {
    const base = createDbOptions([]);
    const o = alterDbOptions(base, [
      { name: 'BUFFER', values: [64] },
      { name: 'CACHEMODEL', values: ['both'] },
      { name: 'KEEP', values: ['365d'] },
      { name: 'WAL_LEVEL', values: [2] },
    ]);
    expect(o.buffer).toBe(64);
    expect(o.cachemodel).toBe('both');
    expect(o.keep).toEqual([525600, 525600, 525600]);
    expect(base.buffer).toBe(256);
    for (const name of ['PRECISION', 'VGROUPS', 'COMP', 'PAGESIZE', 'MAXROWS']) {
      expect(error(() => alterDbOptions(base, [{ name, values: [name === 'PRECISION' ? 'us' : 4] }])).code).toBe(0x2619);
    }
  });

  it('resets KEEP_TIME_OFFSET to 0 on any ALTER that does not name it, as TDengine 3.3.7.5 (37#99, #118)', () => {
    const made = createDbOptions([{ name: 'KEEP_TIME_OFFSET', values: [7] }]);
    expect(made.keepTimeOffset).toBe(7);
    const named = alterDbOptions(made, [{ name: 'KEEP_TIME_OFFSET', values: [5] }]);
    expect(named.keepTimeOffset).toBe(5);
    const other = alterDbOptions(named, [{ name: 'CACHEMODEL', values: ['none'] }]);
    expect(other.keepTimeOffset).toBe(0);
    expect(other.keep).toEqual(named.keep);
  });

  it("holds REPLICA within the instance's dnodes and VGROUPS within its plan", () => {
    expect(error(() => createDbOptions([{ name: 'REPLICA', values: [3] }])).code).toBe(0x0334);
    expect(createDbOptions([{ name: 'REPLICA', values: [3] }], { dnodes: 3 }).replica).toBe(3);
    expect(error(() => createDbOptions([{ name: 'REPLICA', values: [2] }], { dnodes: 3 })).code).toBe(0x0382);
    const wide = error(() => createDbOptions([{ name: 'VGROUPS', values: [9] }], { maxVgroups: 8 }));
    expect({ code: wide.code, message: wide.message }).toEqual({ code: 0x0a0e, message: 'Limit exceeded: max vgroups 8' });
    expect(createDbOptions([{ name: 'VGROUPS', values: [8] }], { maxVgroups: 8 }).vgroups).toBe(8);
    // a database made before a smaller plan keeps its vgroups when altered
    const made = createDbOptions([{ name: 'VGROUPS', values: [16] }]);
    expect(alterDbOptions(made, [{ name: 'BUFFER', values: [64] }], { maxVgroups: 2 }).vgroups).toBe(16);
  });
});
