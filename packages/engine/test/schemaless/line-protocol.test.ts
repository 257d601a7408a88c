import { describe, expect, it } from 'vitest';
import { TdError } from '../../src/errors';
import { parseFieldValue } from '../../src/schemaless/line-protocol/field-value';
import { parseLine, parseLines } from '../../src/schemaless/line-protocol/parse';

describe('line protocol field literals', () => {
  it.each([
    ['1.5', 'DOUBLE', 1.5],
    ['-2', 'DOUBLE', -2],
    ['3e2', 'DOUBLE', 300],
    ['.5', 'DOUBLE', 0.5],
    ['2.5f64', 'DOUBLE', 2.5],
    ['2.5f32', 'FLOAT', 2.5],
    ['-128i8', 'TINYINT', -128],
    ['32767i16', 'SMALLINT', 32767],
    ['-2147483648i32', 'INT', -2147483648],
    ['9223372036854775807i64', 'BIGINT', 9223372036854775807n],
    ['-5i', 'BIGINT', -5n],
    ['255u8', 'TINYINT UNSIGNED', 255],
    ['65535u16', 'SMALLINT UNSIGNED', 65535],
    ['4294967295u32', 'INT UNSIGNED', 4294967295],
    ['18446744073709551615u64', 'BIGINT UNSIGNED', 18446744073709551615n],
    ['7u', 'BIGINT UNSIGNED', 7n],
    ['"abc"', 'VARCHAR', 'abc'],
    ['""', 'VARCHAR', ''],
    ['L"电表"', 'NCHAR', '电表'],
    ['l"x"', 'NCHAR', 'x'],
    ['t', 'BOOL', true],
    ['T', 'BOOL', true],
    ['true', 'BOOL', true],
    ['True', 'BOOL', true],
    ['TRUE', 'BOOL', true],
    ['f', 'BOOL', false],
    ['F', 'BOOL', false],
    ['false', 'BOOL', false],
    ['False', 'BOOL', false],
    ['FALSE', 'BOOL', false],
  ])('%s is %s', (raw, type, value) => {
    expect(parseFieldValue(raw)).toEqual({ type, value });
  });

  it.each(['128i8', '-129i8', '32768i16', '2147483648i32', '9223372036854775808i', '256u8', '-1u', '1.5i', '1e3i32', '3.5e38f32'])(
    '%s is out of range or not an integer',
    (raw) => {
      expect(typeof parseFieldValue(raw)).toBe('string');
    },
  );

  it.each(['abc', '1x', '"unterminated', 'L"x', '', 'tru', '1i128'])('%s is malformed', (raw) => {
    expect(typeof parseFieldValue(raw)).toBe('string');
  });

  it('reads B"..." as VARBINARY (hex or text) and G"..." as GEOMETRY (WKT to WKB)', () => {
    expect(parseFieldValue('B"\\x98f46e"')).toEqual({ type: 'VARBINARY', value: new Uint8Array([0x98, 0xf4, 0x6e]) });
    expect(parseFieldValue('b"hi"')).toEqual({ type: 'VARBINARY', value: new Uint8Array([0x68, 0x69]) });
    const point = parseFieldValue('G"POINT(1 2)"');
    expect(point).toMatchObject({ type: 'GEOMETRY' });
    expect(Buffer.from((point as { value: Uint8Array }).value).toString('hex')).toBe('0101000000000000000000f03f0000000000000040');
    expect(parseFieldValue('G"POINT(oops)"')).toBe('invalid geometry POINT(oops)');
  });

  it('unescapes double quotes and backslashes in strings only', () => {
    expect(parseFieldValue('"say \\"hi\\" c:\\\\dir \\n"')).toEqual({ type: 'VARCHAR', value: 'say "hi" c:\\dir \\n' });
  });
});

describe('line protocol lines', () => {
  it('reads measurement, tags, fields and timestamp', () => {
    const p = parseLine('meters,location=SF,groupid=2 current=10.3,voltage=219i32,ok=t 1626006833639000000', 1);
    expect(p.measurement).toBe('meters');
    expect(p.tags).toEqual([
      ['location', 'SF'],
      ['groupid', '2'],
    ]);
    expect(p.fields).toEqual([
      ['current', { type: 'DOUBLE', value: 10.3 }],
      ['voltage', { type: 'INT', value: 219 }],
      ['ok', { type: 'BOOL', value: true }],
    ]);
    expect(p.ts).toBe(1626006833639000000n);
  });

  it('accepts a measurement without tags and a line without timestamp', () => {
    const p = parseLine('cpu usage=0.5', 1);
    expect(p.tags).toEqual([]);
    expect(p.ts).toBeUndefined();
  });

  it('applies the escaping rules of each element', () => {
    const p = parseLine('my\\ meas\\,ure,t\\ k\\=\\,=v\\ 1\\,\\= f\\=k\\ 1="a, b=\\"c\\" d" 1', 1);
    expect(p.measurement).toBe('my meas,ure');
    expect(p.tags).toEqual([['t k=,', 'v 1,=']]);
    expect(p.fields).toEqual([['f=k 1', { type: 'VARCHAR', value: 'a, b="c" d' }]]);
  });

  it('keeps a backslash that escapes nothing', () => {
    expect(parseLine('m,path=c:\\dir v=1', 1).tags).toEqual([['path', 'c:\\dir']]);
  });

  it('converts timestamps of every precision to nanoseconds', () => {
    const body = 'm v=1 1626006833';
    expect(parseLines(body, 's')[0].ts).toBe(1626006833000000000n);
    expect(parseLines('m v=1 1626006833639', 'ms')[0].ts).toBe(1626006833639000000n);
    expect(parseLines('m v=1 1626006833639123', 'u')[0].ts).toBe(1626006833639123000n);
    expect(parseLines('m v=1 1626006833639123456', 'ns')[0].ts).toBe(1626006833639123456n);
    expect(parseLines('m v=1 1626006833639123456')[0].ts).toBe(1626006833639123456n);
    expect(parseLines('m v=1 27100113', 'm')[0].ts).toBe(27100113n * 60_000_000_000n);
    expect(parseLines('m v=1 451668', 'h')[0].ts).toBe(451668n * 3_600_000_000_000n);
  });

  it('refuses an unknown precision', () => {
    expect(() => parseLines('m v=1 1', 'd')).toThrow(/precision/);
  });

  it('skips blank lines and comments, and counts every line', () => {
    const points = parseLines('# header\n\nm v=1 1\r\n  m v=2 2  \n');
    expect(points.map((p) => [p.line, p.fields[0][1].value])).toEqual([
      [3, 1],
      [4, 2],
    ]);
  });

  it.each([
    ['m', 'no fields'],
    ['m,t=1', 'no fields'],
    [',t=1 v=1', 'measurement is empty'],
    ['m,t v=1', 'invalid tag t'],
    ['m,t= v=1', 'tag t has no value'],
    ['m v=', 'field v'],
    ['m v=abc', 'invalid field value abc'],
    ['m v=1,v=2', 'duplicated key v'],
    ['m,a=1 a=2', 'duplicated key a'],
    ['m v=1 12x', 'invalid timestamp 12x'],
    ['m v=1 1 2', 'invalid timestamp 1 2'],
  ])('refuses %j naming the line', (line, why) => {
    let error: unknown;
    try {
      parseLines(`ok v=1 1\n${line}`);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TdError);
    expect((error as TdError).code).toBe(0x3002);
    expect((error as TdError).message).toContain(`line 2 "${line}"`);
    expect((error as TdError).message).toContain(why);
  });
});
