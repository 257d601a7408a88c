// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine, type ResultSet } from 'tscloud-engine';
import { quoteQualified, quoteText } from '@tscloud/contracts/sql';
import { HOSTILE_TEXTS } from '@tscloud/contracts/test/hostile-texts';
import { buildSql, emptyQuery } from '../pages/explorer/builder/sql';
import { filterSql, filteredChildTablesSql, newRule } from './filter';
import { childCountsSql, describeSql, stableSearchSql, tagValuesSql } from './stable';
import { childTagsSql, createChildTableSql, dropTableSql, setTagValuesSql, tablesPageSql } from './table';

/**
 * The web app's SQL generators (explorer dialogs, the tag filter, the query builder, the lists' name search) fed
 * with hostile values and names (contracts' table, issue 24 §1), run on a real engine and read back exactly.
 */
const T0 = 1_700_000_000_000;
const TEXTS = [...HOSTILE_TEXTS];
let engine: Engine;
let dir: string;
const rows = async (sql: string): Promise<unknown[][]> => ((await engine.execute(sql, { user: 'root' })) as ResultSet).rows;
const sortedStrings = (values: unknown[]) => values.map(String).sort();
/** What a LIKE '%text%' search must find among `names`. */
const containing = (names: readonly string[], text: string) => names.filter((n) => n.includes(text)).sort();

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-hostile-'));
  engine = await Engine.open({ dataDir: dir, limits: {} });
  await rows('CREATE DATABASE h');
  await rows('CREATE STABLE h.meters (ts TIMESTAMP, v INT) TAGS (loc VARCHAR(100), n NCHAR(100))');
  // Objects a member may have named anything in the console: child tables of h.named and super tables of hs.
  await rows('CREATE STABLE h.named (ts TIMESTAMP, v INT) TAGS (g INT)');
  await rows('CREATE DATABASE hs');
  for (const text of TEXTS) {
    await rows(`CREATE TABLE ${quoteQualified('h', text)} USING h.named TAGS (1)`);
    await rows(`CREATE STABLE ${quoteQualified('hs', text)} (ts TIMESTAMP, v INT) TAGS (g INT)`);
  }
}, 120_000);

afterAll(async () => {
  await engine?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('hostile values through the web SQL generators, read back from the engine', () => {
  it('the child table dialog writes tag values exactly; the tag editor changes them exactly', async () => {
    for (const [k, text] of TEXTS.entries()) {
      const tags = [
        { field: 'loc', type: 'VARCHAR' as const, value: text },
        { field: 'n', type: 'NCHAR' as const, value: text },
      ];
      await rows(createChildTableSql('h', { name: `c${k}`, stable: 'meters', tags }));
      await rows(`INSERT INTO h.c${k} VALUES (${T0 + k}, ${k})`);
      expect((await rows(childTagsSql('h', `c${k}`))).map((r) => [r[0], r[2]])).toEqual([['loc', text], ['n', text]]);
    }
    expect(sortedStrings((await rows(tagValuesSql('h', 'meters', 'loc', 'VARCHAR', 0, 1000))).map((r) => r[0]))).toEqual([...TEXTS].sort());
  });

  it('the tag filter and the query builder find each child by its hostile tag value, and only it', async () => {
    for (const [k, text] of TEXTS.entries()) {
      const rule = { ...newRule('loc', 'VARCHAR(100)'), operator: '=' as const, value: text };
      expect(await rows(filteredChildTablesSql('h', 'meters', filterSql(rule), 0, 10)), text).toEqual([[`c${k}`]]);
      const built = buildSql({
        ...emptyQuery(),
        database: 'h',
        table: 'meters',
        select: [{ column: 'v', fn: null, params: [] }],
        filters: [{ field: 'n', type: 'NCHAR(100)', operator: '=', value: text }],
      });
      expect(await rows(built), text).toEqual([[k]]);
    }
  });

  it('editing a tag writes the new hostile value', async () => {
    for (const [k, text] of TEXTS.entries()) {
      const next = TEXTS[TEXTS.length - 1 - k];
      const before = [{ field: 'loc', type: 'VARCHAR' as const, value: text }];
      for (const sql of setTagValuesSql('h', `c${k}`, before, [{ ...before[0], value: `${next}!` }])) await rows(sql);
      expect((await rows(childTagsSql('h', `c${k}`)))[0][2]).toBe(`${next}!`);
    }
  });

  it("the lists' name search finds exactly the names that contain the text (%, _ and backslash matched literally)", async () => {
    for (const text of TEXTS) {
      const tables = (await rows(tablesPageSql('h', 0, 100, 'named', text))).map((r) => String(r[0]));
      expect(tables.sort(), text).toEqual(containing(TEXTS, text));
      const stables = (await rows(stableSearchSql('hs', text))).map((r) => String(r[0]));
      expect(stables.sort(), text).toEqual(containing(TEXTS, text));
    }
    expect((await rows(childCountsSql('h', ['named', 'meters']))).map((r) => [r[0], Number(r[1])]).sort()).toEqual([
      ['meters', TEXTS.length],
      ['named', TEXTS.length],
    ]);
  });

  it('tables named anything are described and dropped by their stored names', async () => {
    for (const text of TEXTS) {
      expect((await rows(describeSql('hs', text))).map((r) => r[0]), text).toEqual(['ts', 'v', 'g']);
      await rows(dropTableSql('h', text));
    }
    expect(await rows(`SELECT table_name FROM information_schema.ins_tables WHERE db_name = 'h' AND stable_name = ${quoteText('named')}`)).toEqual([]);
  });
});
