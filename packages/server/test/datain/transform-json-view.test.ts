import { describe, expect, it } from 'vitest';
import type { TransformConfigInput } from '@tscloud/contracts';
import { buildTransform } from '../../src/region/replication/transform';

/**
 * The JSON parser reads the payload where it lies (transform/json-view.ts) unless a filter needs whole fields; then
 * the record's fields are copied and the payload's keys added (the path before the view). Both must give the same
 * rows and failures: each case runs without a filter and with one every record passes (`qos >= 0`).
 */
const T0 = 1_767_225_600_000;
const record = (payload: unknown, extra: Record<string, unknown> = {}) => ({
  fields: { ts: T0, topic: 'a/b', qos: 1, payload: typeof payload === 'string' ? payload : JSON.stringify(payload), ...extra },
});

const PAYLOADS: unknown[] = [
  { device: 'a1', current: 10.5, location: 'sf', at: T0 + 5 },
  { device: 'a2', current: '7', location: 'x', ts: T0 + 9, topic: 'from payload', qos: 2, payload: 'inner' },
  { device: { id: 3 }, current: -0, location: null, meta: { id: 'm', 'the place': 'la', list: [{ v: 1 }, { v: 2.5 }] } },
  { device: 'dup', current: 1, location: 'l', constructor: 'c', toString: 't', __proto__x: 1 },
  '{"device":"p","current":1,"location":"q","__proto__":{"polluted":1}}',
  '{"device":"d","device":"last wins","current":2e3,"location":"l"}',
  '[1,2,3]',
  '42',
  '"text"',
  'null',
  '{oops',
  '',
  { current: 1, location: 'no device' },
];

const configs: Array<{ name: string; config: TransformConfigInput }> = [
  {
    name: 'top-level keys to columns and tags',
    config: {
      parser: { type: 'json' },
      mapping: { stable: 's', table: 'd_${device}', timestamp: { field: 'ts' }, columns: [{ name: 'current', type: 'DOUBLE' }], tags: [{ name: 'location', type: 'VARCHAR' }] },
    },
  },
  {
    name: 'reserved and shadowed names, payload paths, inherited names',
    config: {
      parser: { type: 'json' },
      mapping: {
        stable: 's',
        table: 't_${topic}_${qos}',
        timestamp: { field: 'payload.at' },
        columns: [
          { name: 'pts', field: 'payload.ts', type: 'VARCHAR' },
          { name: 'ptopic', field: 'payload.topic', type: 'VARCHAR' },
          { name: 'own', field: 'payload', type: 'VARCHAR' },
          { name: 'ctor', field: 'constructor', type: 'VARCHAR' },
          { name: 'str', field: 'toString', type: 'VARCHAR' },
          { name: 'proto', field: '__proto__', type: 'VARCHAR' },
          { name: 'n', field: 'meta.list[1].v', type: 'DOUBLE' },
        ],
        tags: [{ name: 'place', field: 'meta["the place"]', type: 'VARCHAR' }],
      },
    },
  },
  {
    name: 'extract rules in order: over a payload key, over the source field, reading an earlier rule',
    config: {
      parser: { type: 'json' },
      extract: [
        { field: 'device', rule: '$.meta.id' },
        { field: 'first', rule: 'device' },
        { field: 'payload', rule: 'payload.current' },
        { field: 'device', rule: 'location' },
        { field: 'second', rule: 'payload' },
      ],
      mapping: {
        stable: 's',
        table: 'x_${first}',
        timestamp: { field: 'ts' },
        columns: [
          { name: 'current', field: 'payload', type: 'VARCHAR' },
          { name: 'second', type: 'VARCHAR' },
        ],
        tags: [{ name: 'device', type: 'VARCHAR' }],
      },
    },
  },
  {
    name: 'a parser reading another field',
    config: {
      parser: { type: 'json', from: 'body' },
      mapping: { stable: 's', table: 'b_${device}', timestamp: { field: 'ts' }, columns: [{ name: 'payload', type: 'VARCHAR' }, { name: 'body', type: 'VARCHAR' }], tags: [] },
    },
  },
];

describe('the JSON transform without copying fields', () => {
  const records = [
    ...PAYLOADS.map((payload) => record(payload)),
    ...PAYLOADS.map((payload) => record('unused', { body: typeof payload === 'string' ? payload : JSON.stringify(payload) })),
    record('unused'),
    { fields: { ts: T0, topic: 'a/b', qos: 1, payload: { device: 'already an object', current: 1, location: 'l' } } },
    { fields: { ts: T0, topic: 'a/b', qos: 1, payload: Buffer.from('{"device":"buf","current":3,"location":"b"}') } },
  ];

  it.each(configs)('$name: the same rows and failures as the copy', ({ config }) => {
    const viewed = buildTransform(config)(records);
    const copied = buildTransform({ ...config, filter: 'qos >= 0' })(records);
    expect(viewed.rows.length).toBeGreaterThan(0);
    expect(viewed.failed.length).toBeGreaterThan(0);
    expect(viewed.rows).toEqual(copied.rows);
    expect(viewed.failed.map((f) => [records.indexOf(f.record as (typeof records)[number]), f.error])).toEqual(copied.failed.map((f) => [records.indexOf(f.record as (typeof records)[number]), f.error]));
  });

  it('never takes ts, topic or qos from the payload, and leaves the record as it was', () => {
    const one = record({ ts: 1, topic: 'no', qos: 2, at: T0, device: 'd', current: 1, location: 'l' });
    const before = JSON.stringify(one);
    const { rows } = buildTransform(configs[1].config)([one]);
    expect(rows[0]).toMatchObject({ table: 't_a/b_1', columns: { pts: '1', ptopic: 'no' } });
    expect(JSON.stringify(one)).toBe(before);
  });
});
