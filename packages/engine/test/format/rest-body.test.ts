import { describe, expect, it } from 'vitest';
import { errorBody, successBody } from '../../src/format/rest-body';
import { formatTimestamp } from '../../src/format/timestamp';
import { affected } from '../../src/format/result';

describe('formatTimestamp', () => {
  it('prints fixed fraction digits per precision in UTC', () => {
    expect(formatTimestamp(1500000000000, 'ms')).toBe('2017-07-14T02:40:00.000Z');
    expect(formatTimestamp(1500000000000123n, 'us')).toBe('2017-07-14T02:40:00.000123Z');
    expect(formatTimestamp(1500000000000000001n, 'ns')).toBe('2017-07-14T02:40:00.000000001Z');
    expect(formatTimestamp(-1, 'ms')).toBe('1969-12-31T23:59:59.999Z');
  });

  it('writes a time outside years 1–9999 as its integer, as taosAdapter does', () => {
    expect(formatTimestamp(-62167219200000n, 'ms')).toBe('-62167219200000');
    expect(formatTimestamp(253402300799999n, 'ms')).toBe('9999-12-31T23:59:59.999Z');
    expect(formatTimestamp(253402300800000n, 'ms')).toBe('253402300800000');
    expect(formatTimestamp(9223372036854775807n, 'ms')).toBe('9223372036854775807');
    expect(formatTimestamp(9223372036854775807n, 'ns')).toBe('2262-04-11T23:47:16.854775807Z');
  });

  it('prints the zone offset when a time zone is given', () => {
    expect(formatTimestamp(1500000000000, 'ms', 'Asia/Shanghai')).toBe('2017-07-14T10:40:00.000+08:00');
    expect(formatTimestamp(1500000000000, 'ms', 'America/New_York')).toBe('2017-07-13T22:40:00.000-04:00');
    expect(formatTimestamp(1500000000000, 'ms', 'UTC')).toBe('2017-07-14T02:40:00.000+00:00');
  });
});

describe('successBody', () => {
  it('shows DDL/INSERT as one affected_rows column', () => {
    expect(successBody(affected(0))).toBe('{"code":0,"column_meta":[["affected_rows","INT",4]],"data":[[0]],"rows":1}');
    expect(successBody(affected(3), { rowWithMeta: true, timing: 12 })).toBe(
      '{"code":0,"column_meta":[["affected_rows","INT",4]],"data":[{"affected_rows":3}],"rows":1,"timing":12}',
    );
  });

  it('formats every kind of value like taosAdapter', () => {
    const body = successBody({
      kind: 'rows',
      precision: 'ms',
      columns: [
        { name: 'ts', type: 'TIMESTAMP', length: 8 },
        { name: 'current', type: 'FLOAT', length: 4 },
        { name: 'voltage', type: 'INT', length: 4 },
        { name: 'big', type: 'BIGINT UNSIGNED', length: 8 },
        { name: 'ok', type: 'BOOL', length: 1 },
        { name: 'location', type: 'VARCHAR', length: 24 },
        { name: 'bin', type: 'VARBINARY', length: 8 },
        { name: 'j', type: 'JSON', length: 4095 },
        { name: 'd', type: 'DECIMAL(10,2)', length: 8 },
      ],
      rows: [
        [1500000000000n, Math.fround(10.3), 219, 18446744073709551615n, true, 'California "SJ"', new Uint8Array([1, 171]), '{"k":1}', '12.50'],
        [1500000000001n, null, null, null, null, null, null, null, null],
      ],
    });
    expect(body).toBe(
      '{"code":0,"column_meta":[["ts","TIMESTAMP",8],["current","FLOAT",4],["voltage","INT",4],["big","BIGINT UNSIGNED",8],["ok","BOOL",1],["location","VARCHAR",24],["bin","VARBINARY",8],["j","JSON",4095],["d","DECIMAL(10,2)",8]],' +
        '"data":[["2017-07-14T02:40:00.000Z",10.3,219,18446744073709551615,true,"California \\"SJ\\"","01ab",{"k":1},"12.50"],' +
        '["2017-07-14T02:40:00.001Z",null,null,null,null,null,null,null,null]],"rows":2}',
    );
  });

  it('gives an empty data array for an empty result', () => {
    expect(successBody({ kind: 'rows', precision: 'ms', columns: [{ name: 'ts', type: 'TIMESTAMP', length: 8 }], rows: [] })).toBe(
      '{"code":0,"column_meta":[["ts","TIMESTAMP",8]],"data":[],"rows":0}',
    );
  });
});

describe('errorBody', () => {
  it('masks the code to 16 bits and always carries timing', () => {
    expect(errorBody(0x80002600, 'syntax error near "selec"', 41022)).toBe('{"code":9728,"desc":"syntax error near \\"selec\\"","timing":41022}');
  });
});
