// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hasTopLevelLimit, isQuery, leadingWord, splitStatements, statementBody } from '../../src/sql';

describe('splitStatements', () => {
  it('splits on semicolons and drops empty pieces', () => {
    expect(splitStatements('select 1; select 2;;  ; show databases')).toEqual(['select 1', 'select 2', 'show databases']);
  });

  it('keeps semicolons inside quotes, backquotes and comments', () => {
    const text = "insert into d.t values (now, 'a;b', \"c;d\"); select `x;y` from d.t -- end; not split\n; select 1 /* a; b */ + 1";
    expect(splitStatements(text)).toEqual([
      "insert into d.t values (now, 'a;b', \"c;d\")",
      'select `x;y` from d.t -- end; not split',
      'select 1 /* a; b */ + 1',
    ]);
  });

  it('understands doubled and backslash-escaped quotes', () => {
    expect(splitStatements("select 'it''s;'; select 'a\\';b'; select 3")).toEqual(["select 'it''s;'", "select 'a\\';b'", 'select 3']);
  });

  it('treats # as a line comment and drops comment-only statements', () => {
    expect(splitStatements('# just a note; still a note\nselect 1; -- trailing note')).toEqual(['# just a note; still a note\nselect 1']);
    expect(splitStatements('/* only */ ; -- nothing')).toEqual([]);
  });

  it('takes an unterminated string or comment to the end', () => {
    expect(splitStatements("select 'open; still open")).toEqual(["select 'open; still open"]);
    expect(splitStatements('select 1 /* open; comment')).toEqual(['select 1 /* open; comment']);
  });
});

describe('statement facts', () => {
  it('finds the leading word past comments', () => {
    expect(leadingWord('-- note\n /* x */ Select 1')).toBe('SELECT');
    expect(leadingWord('show databases')).toBe('SHOW');
  });

  it('calls SELECT and WITH queries, nothing else', () => {
    expect(isQuery('select * from d.t')).toBe(true);
    expect(isQuery('WITH a AS (select 1) select * from a')).toBe(true);
    expect(isQuery('show databases')).toBe(false);
    expect(isQuery('insert into d.t select * from d.u')).toBe(false);
    expect(isQuery('describe d.t')).toBe(false);
  });

  it('sees a LIMIT only at the top level, outside quotes and comments', () => {
    expect(hasTopLevelLimit('select * from d.t limit 5')).toBe(true);
    expect(hasTopLevelLimit('select * from (select * from d.t limit 5)')).toBe(false);
    expect(hasTopLevelLimit("select * from d.t where s = 'limit'")).toBe(false);
    expect(hasTopLevelLimit('select * from d.t -- limit 5')).toBe(false);
    expect(hasTopLevelLimit('select `limit` from d.t')).toBe(false);
  });

  it('strips the trailing semicolon', () => {
    expect(statementBody('  select 1 ;; ')).toBe('select 1');
  });
});
