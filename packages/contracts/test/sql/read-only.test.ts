import { describe, expect, it } from 'vitest';
import { firstWord, hasSeparator, isPageableQuery, isReadOnly, singleStatement, withoutLeadingComments } from '../../src/sql';

describe('the read-only check', () => {
  it('accepts reads only, each statement judged by the word it starts with', () => {
    expect(isReadOnly('SELECT 1; SHOW DATABASES; DESCRIBE t; desc t; EXPLAIN SELECT 1; WITH a AS (SELECT 1) SELECT * FROM a')).toBe(true);
    expect(isReadOnly('(SELECT 1)')).toBe(true);
    expect(isReadOnly('-- note\n/* block */ select 1')).toBe(true);
    expect(isReadOnly('')).toBe(true);
    expect(isReadOnly('SELECT 1; DROP DATABASE power')).toBe(false);
    expect(isReadOnly('/* select */ DELETE FROM t')).toBe(false);
    expect(isReadOnly('-- select\nINSERT INTO t VALUES (now, 1)')).toBe(false);
  });

  it('is not fooled by quotes, escapes or comments around a separator', () => {
    expect(isReadOnly("SELECT 'a;b' FROM t")).toBe(true);
    expect(isReadOnly("SELECT 'it\\'s'; DROP DATABASE power")).toBe(false);
    expect(isReadOnly("SELECT 'end\\\\'; DROP DATABASE power")).toBe(false);
    expect(isReadOnly('SELECT `a;b` FROM t; DROP TABLE t')).toBe(false);
    expect(isReadOnly('SELECT 1 /* ; */; ALTER TABLE t ADD COLUMN c INT')).toBe(false);
  });

  it('does not count a statement that starts with something other than a word', () => {
    expect(firstWord("'x' SELECT 1")).toBe('');
    expect(isReadOnly("'x' SELECT 1")).toBe(false);
    expect(isReadOnly('1; SELECT 1')).toBe(false);
    expect(firstWord('((select 1))')).toBe('SELECT');
  });
});

describe('single statements', () => {
  it('finds separators outside quotes and comments only', () => {
    expect(hasSeparator("loc = 'a;b'")).toBe(false);
    expect(hasSeparator("loc = 'x\\'; DROP DATABASE power; -- '")).toBe(false);
    expect(hasSeparator('v > 1; DROP DATABASE power')).toBe(true);
    expect(singleStatement("SELECT ';' FROM t;;  ")).toBe("SELECT ';' FROM t");
    expect(singleStatement('SELECT 1; SELECT 2')).toBeNull();
  });

  it('drops leading comments and pages only one query', () => {
    expect(withoutLeadingComments('  -- a\n /* b */ CREATE DATABASE x')).toBe('CREATE DATABASE x');
    expect(withoutLeadingComments('-- only')).toBe('');
    expect(isPageableQuery('/* c */ (select 1)')).toBe(true);
    expect(isPageableQuery('select 1; select 2')).toBe(false);
  });
});
