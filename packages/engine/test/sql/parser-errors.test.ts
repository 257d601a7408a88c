import { describe, expect, it } from 'vitest';
import { parse, parseScript, splitStatements } from '../../src/sql';
import { expectIncomplete, expectSyntaxError, parseError } from './helpers';

describe('syntax errors (9728) carry the SQL from the offending token on', () => {
  it('points at the first token that cannot continue the statement', () => {
    expectSyntaxError('selec 1', 'selec 1');
    expectSyntaxError('select from t', 'from t');
    expectSyntaxError('select * frm t', 'frm t');
    expectSyntaxError('select * from t where ts > now - 1h order ts', 'ts');
    expectSyntaxError('select count(*) from t interval(10x)', 'x)');
    expectSyntaxError('create databse d', 'databse d');
    expectSyntaxError("create database d precision 'us' bogus 1", 'bogus 1');
    expectSyntaxError('select * from t where a = 1 )', ')');
    expectSyntaxError('show create user u', 'user u');
    expectSyntaxError('insert into t (a, b values (1, 2)', 'values (1, 2)');
    expectSyntaxError('select * from t limit -1', '-1');
    // no `||` operator in TDengine's grammar (CONCAT joins text)
    expectSyntaxError("select 'a' || 'b'", "|| 'b'");
  });

  it('follows sql.y where the engine used to be lenient (07_select#18, #102, 17_partition_group#36)', () => {
    // a column is `[table.]column`, never `db.table.column`
    expectSyntaxError('select p.s1.temp from p.s1 order by ts', '.temp from p.s1 order by ts');
    // a function takes an expression list: no DISTINCT inside the call
    expectSyntaxError('select count(distinct note) from t', 'distinct note) from t');
    // GROUP BY, PARTITION BY and ORDER BY take expressions without comparisons
    expectSyntaxError('select cnt > 5, count(*) from t group by cnt > 5 order by 1', '> 5 order by 1');
    expectSyntaxError('select count(*) from t partition by cnt = 1', '= 1');
    expectSyntaxError('select * from t order by cnt > 1', '> 1');
    expect(parse('select * from t order by cnt + 1, abs(cnt) desc').kind).toBe('select');
  });

  it('shows the near-text lower-cased outside quotes', () => {
    expectSyntaxError("SELEC * FROM T WHERE A = 'MiXed'", "selec * from t where a = 'MiXed'");
  });

  it('reports an early semicolon as the near-text, including what follows it', () => {
    expectSyntaxError('select * from t where; select 1', '; select 1');
  });

  it('reports unrecognized characters and unterminated strings', () => {
    const e = parseError("select * from t where a = 'abc");
    expect(e.code).toBe(9728);
    expect(e.message).toBe(`unrecognized token: "'abc"`);
    expect(parseError('select # from t').message).toBe('unrecognized token: "# from t"');
  });

  it('cuts the message at 511 bytes like TDengine does', () => {
    const e = parseError(`select * frm ${'x'.repeat(1000)}`);
    expect(Buffer.byteLength(e.message)).toBe(511);
    expect(e.message.startsWith('syntax error near "frm xxx')).toBe(true);
  });

  it('turns runaway nesting into a syntax error, not a stack overflow', () => {
    const e = parseError(`select ${'('.repeat(100000)}1${')'.repeat(100000)}`);
    expect(e.code).toBe(9728);
  });
});

describe('name checks at parse time (as TDengine\'s AST builder does them)', () => {
  it('rejects empty and over-long names with 9751 and the SQL from the name on', () => {
    const long = 'a'.repeat(65);
    let e = parseError(`create database ${long} keep 10`);
    expect([e.code, e.message]).toEqual([9751, `Invalid identifier name: ${long} keep 10`]);
    e = parseError('select * from ``');
    expect([e.code, e.message]).toEqual([9751, 'Invalid identifier name: `']);
    e = parseError(`select ${long} from t`);
    expect(e.code).toBe(9751);
    expect(() => parse(`select ${'a'.repeat(64)} from ${'t'.repeat(192)}`)).not.toThrow();
    expect(parseError(`select * from ${'t'.repeat(193)}`).code).toBe(9751);
    expect(() => parse(`create topic ${'t'.repeat(100)} as database d`)).not.toThrow();
  });

  it('rejects user names of 24 characters or more with 9744', () => {
    const e = parseError(`create user ${'u'.repeat(24)} pass 'x'`);
    expect([e.code, e.message]).toEqual([9744, 'Name or password too long']);
    expect(() => parse(`create user ${'u'.repeat(23)} pass 'x'`)).not.toThrow();
  });
});

describe('incomplete statements (9729)', () => {
  it('is reported for empty and truncated input', () => {
    for (const sql of ['', '   ', '-- only a comment', 'select', 'select * from', 'select * from t where', 'create table t (ts timestamp', 'insert into', 'show', 'alter table t', 'select * from t where a in (1, 2']) {
      expectIncomplete(sql);
    }
  });
});

describe('parseScript', () => {
  it('splits on semicolons outside strings and comments', () => {
    expect(splitStatements("select ';' from t; -- a;b\nselect `x;y` from u;;  ;select 1 /* ; */")).toEqual([
      "select ';' from t",
      " -- a;b\nselect `x;y` from u",
      'select 1 /* ; */',
    ]);
    expect(parseScript('create database d; use d; create table t (ts timestamp, v int); insert into t values (now, 1);').map((s) => s.kind)).toEqual([
      'createDatabase',
      'use',
      'createTable',
      'insert',
    ]);
    expect(parseScript('  ;  ')).toEqual([]);
  });

  it('fails on the bad statement with its own near-text', () => {
    expect(() => parseScript('select 1; selec 2')).toThrowError('syntax error near "selec 2"');
    expect(() => parse('select 1')).not.toThrow();
  });
});
