import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine, type ResultSet } from 'tscloud-engine';
import { streamCreateSchema, streamCreateSql, topicCreateSchema, topicCreateSql } from '@tscloud/contracts';
import { quoteName, quoteQualified, quoteText } from '@tscloud/contracts/sql';
import { HOSTILE_TEXTS } from '@tscloud/contracts/test/hostile-texts';
import { csvLine } from '../../src/region/explorer/csv';
import { readCsv } from '../../src/region/explorer/csv-read';
import { mapColumns, tuplesOf } from '../../src/region/explorer/import-values';
import { engineUserSql } from '../../src/region/instance-users/engine-users';

/**
 * The server's SQL generators fed with hostile values (contracts' table, issue 24 §1) and run on a real engine:
 * CSV import, the instance users' reconcile, the stream and topic forms' statements. Every value is read back
 * from the engine and compared with what was written.
 */
let engine: Engine;
let dir: string;
const T0 = 1_700_000_000_000;
const run = async (sql: string, db?: string) => (await engine.execute(sql, { user: 'root', db })) as ResultSet;
const rows = async (sql: string) => (await run(sql)).rows;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-values-'));
  engine = await Engine.open({ dataDir: dir, limits: {} });
  await run('CREATE DATABASE h');
  await run('CREATE TABLE h.notes (ts TIMESTAMP, body VARCHAR(100), note NCHAR(100))');
  await run('CREATE STABLE h.meters (ts TIMESTAMP, v INT) TAGS (loc VARCHAR(100))');
  for (const [k, text] of HOSTILE_TEXTS.entries()) await run(`INSERT INTO h.m${k} USING h.meters TAGS (${quoteText(text)}) VALUES (${T0 + k}, ${k})`);
}, 120_000);

afterAll(async () => {
  await engine?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('hostile values through the server SQL generators, read back from the engine', () => {
  it('CSV import: the file read, mapped and turned into VALUES stores every text exactly', async () => {
    const csv = csvLine(['ts', 'body', 'note']) + HOSTILE_TEXTS.map((text, k) => csvLine([T0 + k, text, text])).join('');
    const columns = [
      { name: 'ts', type: 'TIMESTAMP' },
      { name: 'body', type: 'VARCHAR(100)' },
      { name: 'note', type: 'NCHAR(100)' },
    ];
    const mapped = mapColumns(readCsv(csv), columns);
    const head = `INSERT INTO h.notes (${mapped.columns.map((c) => quoteName(c.name)).join(',')}) VALUES `;
    await run(head + tuplesOf(mapped.rows, mapped.columns).join(' '));
    expect(await rows('SELECT body, note FROM h.notes ORDER BY ts')).toEqual(HOSTILE_TEXTS.map((text) => [text, text]));
  });

  it('instance users: a hostile password signs in, grants on hostile database and table names are stored as named', async () => {
    const names = HOSTILE_TEXTS.slice(0, 5);
    for (const name of names) {
      await run(`CREATE DATABASE ${quoteName(name)}`);
      await run(`CREATE TABLE ${quoteQualified(name, name)} (ts TIMESTAMP, v INT)`);
    }
    // padded to the engine's 8-byte minimum (TDengine 3.3.7.5's), the hostile part kept
    const passwords = HOSTILE_TEXTS.map((p) => p.padEnd(8, '_')).filter((p) => Buffer.byteLength(p) <= 31);
    for (const [k, password] of passwords.entries()) {
      await run(engineUserSql.create(`u_hostile${k}`, password));
      expect(engine.authenticate(`u_hostile${k}`, password).name).toBe(`u_hostile${k}`);
      expect(() => engine.authenticate(`u_hostile${k}`, `${password}x`)).toThrow();
    }
    for (const name of names) {
      await run(engineUserSql.grant({ privilege: 'READ', db: name, table: name }, 'u_hostile0'));
      await run(engineUserSql.grant({ privilege: 'WRITE', db: name, table: '*' }, 'u_hostile0'));
    }
    const granted = async () =>
      (await rows("SELECT privilege, db_name, table_name FROM information_schema.ins_user_privileges WHERE user_name = 'u_hostile0'"))
        .map((r) => JSON.stringify(r))
        .sort();
    const expected = names.flatMap((name) => [JSON.stringify(['read', name, name]), JSON.stringify(['write', name, '*'])]).sort();
    expect(await granted()).toEqual(expected);
    for (const name of names) await run(engineUserSql.revokeAll(name, name, 'u_hostile0'));
    expect(await granted()).toEqual(names.map((name) => JSON.stringify(['write', name, '*'])).sort());
  });

  it('stream form: a WHERE holding a hostile literal passes the form check and the stream sees only that table', async () => {
    for (const [k, text] of HOSTILE_TEXTS.entries()) {
      const body = streamCreateSchema.parse({
        name: `s${k}`,
        source_db: 'h',
        source_table: 'meters',
        target_table: `out${k}`,
        trigger: 'AT_ONCE',
        fill_history: true,
        window: 'INTERVAL',
        interval: '1s',
        where: `loc = ${quoteText(text)}`,
        columns: [{ fn: 'SUM', column: 'v' }],
      });
      await run(streamCreateSql(body));
    }
    await engine.streams.idle();
    for (const [k] of HOSTILE_TEXTS.entries()) expect((await rows(`SELECT * FROM h.out${k}`)).map((r) => Number(r[1])), HOSTILE_TEXTS[k]).toEqual([k]);
  });

  it('topic form: a condition holding a hostile literal passes the form check and the topic selects that table', async () => {
    for (const [k, text] of HOSTILE_TEXTS.entries()) {
      const body = topicCreateSchema.parse({ name: `t${k}`, kind: 'stable', db: 'h', stable: 'meters', condition: `loc = ${quoteText(text)}` });
      await run(topicCreateSql(body));
      expect(await rows(`SELECT topic_name FROM information_schema.ins_topics WHERE topic_name = 't${k}'`)).toEqual([[`t${k}`]]);
      const query = await rows(`SELECT tbname FROM h.meters WHERE ${body.condition}`);
      expect(query).toEqual([[`m${k}`]]);
    }
  });
});
