import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine, parse, type ResultSet } from 'tscloud-engine';
import { streamCreateSchema, streamCreateSchemaFor, streamCreateSql } from '@tscloud/contracts';
import { STREAM_SQL_CASES, TRIGGER_MODEL_SQL_CASES } from '../../../contracts/test/stream-sql-cases';
import { triggerStreamFields } from '../../src/region/streams/model';

/**
 * Every statement the stream form can write (the exact texts of the contracts test) is accepted by a real engine,
 * and the stream it creates computes: rows written after CREATE reach the output super table.
 */
describe('streamCreateSql against the engine', () => {
  let engine: Engine;
  let dir: string;
  const run = (sql: string) => engine.execute(sql, { user: 'root' });
  const T0 = 1_699_999_980_000; // a whole minute

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stream-sql-'));
    engine = await Engine.open({ dataDir: dir, limits: {} });
    await run('CREATE DATABASE power');
    await run('CREATE DATABASE agg');
    await run('CREATE STABLE power.meters (ts TIMESTAMP, current DOUBLE, voltage INT, phase INT) TAGS (site INT)');
    await run('CREATE TABLE power.d0 USING power.meters TAGS (1)');
    await run('CREATE TABLE power.d1 USING power.meters TAGS (2)');
  });
  afterAll(async () => {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('accepts every generated statement and lists the streams', async () => {
    for (const c of STREAM_SQL_CASES) {
      const sql = streamCreateSql(streamCreateSchema.parse(c.body));
      await expect(run(sql), c.title).resolves.toBeTruthy();
    }
    const listed = (await run('SELECT stream_name, target_db, target_table FROM information_schema.ins_streams ORDER BY stream_name')) as ResultSet;
    expect(listed.rows).toEqual([
      ['Avg_Volt', 'power', 'out2'],
      ['s1', 'power', 'out1'],
      ['s3', 'power', 'out3'],
      ['s4', 'power', 'out4'],
      ['s5', 'power', 'out5'],
      ['s5t', 'power', 'out5t'],
      ['s6', 'agg', 'out6'],
      ['s7', 'power', 'out7'],
    ]);
  });

  it("reads every statement written in 3.3.7's grammar as one, and answers it as a 3.3.7 server without an snode", async () => {
    await run('CREATE DATABASE IF NOT EXISTS archive');
    for (const c of TRIGGER_MODEL_SQL_CASES) {
      const sql = streamCreateSql(streamCreateSchemaFor('triggers').parse(c.body), 'triggers');
      expect(parse(sql).kind, c.title).toBe('createTriggerStream');
      await expect(run(sql), c.title).rejects.toMatchObject({ message: 'No Snode is available' });
    }
  });

  it("lists a 3.3.7 stream's source, output, trigger and watermark from its statement", () => {
    const [, withOptions] = TRIGGER_MODEL_SQL_CASES;
    const sql = streamCreateSql(streamCreateSchemaFor('triggers').parse(withOptions.body), 'triggers');
    expect(triggerStreamFields(sql, 'power')).toEqual({ source_db: 'power', target_db: 'archive', target_table: 'out1', trigger: 'max delay', watermark_ms: 10_000 });
    // names without a database are the stream's own database's
    expect(triggerStreamFields('CREATE STREAM s2 COUNT_WINDOW(5) FROM m INTO o AS SELECT _twstart, count(*) FROM %%trows', 'plant')).toMatchObject({ source_db: 'plant', target_db: 'plant', target_table: 'o', trigger: 'window close', watermark_ms: 0 });
  });

  it('the streams compute: writes reach the output tables', async () => {
    const values = (i: number) => `(${T0 + i * 20_000}, ${i / 2}, ${200 + (i % 3) * 20}, ${Math.floor(i / 4) % 2})`;
    const rows = Array.from({ length: 24 }, (_, i) => values(i)).join(' ');
    await run(`INSERT INTO power.d0 VALUES ${rows} power.d1 VALUES ${rows}`);
    await engine.streams.idle();
    const count = async (table: string) => Number(((await run(`SELECT count(*) FROM ${table}`)) as ResultSet).rows[0][0]);
    // WINDOW_CLOSE interval of 1 minute: 8 minutes of data close 7 windows.
    expect(await count('power.out1')).toBe(7);
    // AT_ONCE, partitioned, sliding: both tables' windows are written, named by SUBTABLE.
    expect(await count('power.out2')).toBeGreaterThan(7);
    const children = (await run("SELECT DISTINCT tbname FROM power.out2 ORDER BY tbname")) as ResultSet;
    expect(children.rows).toEqual([['o_d0'], ['o_d1']]);
    expect(await count('power.out4')).toBeGreaterThan(0);
    expect(await count('agg.out6')).toBeGreaterThan(0);
    const columns = (await run('DESCRIBE power.out2')) as ResultSet;
    expect(columns.rows.map((r) => r[0])).toEqual(['_wstart', 'v', 'max_current', 'tname']);
  });
});
