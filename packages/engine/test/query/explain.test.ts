import { describe, expect, it } from 'vitest';
import { successBody } from '../../src/format/rest-body';
import { useQueryFixture } from './fixture';

const f = useQueryFixture();

/** The QUERY_PLAN lines of an EXPLAIN. */
const plan = async (sql: string): Promise<string[]> => (await f.rows(sql)).map((r) => r[0] as string);

/** The node lines only (`-> ...`), without VERBOSE lines, indentation kept. */
const nodes = (lines: string[]): string[] => lines.filter((l) => l.trimStart().startsWith('->'));

describe('EXPLAIN: the result', () => {
  it('is one VARCHAR column QUERY_PLAN, a row per line, in the REST shape', async () => {
    const r = await f.query('explain select * from meters');
    expect(r.columns).toEqual([{ name: 'QUERY_PLAN', type: 'VARCHAR', length: 16384 }]);
    expect(r.rows).toEqual([
      ['-> Projection (columns=6 width=50 input_order=asc )'],
      ['   -> Table Scan on meters (columns=4 pseudo_columns=2 width=20 order=[asc|1 desc|0] mode=ts_order data_load=data)'],
    ]);
    expect(successBody(r)).toMatch(/^\{"code":0,"column_meta":\[\["QUERY_PLAN","VARCHAR",16384\]\],"data":\[\["-> Projection \(columns=6 .*"rows":2\}$/);
  });

  it('follows the statement: scan of the named table, sort, filter and limit (VERBOSE)', async () => {
    expect(await plan('explain verbose true select ts, current from d0 where voltage > 220 order by current desc limit 2 offset 1')).toEqual([
      '-> Projection (columns=2 width=12 input_order=unknown )',
      '      Output: columns=2 width=12 limit=2 offset=1',
      '   -> Sort (columns=2 width=12)',
      '         Sort Key: current desc',
      '      -> Table Scan on d0 (columns=3 width=16 order=[asc|1 desc|0] mode=ts_order data_load=data)',
      '            Output: columns=3 width=16',
      '            Time Range: [-9223372036854775808, 9223372036854775807]',
      '            Filter: voltage > 220',
    ]);
    // VERBOSE false (the default) prints the operators only
    expect(await plan('explain verbose false select ts from d1 where voltage > 220')).toEqual([
      '-> Projection (columns=1 width=8 input_order=asc )',
      '   -> Table Scan on d1 (columns=2 width=12 order=[asc|1 desc|0] mode=ts_order data_load=data)',
    ]);
  });

  it('shows partition, interval window, FILL and the time range read from WHERE', async () => {
    expect(await plan('explain verbose true select _wstart, avg(voltage) from meters where ts >= 1500000000000 and ts < 1500000005000 partition by tbname interval(1s) fill(prev)')).toEqual([
      '-> Fill (mode=prev width=16 input_order=asc )',
      '      Output: columns=2 width=16',
      '   -> Interval on Column ts (functions=1 width=16 input_order=asc output_order=asc)',
      '         Time Window: interval=1s offset=0a sliding=1s',
      '      -> Partition on Column tbname (width=12)',
      '            Partition Key: partitions=1',
      '         -> Table Scan on meters (columns=2 pseudo_columns=1 width=12 order=[asc|1 desc|0] mode=ts_order data_load=data)',
      '               Output: columns=3 width=12',
      '               Time Range: [1500000000000, 1500000004999]',
      '               Filter: ts >= 1500000000000 and ts < 1500000005000',
    ]);
  });

  it('names aggregates, group keys, HAVING and the other window and function operators', async () => {
    expect(await plan('explain verbose true select location, count(*) from meters group by location having count(*) > 1 order by 2')).toEqual([
      '-> Sort (columns=2 width=34)',
      '      Output: columns=2 width=34',
      '      Sort Key: 2 asc',
      '   -> GroupAggregate (functions=1 width=34 groups=1 input_order=unknown )',
      '         Filter: count(*) > 1',
      '      -> Table Scan on meters (columns=1 pseudo_columns=1 width=8 order=[asc|1 desc|0] mode=ts_order data_load=data)',
      '            Output: columns=2 width=8',
      '            Time Range: [-9223372036854775808, 9223372036854775807]',
    ]);
    expect(nodes(await plan('explain select count(*), max(voltage) from d0'))[0]).toBe('-> Aggregate (functions=2 width=12 input_order=unknown )');
    expect(nodes(await plan('explain select count(*) from d0 session(ts, 2s)'))[0]).toBe('-> Session (functions=1 width=8)');
    expect(nodes(await plan('explain select count(*) from d0 state_window(voltage)'))[0]).toBe('-> StateWindow on Column voltage (functions=1 width=8)');
    expect(nodes(await plan('explain select count(*) from d0 event_window start with voltage > 219 end with voltage < 219'))[0]).toBe('-> Event (functions=1 width=8)');
    expect(nodes(await plan('explain select count(*) from d0 count_window(2)'))[0]).toBe('-> Count (functions=1 width=8)');
    expect(nodes(await plan('explain select diff(voltage) from d0'))[0]).toBe('-> Indefinite Rows Function (functions=1 width=8)');
    expect(nodes(await plan("explain select interp(voltage) from d0 range('2017-07-14 02:40:00', '2017-07-14 02:40:04') every(1s) fill(null)"))[0]).toBe(
      '-> Interp (functions=1 width=4)',
    );
  });

  it('shows tag scans, system tables, joins, subqueries and UNION', async () => {
    expect(nodes(await plan('explain select tags location from meters'))[1]).toBe('   -> Tag Scan on meters (pseudo_columns=1 width=30)');
    expect(nodes(await plan('explain select * from information_schema.ins_databases'))[1]).toMatch(/^ {3}-> System Table Scan on ins_databases \(columns=\d+ width=\d+\)$/);
    expect(nodes(await plan('explain select a.ts, b.voltage from d0 a join d1 b on a.ts = b.ts'))).toEqual([
      '-> Projection (columns=2 width=12 input_order=asc )',
      '   -> Inner Join (columns=8 width=40 input_order=asc algo=Merge)',
      '      -> Table Scan on d0 (columns=1 width=8 order=[asc|1 desc|0] mode=ts_order data_load=data)',
      '      -> Table Scan on d1 (columns=2 width=12 order=[asc|1 desc|0] mode=ts_order data_load=data)',
    ]);
    expect(await plan('explain verbose true select * from (select ts, voltage from d0) where voltage > 1')).toEqual([
      '-> Projection (columns=2 width=12 input_order=asc )',
      '      Output: columns=2 width=12',
      '      Filter: voltage > 1',
      '   -> Projection (columns=2 width=12 input_order=asc )',
      '         Output: columns=2 width=12',
      '      -> Table Scan on d0 (columns=2 width=12 order=[asc|1 desc|0] mode=ts_order data_load=data)',
      '            Output: columns=2 width=12',
      '            Time Range: [-9223372036854775808, 9223372036854775807]',
    ]);
    const union = nodes(await plan('explain select ts from d0 union select ts from d1'));
    expect(union.slice(0, 2)).toEqual(['-> GroupAggregate (functions=0 width=8 groups=1 input_order=unknown )', '   -> Merge (columns=1 width=8 input_order=unknown output_order=unknown mode=merge)']);
    expect(union.filter((l) => l.includes('Table Scan on'))).toHaveLength(2);
    expect(await plan('explain select 1')).toEqual(['-> Projection (columns=1 width=8 input_order=asc )']);
  });
});

describe('EXPLAIN ANALYZE', () => {
  const figures = (line: string) => {
    const m = /\(cost=(\d+\.\d{3})\.\.(\d+\.\d{3}) rows=(\d+) /.exec(line);
    if (!m) throw new Error(`no figures in: ${line}`);
    return { first: Number(m[1]), last: Number(m[2]), rows: Number(m[3]) };
  };

  it('runs the query: result rows on the top operator, rows read on the scan, then Ratio/Planning/Execution Time', async () => {
    const lines = await plan('explain analyze select count(*) from meters where voltage > 219');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(/^-> Aggregate \(cost=\S+ rows=1 functions=1 width=8 input_order=unknown \)$/);
    expect(lines[1]).toMatch(/^ {3}-> Table Scan on meters \(cost=\S+ rows=6 columns=1 width=4 /);
    expect(figures(lines[1]).last).toBeGreaterThanOrEqual(figures(lines[1]).first);
    expect(lines[2]).toBe('Ratio: 0.001000');
    expect(lines[3]).toMatch(/^Planning Time: \d+\.\d{3} ms$/);
    expect(lines[4]).toMatch(/^Execution Time: \d+\.\d{3} ms$/);
  });

  it('counts every scan of a join and a union, and echoes RATIO; VERBOSE lines stay', async () => {
    const join = await plan('explain analyze ratio 0.5 select a.ts from d0 a join d1 b on a.ts = b.ts');
    expect(nodes(join).map((l) => figures(l).rows)).toEqual([3, 3, 5, 3]);
    expect(join).toContain('Ratio: 0.500000');
    const union = await plan('explain analyze verbose true select ts from d0 union all select ts from d2 where voltage > 220');
    expect(nodes(union).map((l) => figures(l).rows)).toEqual([6, 5, 5, 1, 1]);
    expect(union).toContain('            Filter: voltage > 220');
    // UNION: the merge hands up both sides' rows, the de-duplicating aggregate the distinct ones
    const distinct = nodes(await plan('explain analyze select voltage from d0 union select voltage from d1'));
    expect(distinct.slice(0, 2).map((l) => figures(l).rows)).toEqual([7, 8]);
  });

  it('counts the rows a LIMIT or a window leaves on the top operator', async () => {
    const lines = nodes(await plan('explain analyze select ts from meters limit 4'));
    expect(lines.map((l) => figures(l).rows)).toEqual([4, 10]);
    const windows = nodes(await plan('explain analyze select _wstart, count(*) from d0 interval(2s)'));
    expect(windows.map((l) => figures(l).rows)).toEqual([3, 5]);
  });
});

describe('EXPLAIN errors', () => {
  it('gives the inner statement\'s error: unknown column, table or database', async () => {
    for (const q of ['select nosuch from d0', 'select * from nosuch', 'select * from nodb.t', 'select ts from d0 interval(1s)']) {
      const direct = await f.error(q);
      expect(await f.error(`explain ${q}`)).toEqual(direct);
      expect(await f.error(`explain analyze ${q}`)).toEqual(direct);
    }
  });

  it('refuses a table the user may not read, as the query itself', async () => {
    await f.run("CREATE USER peeker PASS 'p33ker_pw'");
    const denied = await f.engine.execute('explain select * from test.d0', { user: 'peeker' }).catch((e: unknown) => e);
    const direct = await f.engine.execute('select * from test.d0', { user: 'peeker' }).catch((e: unknown) => e);
    expect(denied).toMatchObject({ code: (direct as { code: number }).code });
    expect((direct as { code: number }).code).toBeGreaterThan(0);
  });

  it('is a syntax error for a statement that is not a query (INSERT, CREATE)', async () => {
    for (const q of ['explain insert into d0 values (now, 1, 1, 1)', 'explain create table x (ts timestamp, v int)', 'explain verbose maybe select 1']) {
      expect((await f.error(q)).code).toBe(0x2600);
    }
  });
});
