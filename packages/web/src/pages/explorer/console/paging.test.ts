// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { capRows, countSql, pageSql, readCount, readPlan } from './paging';

describe('paged reads', () => {
  it('counts first, then reads a page with an offset and a limit', () => {
    expect(countSql('select * from d.m where v > 1;')).toBe('SELECT COUNT(*) FROM (select * from d.m where v > 1\n)');
    expect(pageSql('select * from d.m;', 20, 10)).toBe('select * from d.m\nLIMIT 10 OFFSET 20');
  });

  it('puts the LIMIT and the closing parenthesis on a new line so a trailing comment cannot hide them', () => {
    expect(pageSql('select * from d.m -- all', 0, 1000)).toBe('select * from d.m -- all\nLIMIT 1000 OFFSET 0');
    expect(countSql('select * from d.m -- all')).toBe('SELECT COUNT(*) FROM (select * from d.m -- all\n)');
  });

  it("reads a page within the query's own LIMIT, which stays the upper bound (issue 13 item 4)", () => {
    expect(pageSql('select * from d.m order by ts desc limit 1000000', 0, 1000)).toBe('select * from d.m order by ts desc LIMIT 1000 OFFSET 0');
    expect(pageSql('select * from d.m limit 1000000;', 2000, 1000)).toBe('select * from d.m LIMIT 1000 OFFSET 2000');
    expect(pageSql('select * from d.m limit 1500 offset 7', 1000, 1000)).toBe('select * from d.m LIMIT 500 OFFSET 1007');
    expect(pageSql('select * from d.m LIMIT 3, 1200', 1000, 1000)).toBe('select * from d.m LIMIT 200 OFFSET 1003');
    expect(pageSql('select * from d.m limit 10', 20, 1000)).toBe('select * from d.m LIMIT 0 OFFSET 20');
    // a LIMIT inside a subquery is not the statement's own
    expect(pageSql('select * from (select * from d.m limit 5000)', 1000, 1000)).toBe('select * from (select * from d.m limit 5000)\nLIMIT 1000 OFFSET 1000');
    // a LIMIT the rewrite cannot read (a comment after it, or after the real one) is wrapped
    expect(pageSql('select * from d.m limit 9 -- nine', 0, 1000)).toBe('SELECT * FROM (select * from d.m limit 9 -- nine\n) LIMIT 1000 OFFSET 0');
    expect(pageSql('select * from d.m limit 9 -- limit 5', 0, 1000)).toBe('SELECT * FROM (select * from d.m limit 9 -- limit 5\n) LIMIT 1000 OFFSET 0');
  });

  it('refuses a negative offset or a zero limit', () => {
    expect(() => pageSql('select 1', -1, 10)).toThrow(RangeError);
    expect(() => pageSql('select 1', 0, 0)).toThrow(RangeError);
  });

  it('reads the count whether REST gives a number or a string', () => {
    expect(readCount([['12345']])).toBe(12345);
    expect(readCount([[7]])).toBe(7);
    expect(readCount([])).toBe(0);
  });

  it('pages every query, with or without its own LIMIT, and sends everything else as typed', () => {
    expect(readPlan('select * from d.m')).toEqual({ kind: 'paged', count: 'SELECT COUNT(*) FROM (select * from d.m\n)', rows: 'select * from d.m\nLIMIT 1000 OFFSET 0' });
    expect(readPlan('select * from d.m limit 1000000;')).toEqual({ kind: 'paged', count: 'SELECT COUNT(*) FROM (select * from d.m limit 1000000\n)', rows: 'select * from d.m LIMIT 1000 OFFSET 0' });
    expect(readPlan('show databases')).toEqual({ kind: 'plain', sql: 'show databases' });
  });

  it('caps shown rows at 1000 and says when more exist', () => {
    const rows = Array.from({ length: 1200 }, (_, i) => i);
    expect(capRows(rows, 1200)).toEqual({ rows: rows.slice(0, 1000), truncated: true });
    expect(capRows(rows.slice(0, 1000), 5000).truncated).toBe(true);
    expect(capRows(rows.slice(0, 1000), 1000)).toEqual({ rows: rows.slice(0, 1000), truncated: false });
  });
});
