import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { intersects } from '../../src/types/geometry/intersects';
import { readWkb, shapeText } from '../../src/types/geometry/wkb';
import { wktToWkb } from '../../src/types/geometry/wkt';
import { openTestEngine, type TestEngine } from '../engine/helpers';

// ST_* as TDengine 3.3.7.5 answers them; texts and metadata from 04_types_geometry_decimal_json's goldens.
const shape = (wkt: string) => readWkb(wktToWkb(wkt)!);

describe('WKB shapes', () => {
  it('writes WKT as ST_AsText does: six decimals, a space before the parenthesis, bare MULTIPOINT members', () => {
    expect(shapeText(shape('POINT(-3.5 4.25)'))).toBe('POINT (-3.500000 4.250000)');
    expect(shapeText(shape('POLYGON((0 0, 4 0, 4 4, 0 4, 0 0))'))).toBe('POLYGON ((0.000000 0.000000, 4.000000 0.000000, 4.000000 4.000000, 0.000000 4.000000, 0.000000 0.000000))');
    expect(shapeText(shape('MULTIPOINT((1 1), (2 2))'))).toBe('MULTIPOINT (1.000000 1.000000, 2.000000 2.000000)');
    expect(shapeText(shape('MULTILINESTRING((0 0, 1 1), (2 2, 3 3))'))).toBe('MULTILINESTRING ((0.000000 0.000000, 1.000000 1.000000), (2.000000 2.000000, 3.000000 3.000000))');
  });

  it('intersects shapes that share a point, boundaries included', () => {
    const square = shape('POLYGON((0 0, 4 0, 4 4, 0 4, 0 0))');
    expect(intersects(shape('POINT(1 1)'), shape('POINT(1 1)'))).toBe(true);
    expect(intersects(shape('POINT(1 1)'), shape('POINT(1 2)'))).toBe(false);
    expect(intersects(shape('POINT(2 2)'), square)).toBe(true);
    expect(intersects(shape('POINT(4 2)'), square)).toBe(true);
    expect(intersects(shape('POINT(5 2)'), square)).toBe(false);
    expect(intersects(shape('LINESTRING(-1 2, 5 2)'), square)).toBe(true);
    expect(intersects(shape('LINESTRING(0 0, 2 2)'), shape('LINESTRING(0 2, 2 0)'))).toBe(true);
    expect(intersects(shape('POLYGON((1 1, 2 1, 2 2, 1 2, 1 1))'), square)).toBe(true);
    expect(intersects(shape('POLYGON((5 5, 6 5, 6 6, 5 5))'), square)).toBe(false);
  });
});

describe('ST_* in queries', () => {
  let t: TestEngine;
  beforeEach(async () => {
    t = await openTestEngine();
    await t.run('CREATE DATABASE p');
    await t.run('CREATE TABLE p.geo (ts TIMESTAMP, id INT, g GEOMETRY(128))');
    await t.run(`INSERT INTO p.geo VALUES ('2024-01-01 00:00:00', 0, 'POINT(1 2)') ('2024-01-01 00:00:01', 1, NULL)`);
  });
  afterEach(async () => t.close());

  const query = async (sql: string) => {
    const r = await t.run(sql);
    if (r.kind !== 'rows') throw new Error('not rows');
    return r;
  };

  it('computes the functions with TDengine result types', async () => {
    const r = await query('SELECT st_astext(g), st_intersects(g, st_makepoint(1, 2)) FROM p.geo ORDER BY ts');
    expect(r.columns.map((c) => [c.type, c.length])).toEqual([
      ['VARCHAR', 128],
      ['BOOL', 1],
    ]);
    expect(r.rows).toEqual([
      ['POINT (1.000000 2.000000)', true],
      [null, null],
    ]);
    const made = await query(`SELECT st_makepoint(3, 4), st_geomfromtext('POINT(1 1)'), st_astext(null)`);
    expect(made.columns.map((c) => [c.type, c.length])).toEqual([
      ['GEOMETRY', 6],
      ['GEOMETRY', 10],
      ['VARCHAR', 0],
    ]);
    expect(Buffer.from(made.rows[0][0] as Uint8Array).toString('hex')).toBe('010100000000000000000008400000000000001040');
  });

  it('refuses a non-geometry argument (0x2802) and a constant that is no WKT (0x2803)', async () => {
    await expect(t.run('SELECT st_astext(id) FROM p.geo')).rejects.toMatchObject({ code: 0x2802 });
    await expect(t.run(`SELECT st_geomfromtext('POINT(a b)')`)).rejects.toMatchObject({ code: 0x2803 });
  });
});
