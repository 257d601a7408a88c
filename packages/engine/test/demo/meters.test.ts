import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METERS_START_TS, meterValues, metersChildrenSql, metersStableSql, metersTags, metersValuesSql } from '../../src/demo/meters';
import { openTestEngine, type TestEngine } from '../engine/helpers';

describe('taosBenchmark meters data set', () => {
  let t: TestEngine;
  beforeAll(async () => {
    t = await openTestEngine();
  });
  afterAll(() => t.close());

  it('gives each (table, row) the same values, in taosBenchmark-like ranges, varying between rows', () => {
    const seen = new Set<string>();
    for (let table = 0; table < 20; table++) {
      for (let row = 0; row < 200; row++) {
        const [current, voltage, phase] = meterValues(table, row);
        expect(meterValues(table, row)).toEqual([current, voltage, phase]);
        expect(current).toBeGreaterThanOrEqual(8);
        expect(current).toBeLessThanOrEqual(12);
        expect(Number.isInteger(voltage) && voltage >= 198 && voltage <= 235).toBe(true);
        expect(phase).toBeGreaterThanOrEqual(0);
        expect(phase).toBeLessThanOrEqual(1);
        seen.add(`${current},${voltage},${phase}`);
      }
    }
    expect(seen.size).toBeGreaterThan(3900);
    expect(metersTags(13)).toEqual([4, 'California.SanJose']);
  });

  it('its statements load into the engine: schema, tags, rows a step apart, values as generated', async () => {
    await t.run('CREATE DATABASE demo');
    await t.run(metersStableSql('demo'));
    await t.run(metersChildrenSql('demo', 0, 12));
    for (let table = 0; table < 12; table++) await t.run(`INSERT INTO demo.d${table} VALUES ${metersValuesSql(table, 0, 50, 1000)}`);
    const groups = await t.run('SELECT groupid, count(*) FROM demo.meters GROUP BY groupid ORDER BY groupid');
    expect(groups).toMatchObject({ rows: [[1, 100n], [2, 100n], [3, 50n], [4, 50n], [5, 50n], [6, 50n], [7, 50n], [8, 50n], [9, 50n], [10, 50n]] });
    const [current, voltage, phase] = meterValues(11, 49);
    const last = await t.run(`SELECT location, voltage, current, phase FROM demo.d11 WHERE ts = ${METERS_START_TS + 49 * 1000}`);
    expect(last).toMatchObject({ rows: [['California.LosAngles', voltage, Math.fround(current), Math.fround(phase)]] });
  });
});
