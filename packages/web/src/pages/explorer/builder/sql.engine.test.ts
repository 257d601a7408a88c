// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from 'tscloud-engine';
import { TDENGINE_FUNCTIONS } from '@tscloud/contracts';
import { buildSql, emptyQuery, type BuilderQuery } from './sql';

/**
 * The builder's SQL against a real engine (a temp directory with data): each built statement must give exactly the
 * rows of the same question typed by hand, and must not be an error.
 */
let engine: Engine;
let dir: string;

const plain = (value: unknown) => JSON.parse(JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));
async function rows(sql: string): Promise<unknown[][]> {
  const result = await engine.execute(sql, { user: 'root' });
  if (result.kind !== 'rows') throw new Error(`not rows: ${sql}`);
  return plain(result.rows);
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-builder-'));
  engine = await Engine.open({ dataDir: dir });
  const run = (sql: string) => engine.execute(sql, { user: 'root' });
  await run('CREATE DATABASE power');
  await run('CREATE STABLE power.meters (ts TIMESTAMP, current FLOAT, voltage INT, `value` DOUBLE, note VARCHAR(20)) TAGS (location VARCHAR(24), groupid INT)');
  const base = Date.UTC(2024, 0, 1);
  const lines: string[] = [];
  for (const [i, [name, loc, group]] of ([['d1', "O'Brien", 1], ['d2', 'San Jose', 2], ['d3', 'San Diego', 2]] as const).entries()) {
    const values: string[] = [];
    for (let k = 0; k < 40; k++) {
      const ts = base + k * 90_000 + i * 1000;
      const note = k % 7 === 0 ? 'NULL' : `'n${k % 3}'`;
      values.push(`(${ts}, ${(10 + ((k * (i + 1)) % 13) / 2).toFixed(1)}, ${200 + ((k * 7 + i) % 30)}, ${k * 1.25 - i}, ${note})`);
    }
    const escaped = loc.replace(/'/g, "\\'");
    lines.push(`INSERT INTO power.${name} USING power.meters TAGS ('${escaped}', ${group}) VALUES ${values.join(' ')}`);
  }
  for (const line of lines) await run(line);
}, 120_000);

afterAll(async () => {
  await engine?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const q = (over: Partial<BuilderQuery>): BuilderQuery => ({ ...emptyQuery(), database: 'power', table: 'meters', ...over });

const cases: Array<{ name: string; built: BuilderQuery; typed: string }> = [
  {
    name: 'filters by tag, number range and string pattern',
    built: q({
      select: [{ column: 'ts', fn: null, params: [] }, { column: 'voltage', fn: null, params: [] }, { column: 'location', fn: null, params: [] }],
      filters: [
        { field: 'location', type: 'VARCHAR', operator: 'LIKE', value: 'San%' },
        { field: 'voltage', type: 'INT', operator: 'BETWEEN', value: ['205', '220'] },
        { field: 'note', type: 'VARCHAR', operator: 'IS NOT NULL', value: '' },
      ],
    }),
    typed: "select ts, voltage, location from power.meters where location like 'San%' and voltage between 205 and 220 and note is not null order by ts",
  },
  {
    name: 'a quoted tag value, IN lists and OR',
    built: q({
      select: [{ column: 'ts', fn: null, params: [] }, { column: 'groupid', fn: null, params: [] }],
      connector: 'OR',
      filters: [
        { field: 'location', type: 'VARCHAR', operator: '=', value: "O'Brien" },
        { field: 'groupid', type: 'INT', operator: 'IN', value: '7, 8' },
      ],
      timeRange: { from: '2024-01-01T00:10:00.000Z', to: '2024-01-01T00:30:00.000Z' },
    }),
    typed: "select ts, groupid from power.meters where ts >= 1704067800000 and ts < 1704069000000 and (location = 'O''Brien' or groupid in (7, 8)) order by ts",
  },
  {
    name: 'windows per child table with FILL',
    built: q({
      select: [{ column: 'current', fn: 'avg', params: [] }, { column: 'value', fn: 'max', params: [] }, { column: '*', fn: 'count', params: [] }],
      timeRange: { from: '2024-01-01T00:00:00.000Z', to: '2024-01-01T01:00:00.000Z' },
      partitionBy: ['tbname'],
      interval: { value: 5, unit: 'm' },
      fill: 'VALUE',
      fillValues: '0, -1, 0',
    }),
    typed:
      'select _wstart, tbname, avg(current), max(`value`), count(*) from power.meters where ts >= 1704067200000 and ts < 1704070800000 partition by tbname interval(5m) fill(value, 0, -1, 0)',
  },
  {
    name: 'percentiles on a child table',
    built: q({ table: 'd2', tableKind: 'child', select: [{ column: 'current', fn: 'apercentile', params: [50] }, { column: 'voltage', fn: 'percentile', params: [[10, 90]] }] }),
    typed: 'select apercentile(current, 50), percentile(voltage, 10, 90) from power.d2',
  },
  {
    name: 'top and state count on a child table',
    built: q({ table: 'd1', tableKind: 'child', select: [{ column: 'voltage', fn: 'top', params: [3] }] }),
    typed: 'select top(voltage, 3) from power.d1',
  },
  {
    name: 'state count',
    built: q({ table: 'd1', tableKind: 'child', select: [{ column: 'voltage', fn: 'statecount', params: ['GT', 215] }] }),
    typed: "select statecount(voltage, 'GT', 215) from power.d1",
  },
];

describe('builder SQL on a real engine', () => {
  for (const c of cases) {
    it(`${c.name}: same rows as the hand-typed statement`, async () => {
      const built = buildSql(c.built);
      const [a, b] = [await rows(built), await rows(c.typed)];
      // Without ORDER BY the built statement's row order is the engine's; compare as sets where the typed one sorts.
      const sort = (r: unknown[][]) => (/order by/i.test(c.typed) ? [...r].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y))) : r);
      expect(a.length).toBeGreaterThan(0);
      expect(sort(a)).toEqual(sort(b));
    });
  }
});

describe('the console function list', () => {
  it('names only functions the engine knows', async () => {
    // TDengine looks a function's name up before it checks its arguments: an unknown one is 884 "Func not exists"
    // whatever it is given (with no arguments at all, `f()` is a syntax error, which says nothing of the name).
    const FUNC_NOT_EXISTS = 0x0374;
    const notExists = async (name: string) => {
      try {
        await engine.execute(`select ${name}(1) from power.d1`, { user: 'root' });
        return false;
      } catch (error) {
        return (error as { code?: number }).code === FUNC_NOT_EXISTS;
      }
    };
    const unknown: string[] = [];
    for (const name of TDENGINE_FUNCTIONS) if (await notExists(name)) unknown.push(name);
    expect(unknown).toEqual([]);
    // and the engine does refuse a name it does not know
    expect(await notExists('no_such_fn')).toBe(true);
  });
});
