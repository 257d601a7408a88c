import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cellJson } from '../../src/format/values';
import { openTestEngine, type TestEngine } from '../engine/helpers';

// DECIMAL columns as TDengine 3.3.7.5 takes and shows them; values from 04_types_geometry_decimal_json's goldens.
let t: TestEngine;

beforeEach(async () => {
  t = await openTestEngine();
  await t.run('CREATE DATABASE p');
  await t.run('CREATE TABLE p.dec (ts TIMESTAMP, d1 DECIMAL(10,2), d2 DECIMAL(20,6), d3 DECIMAL(38,10), d4 DECIMAL(5,0))');
});
afterEach(async () => t.close());

const column = async (name: string): Promise<unknown[]> => {
  const r = await t.run(`SELECT ${name} FROM p.dec ORDER BY ts`);
  if (r.kind !== 'rows') throw new Error('not rows');
  return r.rows.map((row) => (row[0] === null ? null : String(row[0])));
};

describe('DECIMAL values on INSERT', () => {
  it('keeps every digit of a long literal and reads exponents, rounding half up at the scale', async () => {
    await t.run(`INSERT INTO p.dec VALUES ('2024-01-01 00:00:00', 1.25, 123456.123456, 1234567890.0123456789, 123)`);
    await t.run(`INSERT INTO p.dec VALUES ('2024-01-01 00:00:01', -99999999.99, -99999999999999.999999, 9999999999999999999999999999.9999999999, -99999)`);
    await t.run(`INSERT INTO p.dec VALUES ('2024-01-01 00:00:02', 0.005, 0.0000005, 0.00000000005, 0)`);
    await t.run(`INSERT INTO p.dec VALUES ('2024-01-01 00:00:03', '3.14159', '2.718281828', '1e5', '42')`);
    expect(await column('d1')).toEqual(['1.25', '-99999999.99', '0.01', '3.14']);
    expect(await column('d2')).toEqual(['123456.123456', '-99999999999999.999999', '0.000001', '2.718282']);
    expect(await column('d3')).toEqual(['1234567890.0123456789', '9999999999999999999999999999.9999999999', '0.0000000001', '100000.0000000000']);
  });

  it('refuses more integer digits than the precision leaves with 317, reads text without a number as 0', async () => {
    await expect(t.run(`INSERT INTO p.dec (ts, d1) VALUES ('2024-01-01 00:01:00', 123456789.5)`)).rejects.toMatchObject({ code: 317 });
    await expect(t.run(`INSERT INTO p.dec (ts, d4) VALUES ('2024-01-01 00:01:00', 100000)`)).rejects.toMatchObject({ code: 317 });
    await t.run(`INSERT INTO p.dec (ts, d1) VALUES ('2024-01-01 00:01:00', 'abc')`);
    expect(await column('d1')).toEqual(['0.00']);
  });

  it('writes zero as 0 whatever the scale', () => {
    expect(cellJson('0.0000000000', 'DECIMAL(38,10)', 'ms')).toBe('"0"');
    expect(cellJson('1.000000', 'DECIMAL(20,6)', 'ms')).toBe('"1.000000"');
  });

  it('refuses a precision or scale out of range and a DECIMAL tag with 0x2602', async () => {
    for (const type of ['decimal(39,2)', 'decimal(10,11)', 'decimal(0,0)']) {
      await expect(t.run(`CREATE TABLE p.bad (ts TIMESTAMP, d ${type})`)).rejects.toMatchObject({ code: 0x2602 });
    }
    await expect(t.run('CREATE STABLE p.st (ts TIMESTAMP, v INT) TAGS (d DECIMAL(10,2))')).rejects.toMatchObject({
      code: 0x2602,
      message: 'Decimal type is not allowed for tag',
    });
  });
});
