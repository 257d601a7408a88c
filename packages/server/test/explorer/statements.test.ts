import { describe, expect, it } from 'vitest';
import { csvLine } from '../../src/region/explorer/csv';
import { isPageableQuery, isReadOnly, singleStatement } from '@tscloud/contracts/sql';
import { databaseStatement } from '../../src/region/explorer/statements';
import { ApiError } from '../../src/http/api-error';

function refusal(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof ApiError ? error.messageKey : String(error);
  }
}

describe('explorer statement checks', () => {
  it('accepts exactly the CREATE or DROP DATABASE of the named database', () => {
    expect(databaseStatement('CREATE DATABASE power KEEP 3650 PRECISION \'us\';', 'create', 'power')).toBe("CREATE DATABASE power KEEP 3650 PRECISION 'us'");
    expect(databaseStatement('create database if not exists `power`', 'create', 'power')).toBe('create database if not exists `power`');
    expect(databaseStatement('  DROP DATABASE IF EXISTS Power ; ', 'drop', 'power')).toBe('DROP DATABASE IF EXISTS Power');
  });

  it('refuses other statements, other names, several statements and reserved names', () => {
    expect(refusal(() => databaseStatement('CREATE DATABASE other', 'create', 'power'))).toBe('error.sqlStatementMismatch');
    expect(refusal(() => databaseStatement('DROP DATABASE power', 'create', 'power'))).toBe('error.sqlStatementMismatch');
    expect(refusal(() => databaseStatement('CREATE DATABASE power; DROP DATABASE other', 'create', 'power'))).toBe('error.sqlStatementMismatch');
    expect(refusal(() => databaseStatement('DROP DATABASE power CASCADE', 'drop', 'power'))).toBe('error.sqlStatementMismatch');
    expect(refusal(() => databaseStatement('SELECT 1', 'drop', 'power'))).toBe('error.sqlStatementMismatch');
    expect(refusal(() => databaseStatement('CREATE DATABASE `Power`', 'create', 'power'))).toBe('error.sqlStatementMismatch');
    expect(refusal(() => databaseStatement('DROP DATABASE information_schema', 'drop', 'information_schema'))).toBe('error.reservedDatabase');
    expect(refusal(() => databaseStatement('CREATE DATABASE PERFORMANCE_SCHEMA', 'create', 'PERFORMANCE_SCHEMA'))).toBe('error.reservedDatabase');
  });

  it('tells one statement from several, quotes and comments included', () => {
    expect(singleStatement("SELECT ';' FROM t;")).toBe("SELECT ';' FROM t");
    expect(singleStatement('SELECT 1; SELECT 2')).toBeNull();
    expect(singleStatement('SELECT 1 -- a; comment\n')).toBe('SELECT 1 -- a; comment');
    expect(singleStatement(' ; ')).toBeNull();
  });

  it('pages only single SELECT queries; read-only statements are reads', () => {
    expect(isPageableQuery('  select ts, v from db.t where v > 1;')).toBe(true);
    expect(isPageableQuery('/* c */ WITH x AS (SELECT 1) SELECT * FROM x')).toBe(true);
    expect(isPageableQuery('SHOW DATABASES')).toBe(false);
    expect(isPageableQuery('INSERT INTO t VALUES (now, 1)')).toBe(false);
    expect(isPageableQuery('SELECT 1; SELECT 2')).toBe(false);
    expect(isReadOnly('SELECT 1; SHOW DATABASES; DESCRIBE t')).toBe(true);
    expect(isReadOnly("SELECT 1; INSERT INTO t VALUES (now, ';')")).toBe(false);
  });

  it('writes RFC 4180 lines', () => {
    expect(csvLine(['a', 1, null, 'x,y', 'say "hi"', 'two\nlines', true])).toBe('a,1,,"x,y","say ""hi""","two\nlines",true\r\n');
  });
});
