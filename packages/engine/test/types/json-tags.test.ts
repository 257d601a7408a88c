import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestEngine, type TestEngine } from '../engine/helpers';

// JSON tags as TDengine's tag parser takes them; codes and values from 04_types_geometry_decimal_json's goldens.
let t: TestEngine;

beforeEach(async () => {
  t = await openTestEngine();
  await t.run('CREATE DATABASE p');
  await t.run('CREATE STABLE p.js (ts TIMESTAMP, v INT) TAGS (info JSON)');
});
afterEach(async () => t.close());

describe('JSON tags', () => {
  it('refuses text that is no JSON, a root that is no object and nested values with 534', async () => {
    for (const tag of ['not json', '[1,2,3]', '{"tags":["a","b"]}', '{"o":{"x":1}}']) {
      await expect(t.run(`CREATE TABLE p.j USING p.js TAGS ('${tag}')`)).rejects.toMatchObject({ code: 0x216 });
    }
    await t.run(`CREATE TABLE p.j USING p.js TAGS ('{"x":null,"n":1.5,"b":true,"s":"値"}')`);
  });

  it('stores keys sorted and `{}` as a NULL tag', async () => {
    await t.run(`CREATE TABLE p.j1 USING p.js TAGS ('{"pop":1,"city":"Paris","eu":true}')`);
    await t.run(`CREATE TABLE p.j2 USING p.js TAGS ('{}')`);
    expect(await t.tags('p', 'j1')).toEqual(['{"city":"Paris","eu":true,"pop":1}']);
    expect(await t.tags('p', 'j2')).toEqual([null]);
  });

  it('reads a JSON value in arithmetic as a number, text as strtod does, a missing key as NULL', async () => {
    await t.run(`INSERT INTO p.j1 USING p.js TAGS ('{"city":"Paris","pop":5}') VALUES ('2024-01-01 00:00:00', 1)`);
    await t.run(`INSERT INTO p.j2 USING p.js TAGS ('{"k":1}') VALUES ('2024-01-01 00:00:00', 2)`);
    const r = await t.run(`SELECT info->'city' + 1, info->'pop' * 2 FROM p.js ORDER BY v`);
    expect(r).toMatchObject({ kind: 'rows', rows: [[1, 10], [null, null]] });
  });

  it('shows the JSON tag type in ins_tags as JSON(16382)', async () => {
    await t.run(`CREATE TABLE p.j1 USING p.js TAGS ('{"a":1}')`);
    const r = await t.run(`SELECT tag_type FROM information_schema.ins_tags WHERE db_name = 'p' AND table_name = 'j1'`);
    expect(r).toMatchObject({ kind: 'rows', rows: [['JSON(16382)']] });
  });
});
