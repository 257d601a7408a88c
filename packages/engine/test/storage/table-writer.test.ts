import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StableDef } from '../../src/catalog/model';
import { Storage } from '../../src/storage/storage';
import type { DuckDBValue } from '@duckdb/node-api';
import { TableWriter, type TableRows } from '../../src/storage/table-writer';
import { createStableTables, stableDataTable, stableTagTable } from '../../src/storage/schema';
import { physicalNames } from '../../src/storage/names';

const stable: StableDef = {
  id: 7,
  name: 'meters',
  createTime: 0,
  columns: [
    { name: 'ts', type: { name: 'TIMESTAMP' } },
    { name: 'current', type: { name: 'FLOAT' } },
    { name: 'voltage', type: { name: 'INT' } },
  ],
  tags: [
    { name: 'groupid', type: { name: 'INT' } },
    { name: 'location', type: { name: 'VARCHAR', length: 24 } },
  ],
};

/** Row-major test rows [ts, ...columns] as the writer's column-major TableRows. */
function part(tid: number, rows: unknown[][]): TableRows {
  return {
    tid,
    ts: rows.map((r) => r[0] as bigint),
    columns: stable.columns.slice(1).map((_, c) => rows.map((r) => r[c + 1] as DuckDBValue)),
  };
}

let dir: string;
let storage: Storage;
let writer: TableWriter;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-storage-'));
  storage = await Storage.open(dir, {});
  await storage.attach('power');
  await createStableTables(storage, 'power', stable);
  writer = new TableWriter(storage);
});

afterEach(async () => {
  await storage.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const data = () => physicalNames.dataTable('power', stable.id);
const tags = () => physicalNames.tagTable('power', stable.id);

async function rowsOf(tid: number): Promise<unknown[][]> {
  const { rows } = await storage.query(`SELECT ts, voltage FROM ${data()} WHERE __tid = ${tid} ORDER BY ts`);
  return rows;
}

describe('TableWriter', () => {
  it('appends in-order rows and replaces rows whose timestamp already exists', async () => {
    const table = stableDataTable(stable);
    const n = await writer.write('power', {
      data: [{ table, tables: [part(1, [[1000n, 1.5, 220], [2000n, 1.6, 221]])] }],
    });
    expect(n).toBe(2);
    // in order: appended
    await writer.write('power', { data: [{ table, tables: [part(1, [[3000n, 1.7, 222]])] }] });
    // duplicate of 2000 and a late row 500: replaced / inserted, never duplicated
    await writer.write('power', { data: [{ table, tables: [part(1, [[2000n, 9.9, 999], [500n, 0.1, 100]])] }] });
    expect(await rowsOf(1)).toEqual([
      [500n, 100],
      [1000n, 220],
      [2000n, 999],
      [3000n, 222],
    ]);
  });

  it('keeps the last of duplicate timestamps inside one statement and isolates tables', async () => {
    const table = stableDataTable(stable);
    await writer.write('power', {
      data: [
        {
          table,
          tables: [
            part(1, [[1000n, 1, 1], [1000n, 2, 2], [900n, 3, 3]]),
            part(2, [[1000n, 4, 4]]),
          ],
        },
      ],
    });
    expect(await rowsOf(1)).toEqual([
      [900n, 3],
      [1000n, 2],
    ]);
    expect(await rowsOf(2)).toEqual([[1000n, 4]]);
  });

  it('finds existing rows after a reopen (the fast-path marks are reloaded from disk)', async () => {
    const table = stableDataTable(stable);
    await writer.write('power', { data: [{ table, tables: [part(1, [[1000n, 1, 1]])] }] });
    await storage.close();
    storage = await Storage.open(dir, {});
    await storage.attach('power');
    writer = new TableWriter(storage);
    await writer.write('power', { data: [{ table, tables: [part(1, [[1000n, 2, 2]])] }] });
    expect(await rowsOf(1)).toEqual([[1000n, 2]]);
  });

  it('SET TAG changes the tags every old row reads', async () => {
    const table = stableDataTable(stable);
    await writer.write('power', {
      newTags: [{ table: stableTagTable(stable), rows: [[1, 'd1', 0n, 1, 'California.SanJose']] }],
      data: [{ table, tables: [part(1, [[1000n, 1, 1], [2000n, 2, 2]])] }],
    });
    await storage.exec('power', `UPDATE ${tags()} SET location = 'California.Cupertino' WHERE __tid = 1`);
    const { rows } = await storage.query(
      `SELECT d.ts, t.location FROM ${data()} d JOIN ${tags()} t USING (__tid) ORDER BY d.ts`,
    );
    expect(rows).toEqual([
      [1000n, 'California.Cupertino'],
      [2000n, 'California.Cupertino'],
    ]);
  });

  it('rolls back a failed statement entirely', async () => {
    const table = stableDataTable(stable);
    await expect(
      writer.write('power', {
        data: [{ table, tables: [part(1, [[1000n, 1, 1], [2000n, 1, 'not a number']])] }],
      }),
    ).rejects.toThrow();
    expect(await rowsOf(1)).toEqual([]);
  });

  it('lets writes finish while a long query runs on a read connection', async () => {
    const table = stableDataTable(stable);
    const order: string[] = [];
    const query = storage.query('SELECT sum(hash(range)) FROM range(40000000)').then(() => order.push('query'));
    await new Promise((r) => setTimeout(r, 50));
    await writer.write('power', { data: [{ table, tables: [part(1, [[1000n, 1, 1]])] }] });
    order.push('write');
    await query;
    expect(order).toEqual(['write', 'query']);
  });

  describe('composite key (rows identified by ts and key)', () => {
    const keyed: StableDef = {
      id: 8,
      name: 'orders',
      createTime: 0,
      columns: [
        { name: 'ts', type: { name: 'TIMESTAMP' } },
        { name: 'id', type: { name: 'INT' }, primaryKey: true },
        { name: 'amount', type: { name: 'DOUBLE' } },
      ],
      tags: [{ name: 'g', type: { name: 'INT' } }],
    };
    const table = () => stableDataTable(keyed);
    const rows = (tid: number, list: [bigint, number, number | null][]): TableRows => ({
      tid,
      ts: list.map((r) => r[0]),
      columns: [list.map((r) => r[1]), list.map((r) => r[2])],
    });
    const stored = async (tid: number) =>
      (await storage.query(`SELECT ts, id, amount FROM ${physicalNames.dataTable('power', keyed.id)} WHERE __tid = ${tid} ORDER BY ts, id`)).rows;

    beforeEach(async () => {
      await createStableTables(storage, 'power', keyed);
    });

    it('names the key of a composite-key table only', () => {
      expect(table().keyColumn).toBe('id');
      expect(stableDataTable(stable).keyColumn).toBeUndefined();
    });

    it('keeps rows with one timestamp and different keys, and replaces a row with the same timestamp and key', async () => {
      const n = await writer.write('power', { data: [{ table: table(), tables: [rows(1, [[1000n, 1, 9.99], [1000n, 2, 19.5], [2000n, 1, 5]])] }] });
      expect(n).toBe(3);
      // a later statement: (1000, 2) replaces, (1000, 3) is new although its timestamp is stored and not the newest
      await writer.write('power', { data: [{ table: table(), tables: [rows(1, [[1000n, 2, 20], [1000n, 3, 7]])] }] });
      expect(await stored(1)).toEqual([
        [1000n, 1, 9.99],
        [1000n, 2, 20],
        [1000n, 3, 7],
        [2000n, 1, 5],
      ]);
    });

    it('merges equal (ts, key) rows of one statement and keeps distinct keys, whatever their order', async () => {
      const n = await writer.write('power', {
        data: [{ table: table(), tables: [rows(1, [[2000n, 2, 1], [1000n, 5, 2], [2000n, 1, 3], [2000n, 2, null], [1000n, 5, 4]])] }],
      });
      expect(n).toBe(3);
      expect(await stored(1)).toEqual([
        [1000n, 5, 4],
        [2000n, 1, 3],
        // PREFER_NON_NULL: the NULL written later keeps the earlier value
        [2000n, 2, 1],
      ]);
    });

    it('inserts out-of-order rows into an earlier time without touching other keys, and finds them after a reopen', async () => {
      await writer.write('power', { data: [{ table: table(), tables: [rows(1, [[1000n, 1, 1], [3000n, 1, 3]]), rows(2, [[1000n, 1, 100]])] }] });
      await storage.close();
      storage = await Storage.open(dir, {});
      await storage.attach('power');
      writer = new TableWriter(storage);
      await writer.write('power', { data: [{ table: table(), tables: [rows(1, [[1000n, 2, 2], [1000n, 1, 10], [500n, 9, 0]])] }] });
      expect(await stored(1)).toEqual([
        [500n, 9, 0],
        [1000n, 1, 10],
        [1000n, 2, 2],
        [3000n, 1, 3],
      ]);
      expect(await stored(2)).toEqual([[1000n, 1, 100]]);
    });

    it('replaces by a text key, quotes included', async () => {
      const texts: StableDef = { ...keyed, id: 9, columns: [keyed.columns[0], { name: 'k', type: { name: 'VARCHAR', length: 16 }, primaryKey: true }, keyed.columns[2]] };
      await createStableTables(storage, 'power', texts);
      const t = stableDataTable(texts);
      const write = (list: [bigint, string, number][]) =>
        writer.write('power', { data: [{ table: t, tables: [{ tid: 1, ts: list.map((r) => r[0]), columns: [list.map((r) => r[1]), list.map((r) => r[2])] }] }] });
      await write([[1000n, "o'k", 1], [1000n, 'a', 2]]);
      await write([[1000n, "o'k", 3]]);
      const { rows: got } = await storage.query(`SELECT ts, k, amount FROM ${physicalNames.dataTable('power', texts.id)} ORDER BY ts, k`);
      expect(got).toEqual([
        [1000n, 'a', 2],
        [1000n, "o'k", 3],
      ]);
    });
  });
});
