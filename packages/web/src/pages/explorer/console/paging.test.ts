// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { capRows, countSql, pageSql, readCount, readPlan } from './paging';

describe('paged reads', () => {
  it('counts first, then reads a page with an offset and a limit', () => {
    expect(countSql('select * from d.m where v > 1;')).toBe('SELECT COUNT(*) FROM (select * from d.m where v > 1)');
    expect(pageSql('select * from d.m;', 20, 10)).toBe('select * from d.m\nLIMIT 10 OFFSET 20');
  });

  it('puts the LIMIT on a new line so a trailing comment cannot hide it', () => {
    expect(pageSql('select * from d.m -- all', 0, 1000)).toBe('select * from d.m -- all\nLIMIT 1000 OFFSET 0');
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

  it('pages an unconstrained query and sends everything else as typed', () => {
    expect(readPlan('select * from d.m')).toEqual({ kind: 'paged', count: 'SELECT COUNT(*) FROM (select * from d.m)', rows: 'select * from d.m\nLIMIT 1000 OFFSET 0' });
    expect(readPlan('select * from d.m limit 5;')).toEqual({ kind: 'plain', sql: 'select * from d.m limit 5' });
    expect(readPlan('show databases')).toEqual({ kind: 'plain', sql: 'show databases' });
  });

  it('caps shown rows at 1000 and says when more exist', () => {
    const rows = Array.from({ length: 1200 }, (_, i) => i);
    expect(capRows(rows, 1200)).toEqual({ rows: rows.slice(0, 1000), truncated: true });
    expect(capRows(rows.slice(0, 1000), 5000).truncated).toBe(true);
    expect(capRows(rows.slice(0, 1000), 1000)).toEqual({ rows: rows.slice(0, 1000), truncated: false });
  });
});
