import { describe, expect, it } from 'vitest';
import type { Favorite } from '@tscloud/contracts';
import { firstLine, folderNames, matchesSearch, savedTree } from './savedTree';

const q = (name: string, folder = '', sql = `SELECT '${name}'`) => ({ id: name, name, folder, sql }) as Favorite;

describe('saved queries tree', () => {
  it('shows the first non-blank line of a statement', () => {
    expect(firstLine('\n\n  SELECT *\r\nFROM t')).toBe('SELECT *');
    expect(firstLine('SHOW DATABASES')).toBe('SHOW DATABASES');
  });

  it('matches the search in the name or the SQL, ignoring case', () => {
    expect(matchesSearch(q('Daily', '', 'select AVG(v)'), 'avg')).toBe(true);
    expect(matchesSearch(q('Daily'), 'DAI')).toBe(true);
    expect(matchesSearch(q('Daily'), 'weekly')).toBe(false);
    expect(matchesSearch(q('Daily'), '  ')).toBe(true);
  });

  it('puts named folders first in natural name order, then the queries in no folder, and leaves out empty folders', () => {
    const list = [q('loose'), q('q10', 'b'), q('q2', 'b'), q('x', 'A'), q('Only here', 'c', 'SHOW x')];
    expect(savedTree(list, '').map((f) => [f.folder, f.queries.map((x) => x.name)])).toEqual([
      ['A', ['x']],
      ['b', ['q2', 'q10']],
      ['c', ['Only here']],
      ['', ['loose']],
    ]);
    expect(savedTree(list, 'q').map((f) => [f.folder, f.queries.map((x) => x.name)])).toEqual([['b', ['q2', 'q10']]]);
    expect(folderNames(list)).toEqual(['A', 'b', 'c']);
  });
});
