import { describe, expect, it } from 'vitest';
import { transformConfigSchema, type TransformConfigInput } from '@tscloud/contracts';
import { buildTransform } from '../../src/region/replication/transform';

/** buildTransform, table-driven: each parser, extract rules, filters, the mapping's names, types and timestamps. */
const T0 = 1_767_225_600_000; // 2026-01-01T00:00:00Z
const mapping = (over: Partial<TransformConfigInput['mapping']> = {}): TransformConfigInput['mapping'] => ({
  stable: 'meters',
  table: 'd_${device}',
  timestamp: { field: 'ts' },
  columns: [{ name: 'current', type: 'DOUBLE' }],
  tags: [{ name: 'location', type: 'VARCHAR' }],
  ...over,
});
const mqtt = (payload: unknown, ts = T0) => ({ fields: { ts, topic: 'meters/1', qos: 1, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) } });

describe('buildTransform', () => {
  const cases: Array<{ name: string; config: TransformConfigInput; records: Array<{ fields: Record<string, unknown> }>; rows?: unknown[]; failed?: RegExp[] }> = [
    {
      name: 'json payload: top-level keys become fields; the MQTT receive time is the timestamp',
      config: { parser: { type: 'json' }, mapping: mapping() },
      records: [mqtt({ device: 'a1', current: 10.5, location: 'sf' })],
      rows: [{ stable: 'meters', table: 'd_a1', tags: { location: 'sf' }, columns: { ts: T0, current: 10.5 } }],
    },
    {
      name: 'json nested paths through extract rules ($. and [n]); a payload key named ts is reachable as payload.ts',
      config: {
        parser: { type: 'json' },
        extract: [
          { field: 'device', rule: '$.meta.id' },
          { field: 'current', rule: 'payload.values[1].v' },
          { field: 'location', rule: 'meta["the place"]' },
          { field: 'sent', rule: 'payload.ts' },
        ],
        mapping: mapping({ timestamp: { field: 'sent', format: 'rfc3339' } }),
      },
      records: [mqtt({ ts: '2026-01-01T00:00:01.500Z', meta: { id: 7, 'the place': 'la' }, values: [{ v: 1 }, { v: '2.5' }] })],
      rows: [{ stable: 'meters', table: 'd_7', tags: { location: 'la' }, columns: { ts: T0 + 1500, current: 2.5 } }],
    },
    {
      name: 'regex with named groups',
      config: { parser: { type: 'regex', pattern: '^(?<device>\\w+) (?<current>[\\d.]+) (?<location>\\S+)$' }, mapping: mapping() },
      records: [mqtt('b2 3.25 nyc'), mqtt('garbage')],
      rows: [{ stable: 'meters', table: 'd_b2', tags: { location: 'nyc' }, columns: { ts: T0, current: 3.25 } }],
      failed: [/does not match/],
    },
    {
      name: 'split into named parts; an epoch in seconds; us precision',
      config: {
        parser: { type: 'split', separator: ';', names: ['device', 'when', 'current', 'location'] },
        mapping: mapping({ timestamp: { field: 'when', format: 's' }, precision: 'us' }),
      },
      records: [mqtt('c3; 1767225600 ;4;tokyo')],
      rows: [{ stable: 'meters', table: 'd_c3', tags: { location: 'tokyo' }, columns: { ts: T0 * 1000, current: 4 } }],
    },
    {
      name: 'ns precision keeps every digit (text); RFC 3339 with an offset',
      config: { mapping: mapping({ timestamp: { field: 'at' }, precision: 'ns', columns: [] }) },
      records: [{ fields: { at: '2026-01-01T08:00:00.123456789+08:00', device: 'x', location: 'y' } }],
      rows: [{ stable: 'meters', table: 'd_x', tags: { location: 'y' }, columns: { ts: `${T0 / 1000}123456789` } }],
    },
    {
      name: 'us and ns epoch numbers into ms',
      config: { mapping: mapping({ timestamp: { field: 'at', format: 'us' }, columns: [{ name: 'n', field: 'nanos', type: 'TIMESTAMP' }] }) },
      records: [{ fields: { at: (T0 + 5) * 1000 + 999, nanos: String(T0), device: 'x', location: 'y' } }],
      rows: [{ stable: 'meters', table: 'd_x', tags: { location: 'y' }, columns: { ts: T0 + 5, n: T0 } }],
    },
    {
      name: 'number arithmetic where exact: a Date (a SQL row) and a negative ms epoch into us; us beyond 2^53 through bigints',
      config: { mapping: mapping({ timestamp: { field: 'at' }, precision: 'us', columns: [{ name: 'far', type: 'TIMESTAMP' }, { name: 's', field: 'secs', type: 'TIMESTAMP' }] }) },
      records: [{ fields: { at: new Date(T0 + 7), far: 9_007_199_254_741, secs: -1, device: 'x', location: 'y' } }],
      rows: [{ stable: 'meters', table: 'd_x', tags: { location: 'y' }, columns: { ts: (T0 + 7) * 1000, far: 9_007_199_254_741_000, s: -1000 } }],
    },
    {
      name: 'filter: and binds tighter than or, parentheses, text and numbers',
      config: { parser: { type: 'json' }, filter: "(current > 10 and location = 'sf') or device == \"keep\"", mapping: mapping() },
      records: [mqtt({ device: 'a', current: 11, location: 'sf' }), mqtt({ device: 'b', current: 9, location: 'sf' }), mqtt({ device: 'keep', current: 1, location: 'la' }), mqtt({ device: 'c', current: '12', location: 'sf' })],
      rows: [
        { stable: 'meters', table: 'd_a', tags: { location: 'sf' }, columns: { ts: T0, current: 11 } },
        { stable: 'meters', table: 'd_keep', tags: { location: 'la' }, columns: { ts: T0, current: 1 } },
        { stable: 'meters', table: 'd_c', tags: { location: 'sf' }, columns: { ts: T0, current: 12 } },
      ],
    },
    {
      name: 'types: integers in range, bools, text of objects; failures name the column',
      config: {
        parser: { type: 'json' },
        mapping: mapping({ columns: [{ name: 'n', type: 'TINYINT' }, { name: 'on', type: 'BOOL' }, { name: 'raw', type: 'VARCHAR' }] }),
      },
      records: [mqtt({ device: 'a', location: 'l', n: 5, on: 'true', raw: { a: 1 } }), mqtt({ device: 'a', location: 'l', n: 500, on: 1 }), mqtt({ device: 'a', location: 'l', on: 'maybe' })],
      rows: [{ stable: 'meters', table: 'd_a', tags: { location: 'l' }, columns: { ts: T0, n: 5, on: true, raw: '{"a":1}' } }],
      failed: [/n: '500' is not a TINYINT/, /on: 'maybe' is not a boolean/],
    },
    {
      name: 'a payload that is not JSON, and a missing table-name field, are failures with a reason',
      config: { parser: { type: 'json' }, mapping: mapping() },
      records: [mqtt('{oops'), mqtt({ current: 1, location: 'x' })],
      rows: [],
      failed: [/'payload' is not JSON/, /table name needs 'device'/],
    },
  ];

  it.each(cases)('$name', ({ config, records, rows, failed }) => {
    const outcome = buildTransform(config)(records);
    if (rows) expect(outcome.rows).toEqual(rows);
    expect(outcome.failed.map((failure) => failure.error)).toEqual((failed ?? []).map((pattern) => expect.stringMatching(pattern)));
  });

  it.each([
    ['an extract rule without a field', { extract: [{ field: '', rule: 'a' }] }, 'datasource.transformer.extractrule.nofield'],
    ['an extract rule without a rule', { extract: [{ field: 'a', rule: ' ' }] }, 'datasource.transformer.extractrule.norule'],
    ['an extract field named ts', { extract: [{ field: 'ts', rule: 'a' }] }, 'datasource.validation.reservedField'],
    ['a split part named topic', { parser: { type: 'split', names: ['topic'] } }, 'datasource.validation.reservedField'],
    ['a regex group named qos', { parser: { type: 'regex', pattern: '(?<qos>\\d)' } }, 'datasource.validation.reservedField'],
    ['a regex without groups', { parser: { type: 'regex', pattern: '\\d+' } }, 'datasource.validation.pattern'],
    ['an invalid regex', { parser: { type: 'regex', pattern: '(?<a>' } }, 'datasource.validation.pattern'],
    ['a column named like the timestamp column', { mapping: mapping({ columns: [{ name: 'TS', type: 'DOUBLE' }] }) }, 'datasource.validation.duplicateName'],
    ['a tag named like a column', { mapping: mapping({ tags: [{ name: 'current', type: 'VARCHAR' }] }) }, 'datasource.validation.duplicateName'],
  ])('refuses %s (§5 messages)', (_name, part, message) => {
    const result = transformConfigSchema.safeParse({ mapping: mapping(), ...part });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message)).toContain(message);
    expect(() => buildTransform({ mapping: mapping(), ...part } as TransformConfigInput)).toThrow();
  });

  describe('time zone of texts without an offset', () => {
    const local = (over: Partial<TransformConfigInput['mapping']['timestamp']> = {}) =>
      mapping({ timestamp: { field: 'at', ...over }, columns: [{ name: 'seen', type: 'TIMESTAMP' }] });
    const record = (at: string, seen = at) => ({ fields: { at, seen, device: 'x', location: 'y' } });
    const HOUR = 3_600_000;

    it('reads them in the mapping zone; texts with an offset and epochs do not depend on it', () => {
      const transform = buildTransform({ mapping: local({ timezone: 'Asia/Shanghai' }) });
      const { rows, failed } = transform([record('2026-01-01 08:00:00.250'), record('2026-01-01T00:00:00Z', '1767225600000')]);
      expect(failed).toEqual([]);
      expect(rows.map((row) => row.columns)).toEqual([
        { ts: T0 + 250, seen: T0 + 250 },
        { ts: T0, seen: T0 },
      ]);
    });

    it('follows daylight saving (New York: -05:00 in January, -04:00 in July) and keeps ns digits', () => {
      const transform = buildTransform({ mapping: { ...local({ timezone: 'America/New_York' }), precision: 'ns', columns: [] } });
      const { rows } = transform([record('2025-12-31T19:00:00.123456789'), record('2026-07-01T00:00:00')]);
      expect(rows.map((row) => row.columns.ts)).toEqual([`${T0 / 1000}123456789`, `${(Date.UTC(2026, 6, 1) + 4 * HOUR) * 1_000_000}`]);
    });

    it('without a zone: the default given (the sample tz), else UTC; the mapping zone wins over the default', () => {
      const text = [record('2026-01-01 00:00:00')];
      expect(buildTransform({ mapping: local() })(text).rows[0].columns.ts).toBe(T0);
      expect(buildTransform({ mapping: local() }, { defaultTimeZone: 'Asia/Tokyo' })(text).rows[0].columns.ts).toBe(T0 - 9 * HOUR);
      expect(buildTransform({ mapping: local({ timezone: 'UTC' }) }, { defaultTimeZone: 'Asia/Tokyo' })(text).rows[0].columns.ts).toBe(T0);
    });

    it('refuses a zone it does not know', () => {
      const result = transformConfigSchema.safeParse({ mapping: local({ timezone: 'Mars/Olympus' }) });
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(['datasource.validation.timeZone']);
    });
  });

  it('refuses a filter it cannot read when built', () => {
    expect(() => buildTransform({ filter: 'current >', mapping: mapping() })).toThrow(/value is missing/);
    expect(() => buildTransform({ filter: 'current > 1 xor a = 2', mapping: mapping() })).toThrow(/unexpected/);
  });

  // Its speed is measured by `npm run bench -- datain` against the engine's own write rate, not timed here.
  it('maps a batch of 10k records in one call, each to its own child table row', () => {
    const transform = buildTransform({ parser: { type: 'json' }, filter: 'current >= 0', mapping: mapping() });
    const records = Array.from({ length: 10_000 }, (_, i) => mqtt({ device: `d${i % 100}`, current: i, location: 'sf' }, T0 + i));
    const outcome = transform(records);
    expect(outcome.rows).toHaveLength(10_000);
    expect(outcome.rows[9_999]).toMatchObject({ table: 'd_d99' });
  });

  it('names tables from text and number values around the placeholder, past the 10,000 names it remembers', () => {
    const transform = buildTransform({ mapping: mapping({ table: 't_${device}_x', tags: [] }) });
    const devices = [...Array.from({ length: 12_000 }, (_, i) => `n${i}`), 'n1', 42, 'n11999', 'n0'];
    const outcome = transform(devices.map((device, i) => ({ fields: { ts: T0 + i, device, current: 1 } })));
    expect(outcome.failed).toEqual([]);
    expect(outcome.rows.map((row) => row.table)).toEqual(devices.map((device) => `t_${device}_x`));
  });
});
