import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteName, quoteQualified, quoteText } from '@tscloud/contracts/sql';
import { HOSTILE_TEXTS } from '@tscloud/contracts/test/hostile-texts';
import type { ResultSet } from '../../src/format/result';
import { openTestEngine, type TestEngine } from '../engine/helpers';
import { drain, subscribe } from '../topics/helpers';

/**
 * The SQL the engine writes itself, fed with hostile names and values (issue 24 §1): SHOW CREATE output run again
 * recreates the same objects, topic snapshots and streams read and write tables and tags named by them. Every
 * check reads the text back from the engine and compares it with what was written.
 */
let t: TestEngine;
const T0 = 1_700_000_000_000;
const rows = async (sql: string, db?: string): Promise<unknown[][]> => ((await t.run(sql, { db })) as ResultSet).rows;
const createText = async (sql: string, db?: string): Promise<string> => String((await rows(sql, db))[0][1]);
/** Child table k of h.meters is named HOSTILE_TEXTS[k], with both tags holding the same text. */
const children = HOSTILE_TEXTS.map((text, k) => ({ name: text, loc: text, ts: T0 + k }));
const tagRows = async (stable: string) =>
  (await rows(`SELECT table_name, tag_name, tag_value FROM information_schema.ins_tags WHERE db_name = 'h' AND stable_name = ${quoteText(stable)}`))
    .map((r) => JSON.stringify(r))
    .sort();

beforeAll(async () => {
  t = await openTestEngine();
  await t.run('CREATE DATABASE h WAL_RETENTION_PERIOD 3600');
  await t.run('CREATE STABLE h.meters (ts TIMESTAMP, v INT) TAGS (loc VARCHAR(100), n NCHAR(100))');
  for (const c of children) {
    await t.run(`INSERT INTO ${quoteQualified('h', c.name)} USING h.meters TAGS (${quoteText(c.loc)}, ${quoteText(c.loc)}) VALUES (${c.ts}, 1)`);
  }
}, 120_000);

afterAll(async () => {
  await t.close();
});

describe('hostile texts through the SQL the engine writes', () => {
  it('stores child tables and tags exactly as written', async () => {
    const tags = await tagRows('meters');
    expect(tags).toEqual(children.flatMap((c) => [JSON.stringify([c.name, 'loc', c.loc]), JSON.stringify([c.name, 'n', c.loc])]).sort());
  });

  it('SHOW CREATE TABLE of child tables, run again, recreates the same names and tag values', async () => {
    const before = await tagRows('meters');
    const created = [];
    for (const c of children) created.push(await createText(`SHOW CREATE TABLE ${quoteQualified('h', c.name)}`));
    for (const c of children) await t.run(`DROP TABLE ${quoteQualified('h', c.name)}`);
    expect(await tagRows('meters')).toEqual([]);
    for (const sql of created) await t.run(sql, { db: 'h' });
    expect(await tagRows('meters')).toEqual(before);
    for (const c of children) await t.run(`INSERT INTO ${quoteQualified('h', c.name)} VALUES (${c.ts}, 1)`);
  });

  it('SHOW CREATE TABLE and STABLE with hostile column names, comments and a JSON tag recreate them', async () => {
    const columns = HOSTILE_TEXTS.map((text) => `${quoteName(text)} INT`).join(', ');
    for (const [k, comment] of HOSTILE_TEXTS.entries()) {
      const normal = `n${k}`;
      const stable = `s${k}`;
      await t.run(`CREATE TABLE h.${normal} (ts TIMESTAMP, ${columns}) COMMENT ${quoteText(comment)}`);
      await t.run(`CREATE STABLE h.${stable} (ts TIMESTAMP, v INT) TAGS (j JSON) COMMENT ${quoteText(comment)}`);
      // a JSON key is printable ASCII (TDengine refuses others: "json key not validate"); the value carries the text
      await t.run(`CREATE TABLE h.j${k} USING h.${stable} TAGS (${quoteText(JSON.stringify({ key: comment }))})`);
      const describe = async (table: string) => (await rows(`DESCRIBE h.${table}`)).map((r) => r[0]);
      const read = async () => ({
        columns: await describe(normal),
        comments: await rows(`SELECT table_name, table_comment FROM information_schema.ins_tables WHERE db_name = 'h' AND table_name = '${normal}'`),
        stableComment: await rows(`SELECT stable_name, table_comment FROM information_schema.ins_stables WHERE db_name = 'h' AND stable_name = '${stable}'`),
        json: await tagRows(stable),
      });
      const before = await read();
      expect(before.columns).toEqual(['ts', ...HOSTILE_TEXTS]);
      expect(before.comments).toEqual([[normal, comment]]);
      expect(before.stableComment).toEqual([[stable, comment]]);
      expect(JSON.parse(JSON.parse(before.json[0])[2])).toEqual({ key: comment });
      const created = [
        await createText(`SHOW CREATE TABLE h.${normal}`),
        await createText(`SHOW CREATE STABLE h.${stable}`),
        await createText(`SHOW CREATE TABLE h.j${k}`),
      ];
      await t.run(`DROP TABLE h.${normal}`);
      await t.run(`DROP STABLE h.${stable}`);
      for (const sql of created) await t.run(sql, { db: 'h' });
      expect(await read()).toEqual(before);
    }
  });

  it('SHOW CREATE DATABASE and SHOW CREATE VIEW recreate hostile names', async () => {
    for (const name of HOSTILE_TEXTS.slice(0, 6)) {
      const viewName = `v_${name}`;
      await t.run(`CREATE DATABASE ${quoteName(name)}`);
      await t.run(`CREATE VIEW ${quoteQualified('h', viewName)} AS SELECT ts, v FROM h.meters WHERE loc = ${quoteText(name)}`);
      const database = await createText(`SHOW CREATE DATABASE ${quoteName(name)}`);
      const view = await createText(`SHOW CREATE VIEW ${quoteQualified('h', viewName)}`);
      await t.run(`DROP DATABASE ${quoteName(name)}`);
      await t.run(`DROP VIEW ${quoteQualified('h', viewName)}`);
      await t.run(database);
      await t.run(view);
      expect(await rows(`SELECT name FROM information_schema.ins_databases WHERE name = ${quoteText(name)}`)).toEqual([[name]]);
      expect(await rows(`SELECT view_name FROM information_schema.ins_views WHERE db_name = 'h' AND view_name = ${quoteText(viewName)}`)).toEqual([[viewName]]);
      expect((await rows(`SELECT v FROM ${quoteQualified('h', viewName)}`)).length).toBe(1);
      await t.run(`DROP DATABASE ${quoteName(name)}`);
    }
  });

  it('a topic snapshot reads every child table by its name, with and without a tag condition', async () => {
    const left = children[0];
    await t.run('CREATE TOPIC hostile_all AS STABLE h.meters');
    await t.run(`CREATE TOPIC hostile_some AS STABLE h.meters WHERE loc IN (${children.slice(1).map((c) => quoteText(c.loc)).join(', ')})`);
    const all = await drain(t.engine, subscribe(t.engine, { groupId: 'all', topics: ['hostile_all'], offsetReset: 'earliest' }));
    const some = await drain(t.engine, subscribe(t.engine, { groupId: 'some', topics: ['hostile_some'], offsetReset: 'earliest' }));
    expect(all.map((r) => r.table).sort()).toEqual(children.map((c) => c.name).sort());
    expect(some.map((r) => r.table).sort()).toEqual(children.filter((c) => c !== left).map((c) => c.name).sort());
    expect(all.map((r) => JSON.parse(r.row)[1])).toEqual(children.map(() => 1));
  });

  it('a stream partitioned by hostile table names writes their tags and children, and follows their deletes', async () => {
    await t.run(
      'CREATE STREAM hostile_stream TRIGGER AT_ONCE IGNORE EXPIRED 0 INTO h.out TAGS (tb VARCHAR(100)) SUBTABLE(concat(\'o_\', tbname)) ' +
        'AS SELECT _wstart, count(*) AS n FROM h.meters PARTITION BY tbname INTERVAL(1s)',
    );
    for (const c of children) await t.run(`INSERT INTO ${quoteQualified('h', c.name)} VALUES (${c.ts + 5_000}, 2)`);
    await t.engine.streams.idle();
    const output = async () => (await rows('SELECT tbname, tb, n FROM h.out')).map((r) => JSON.stringify([r[0], r[1], Number(r[2])])).sort();
    expect(await output()).toEqual(children.map((c) => JSON.stringify([`o_${c.name}`, c.name, 1])).sort());
    const gone = children[children.length - 1];
    await t.run(`DELETE FROM ${quoteQualified('h', gone.name)} WHERE ts = ${gone.ts + 5_000}`);
    await t.engine.streams.idle();
    expect(await output()).toEqual(children.filter((c) => c !== gone).map((c) => JSON.stringify([`o_${c.name}`, c.name, 1])).sort());
  });
});
