import { describe, expect, it } from 'vitest';
import { insertSyntaxError, insertValueOffsets, type InsertStatement } from '../../src/sql';
import { expectIncomplete, expectSyntaxError, id, parseAs, parseError } from './helpers';

const insert = (sql: string) => parseAs(sql, 'insert') as InsertStatement;
const rows = (sql: string) => {
  const source = insert(sql).targets[0].source;
  if (source.type !== 'values') throw new Error('not values');
  return source.rows.toRows();
};

describe('INSERT', () => {
  it('reads plain literals as primitives', () => {
    expect(rows(`insert into d1001 values ('2021-07-13 14:06:32.272', 10.3, 219, -0.31, true, FALSE, NULL, "dq", 1e3, +5, -7)`)).toEqual([
      // an exponent literal keeps its text (a DECIMAL column reads it), the value is Number()'s
      ['2021-07-13 14:06:32.272', 10.3, 219, -0.31, true, false, null, 'dq', expect.objectContaining({ type: 'float', value: 1000, text: '1e3' }), 5, -7],
    ]);
  });

  it('keeps integers beyond 2^53 exact as bigint', () => {
    expect(rows('insert into t values (1626006833640, 18446744073709551615, -9223372036854775808, 123456789012345678)')).toEqual([
      [1626006833640, 18446744073709551615n, -9223372036854775808n, 123456789012345678n],
    ]);
  });

  it('reads numbers exactly as Number() does, in and beyond the scanned fast path', () => {
    const texts = ['0', '-0', '+0.0', '1.', '.5', '-.25', '007', '0.1', '10.45', '-0.31', '3.4028234663852886', '123456789012345',
      '1234567890123456', '0.30000000000000004', '999999999999999.9', '1e-3', '2.5E+10', '9007199254740993.5'];
    let seed = 7;
    for (let k = 0; k < 500; k++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const digits = String(seed).slice(0, 1 + (seed % 15));
      const point = seed % (digits.length + 1);
      texts.push(`${seed % 3 === 0 ? '-' : ''}${digits.slice(0, point)}.${digits.slice(point)}`);
    }
    // the first row is read by the general scanner, later rows of packed columns by scanPackedRow
    const first = texts.map(() => '1').join(',');
    const all = rows(`insert into t values (${texts.join(', ')}) (${first}) (${texts.join(',')}) (${texts.join(' ,  ')})`);
    for (const r of [0, 2, 3]) {
      // long decimals and exponents come as float literals that keep their text
      all[r].forEach((v, k) => {
        const n = typeof v === 'object' && v !== null && v.type === 'float' ? v.value : v;
        expect(Object.is(n, Number(texts[k])), `${texts[k]} → ${String(n)}`).toBe(true);
      });
    }
    // what the packed scanner leaves to the general one: exponents, long integers, NULL, strings, expressions
    expect(rows("insert into t values (1, 2, 3) (1e2, 12345678901234567, 3) (-1234567890123456789, null, 'x') (now, 1 , +2)")).toMatchObject([
      [1, 2, 3],
      [{ type: 'float', value: 100, text: '1e2' }, 12345678901234567n, 3],
      [-1234567890123456789n, null, 'x'],
      [{ type: 'timeKeyword' }, 1, 2],
    ]);
  });

  it('keeps VALUES column-major: numbers-only positions packed, others as written, ragged rows row by row', () => {
    const many = Array.from({ length: 300 }, (_, r) => `(${1000 + r}, ${r / 4}, ${r === 150 ? "'s'" : r})`).join(' ');
    const source = insert(`insert into t values ${many}`).targets[0].source;
    if (source.type !== 'values') throw new Error('not values');
    const [ts, half, mixed] = source.rows.columns!;
    expect(source.rows.rowCount).toBe(300);
    expect(ts).toBeInstanceOf(Float64Array);
    expect(Array.from(half.slice(0, 300))).toEqual(Array.from({ length: 300 }, (_, r) => r / 4));
    expect(Array.isArray(mixed)).toBe(true);
    expect([mixed[149], mixed[150], mixed[151]]).toEqual([149, 's', 151]);
    expect(source.rows.row(299)).toEqual([1299, 74.75, 299]);
    // a wider row, then a narrower one: rows stay as written
    expect(rows('insert into t values (1, 2) (3, 4, 5) (6)')).toEqual([[1, 2], [3, 4, 5], [6]]);
    expect(rows("insert into t values (1, 'a') (3)")).toEqual([[1, 'a'], [3]]);
    // runs of packed rows across every separator, with the offset of each row
    const sql = 'insert into t values (1,2) ,(3,4),(5, 6) /* c */ (7,8)\n(9,10),  ( 11 , 12 )(13,14) t2 values (1)';
    const target = insert(sql).targets[0].source;
    if (target.type !== 'values') throw new Error('not values');
    expect(target.rows.toRows()).toEqual([[1, 2], [3, 4], [5, 6], [7, 8], [9, 10], [11, 12], [13, 14]]);
    expect(Array.from(target.rowOffsets, (o) => sql.slice(o, o + 3))).toEqual(['(1,', '(3,', '(5,', '(7,', '(9,', '( 1', '(13']);
    const ragged = insert('insert into t values (1, 2) (3)').targets[0].source;
    expect(ragged.type === 'values' && ragged.rows.columns).toBeUndefined();
  });

  it('resolves string escapes', () => {
    expect(rows(`insert into t values (now, 'it''s', 'a\\'b', "c\\"d", 'x\\ny')`)[0].slice(1)).toEqual(["it's", "a'b", 'c"d', 'x\ny']);
  });

  it('builds expressions only for non-literals: now, now ± duration, epoch + duration', () => {
    const [row] = rows('insert into t values (now, 1) (now - 1h, 2) (1626006833640 + 10a, 3) (today(), 4) (NOW(), 5)');
    expect(row[0]).toMatchObject({ type: 'timeKeyword', keyword: 'now', text: 'now' });
    const all = rows('insert into t values (now - 1h, 2) (1626006833640 + 10a, 3) (today(), 4)');
    expect(all[0][0]).toMatchObject({ type: 'binary', op: '-', right: { type: 'duration', duration: { value: 1, unit: 'h' } } });
    expect(all[0][1]).toBe(2);
    expect(all[1][0]).toMatchObject({ type: 'binary', op: '+', left: { type: 'integer', value: '1626006833640' } });
    expect(all[2][0]).toMatchObject({ type: 'timeKeyword', keyword: 'today' });
  });

  it('accepts rows with or without commas between them, and comments', () => {
    expect(rows('insert into t values (1, 2), (3, 4) (5, 6) /* c */ (7, 8) -- x\n (9, 10)')).toEqual([
      [1, 2], [3, 4], [5, 6], [7, 8], [9, 10],
    ]);
  });

  it('parses column lists and multi-table inserts', () => {
    const s = insert('insert into d1 (ts, current) values (1, 2) db.d2 values (3, 4, 5) (6, 7, 8)');
    expect(s.targets).toHaveLength(2);
    expect(s.targets[0]).toMatchObject({ table: { name: id('d1') }, columns: [id('ts'), id('current')] });
    expect(s.targets[1]).toMatchObject({ table: { db: id('db'), name: id('d2') } });
    expect(rows('insert into d1 (ts, current) values (1, 2) db.d2 values (3, 4, 5)')).toEqual([[1, 2]]);
    const second = s.targets[1].source;
    expect(second.type === 'values' && second.rows.toRows()).toEqual([[3, 4, 5], [6, 7, 8]]);
  });

  it('parses USING ... TAGS auto-create with tag column lists', () => {
    const s = insert("insert into d1001 using meters (location, groupid) tags ('California.SanFrancisco', 2) (ts, current) values (now, 10.2) d1002 using power.meters tags ('x', -3) values (1, 2)");
    expect(s.targets[0]).toMatchObject({
      table: { name: id('d1001') },
      using: { stable: { name: id('meters') }, tagColumns: [id('location'), id('groupid')], tags: ['California.SanFrancisco', 2] },
      columns: [id('ts'), id('current')],
    });
    expect(s.targets[1].using).toMatchObject({ stable: { db: id('power'), name: id('meters') }, tags: ['x', -3] });
  });

  it('parses the super-table form with tbname', () => {
    const s = insert("insert into meters (tbname, location, groupid, ts, current) values ('d31001', 'x', 2, now, 1.5)");
    expect(s.targets[0].columns?.[0]).toEqual(id('tbname'));
    const source = s.targets[0].source;
    expect(source.type === 'values' && source.rows.toRows()).toMatchObject([['d31001', 'x', 2, { type: 'timeKeyword' }, 1.5]]);
  });

  it('parses INSERT ... SELECT and FILE', () => {
    expect(insert('insert into t2 select * from t1').targets[0].source).toMatchObject({ type: 'select', query: { kind: 'select' } });
    expect(insert('insert into t2 (ts, v) (select ts, v from t1)').targets[0]).toMatchObject({
      columns: [id('ts'), id('v')],
      source: { type: 'select' },
    });
    expect(insert("insert into d1 file '/tmp/d1.csv'").targets[0].source).toEqual({ type: 'file', path: '/tmp/d1.csv' });
    expect(insert("insert into d1 using meters tags (1, 'x') file '/tmp/d1.csv'").targets[0].source).toMatchObject({ type: 'file' });
  });

  it('reports VALUES/FILE errors as TDengine\'s insert parser does (534, near up to 63 bytes)', () => {
    const cases: [string, string][] = [
      ['insert into t values (1 2)', "syntax error near '2)' (, expected)"],
      ['insert into t values (1, 2', "syntax error near '' () expected)"],
      ['insert into t values (1,,2)', "syntax error near ',2)' (invalid data or symbol)"],
      ['insert into t values', "syntax error near 'no any data points'"],
      ['insert into t values 1, 2', "syntax error near 'no any data points'"],
      ['insert into t (a) garbage values (1)', "syntax error near 'garbage values (1)' (keyword VALUES or FILE is expected)"],
      ['insert into t values (1, 2) t2', "syntax error near '' (keyword VALUES or FILE is expected)"],
      ["insert into d1 using meters (a) (1) values (1)", "syntax error near '(1) values (1)' (TAGS is expected)"],
      ["insert into d1 using meters tags 1 values (1)", "syntax error near '1 values (1)' (( is expected)"],
      ['insert into d1 file 42', "syntax error near '42' (file path is required following keyword FILE)"],
      ['insert into values (1)', "syntax error near 'values (1)' (table_name is expected)"],
      ['insert into t values (?, ?)', "syntax error near '?, ?)' (? only used in stmt)"],
      ['insert t values (1, 2)', "syntax error near 't values (1, 2)' (keyword INTO is expected)"],
      [`insert or replace into t values (1, ${'2'.repeat(60)})`, `syntax error near '${`or replace into t values (1, ${'2'.repeat(60)}`.slice(0, 63)}' (keyword INTO is expected)`],
      [`insert into t values (1 ${'x'.repeat(100)})`, `syntax error near '${'x'.repeat(63)}' (, expected)`],
      // a value the expression parser cannot finish is the insert parser's own refusal at that value (38#146)
      ['insert into t values (now + , 1)', "syntax error near 'now + , 1)' (invalid data or symbol)"],
    ];
    for (const [sql, message] of cases) {
      const e = parseError(sql);
      expect([e.code, e.message]).toEqual([534, message]);
    }
    expectIncomplete('insert into');
    // without USING/VALUES/FILE before a SELECT, TDengine parses INSERT with the SQL grammar
    expectSyntaxError('insert into t (a) garbage', 'garbage');
    expectSyntaxError('insert t select 1', 't select 1');
    expect(rows('insert into t values (1, 2);')).toEqual([[1, 2]]);
  });

  it('records row offsets so value errors can point at the SQL', () => {
    const sql = "insert into t using st tags ('a', 1) values (1, 'x') (2, now + 1h)";
    const target = insert(sql).targets[0];
    const source = target.source;
    if (source.type !== 'values') throw new Error('not values');
    expect(Array.from(source.rowOffsets, (o) => sql[o])).toEqual(['(', '(']);
    expect(insertValueOffsets(sql, source.rowOffsets[1]).map((o) => sql.slice(o, o + 3))).toEqual(['2, ', 'now']);
    expect(insertValueOffsets(sql, target.using!.tagsOffset).map((o) => sql[o])).toEqual(["'", '1']);
    const error = insertSyntaxError(sql, insertValueOffsets(sql, source.rowOffsets[0])[1], 'invalid int data');
    expect([error.code, error.message]).toEqual([534, "syntax error near ''x') (2, now + 1h)' (invalid int data)"]);
  });
});
