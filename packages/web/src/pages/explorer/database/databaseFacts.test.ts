import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadCatalogue } from '../../../i18n';
import { diskFacts, humanDuration, optionFacts } from './databaseFacts';

/** The panel's value writing with the real English catalogue: durations, units, sizes, the parts of disk use. */
beforeAll(() => loadCatalogue('en'));
const t = i18n.getFixedT('en');

describe('database facts', () => {
  it('writes durations in minutes, hours and days and keeps text it cannot read', () => {
    expect(humanDuration('1440m,24h,2', t)).toBe('1440 minutes, 24 hours, 2 days');
    expect(humanDuration('-', t)).toBe('-');
  });

  it('gives option values their unit, booleans as Yes/No and an absent value as none', () => {
    const facts = optionFacts({ cachesize: 4, wal_retention_size: 0, single_stable: false, maxrows: 4096 }, { table_prefix: null }, t);
    expect(Object.fromEntries(facts.map((f) => [f.label, f.value]))).toEqual({
      'Latest-row cache size': '4 MB',
      'WAL retention size': '0 KB',
      'Single super table only': 'No',
      'Max rows per block': '4096',
      'Table name prefix length ignored for hashing': 'none',
    });
  });

  it('sums the data tiers, totals the local parts and shows cache, metadata and S3 only when used', () => {
    const usage = { wal: 1024, data1: 2048, data2: 1024, data3: 0, cache_rdb: 0, table_meta: 1024, s3: 0, raw_data: 10240 };
    expect(diskFacts(usage, t).map((f) => [f.label, f.value])).toEqual([
      ['Disk use', '5.00 MB'],
      ['Data files', '3.00 MB'],
      ['Write-ahead log', '1.00 MB'],
      ['Table metadata', '1.00 MB'],
      ['Raw data size (estimated)', '10.00 MB'],
    ]);
  });
});
