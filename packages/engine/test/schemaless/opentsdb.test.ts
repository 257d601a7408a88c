import { describe, expect, it } from 'vitest';
import { TdError } from '../../src/errors';
import { childTableName, stableName } from '../../src/schemaless/naming';
import { parseOpenTsdbJson } from '../../src/schemaless/opentsdb/json';
import { parseTelnet } from '../../src/schemaless/opentsdb/telnet';

const errorOf = (fn: () => unknown): TdError => {
  try {
    fn();
  } catch (e) {
    return e as TdError;
  }
  throw new Error('expected an error');
};

describe('OpenTSDB telnet', () => {
  it('reads metric, timestamp (precision from the digit count), value and tags, with or without put', () => {
    const points = parseTelnet(
      'put meters.current 1648432611 10.3 location=SF groupid=2\nmeters.current 1648432611249 11i32 location=SF\n' +
        'm 1648432611249123 1 a=1\nm 1648432611249123456 t a=1\nm 0 1 a=1',
    );
    expect(points[0]).toMatchObject({
      measurement: 'meters.current',
      tags: [
        ['location', 'SF'],
        ['groupid', '2'],
      ],
      fields: [['_value', { type: 'DOUBLE', value: 10.3 }]],
      ts: 1648432611000000000n,
      line: 1,
    });
    expect(points[1].ts).toBe(1648432611249000000n);
    expect(points[1].fields[0][1]).toEqual({ type: 'INT', value: 11 });
    expect(points[2].ts).toBe(1648432611249123000n);
    expect(points[3].ts).toBe(1648432611249123456n);
    expect(points[3].fields[0][1]).toEqual({ type: 'BOOL', value: true });
    expect(points[4].ts).toBeUndefined();
  });

  it.each([
    ['m 1648432611 1', undefined],
    ['m 164843261 1 a=1', 'invalid timestamp'],
    ['m 1648432611 x a=1', 'invalid field value x'],
    ['m 1648432611 1 a', 'invalid tag a'],
    ['m 1648432611 1 a=1 a=2', 'duplicated tag a'],
    ['m 1648432611', 'expected metric'],
  ])('%j is refused naming the line', (line, why) => {
    if (why === undefined) {
      expect(parseTelnet(line)[0].tags).toEqual([]);
      return;
    }
    const e = errorOf(() => parseTelnet(`m 1648432611 1 a=1\n${line}`));
    expect(e.code).toBe(0x3002);
    expect(e.message).toContain(`line 2 "${line}"`);
    expect(e.message).toContain(why);
  });
});

describe('OpenTSDB JSON', () => {
  it('reads one object or an array; typed values and timestamps', () => {
    const one = parseOpenTsdbJson('{"metric":"sys.cpu","timestamp":1346846400,"value":18,"tags":{"host":"web01","dc":1}}');
    expect(one).toEqual([
      expect.objectContaining({
        measurement: 'sys.cpu',
        tags: [
          ['host', 'web01'],
          ['dc', '1'],
        ],
        fields: [['_value', { type: 'DOUBLE', value: 18 }]],
        ts: 1346846400000000000n,
      }),
    ]);
    const many = parseOpenTsdbJson(
      JSON.stringify([
        { metric: 'm', timestamp: 1346846400123, value: 'on', tags: { a: 'x' } },
        { metric: 'm', timestamp: { value: 1346846400123456, type: 'us' }, value: { value: 7, type: 'bigint' }, tags: { a: { value: 'y', type: 'nchar' } } },
        { metric: 'm', timestamp: 0, value: true, tags: {} },
      ]),
    );
    expect(many.map((p) => [p.ts, p.fields[0][1], p.tags])).toEqual([
      [1346846400123000000n, { type: 'VARCHAR', value: 'on' }, [['a', 'x']]],
      [1346846400123456000n, { type: 'BIGINT', value: 7n }, [['a', 'y']]],
      [undefined, { type: 'BOOL', value: true }, []],
    ]);
  });

  it.each([
    ['not json', 'Invalid data format'],
    ['[{"timestamp":1346846400,"value":1,"tags":{}}]', 'metric must be a non-empty string'],
    ['[{"metric":"m","timestamp":1346846400,"value":1}]', 'tags must be an object'],
    ['[{"metric":"m","timestamp":134684640,"value":1,"tags":{}}]', 'invalid timestamp'],
    ['[{"metric":"m","timestamp":1346846400,"value":{"value":1,"type":"huge"},"tags":{}}]', 'unknown value type huge'],
    ['[{"metric":"m","timestamp":1346846400,"tags":{}}]', 'value is required'],
  ])('%s is refused', (body, why) => {
    const e = errorOf(() => parseOpenTsdbJson(body));
    expect(e.code).toBe(0x3002);
    expect(e.message).toContain(why);
  });

  it('names the item that failed', () => {
    const e = errorOf(() => parseOpenTsdbJson('[{"metric":"m","timestamp":1346846400,"value":1,"tags":{}},{"metric":""}]'));
    expect(e.message).toContain('line 2 "{"metric":""}"');
  });
});

describe('child table names', () => {
  it('are t_ + md5 of the super table and the tags sorted by key', async () => {
    const crypto = await import('node:crypto');
    const md5 = (s: string) => crypto.createHash('md5').update(s).digest('hex');
    const name = childTableName('meters', [
      ['location', 'SF'],
      ['groupid', '2'],
    ]);
    expect(name).toBe(`t_${md5('meters,groupid=2,location=SF')}`);
    expect(childTableName('meters', [['groupid', '2'], ['location', 'SF']])).toBe(name);
    expect(childTableName('meters', [['B', '1'], ['a', '2'], ['ab', '3']])).toBe(`t_${md5('meters,a=2,ab=3,B=1')}`);
    expect(childTableName('cpu', [])).toBe(`t_${md5('cpu')}`);
  });

  it('super table names turn dots into underscores', () => {
    expect(stableName('meters.current')).toBe('meters_current');
  });
});
