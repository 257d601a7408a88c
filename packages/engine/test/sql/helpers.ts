import { expect } from 'vitest';
import { TdError } from '../../src/errors';
import { parse, type Statement } from '../../src/sql';

/** The statement type(s) whose `kind` may be K (GrantStatement has kind 'grant' | 'revoke'). */
type StatementOfKind<K> = Statement extends infer S ? (S extends { kind: infer SK } ? (K extends SK ? S : never) : never) : never;

/** Parses and asserts the statement kind. */
export function parseAs<K extends Statement['kind']>(sql: string, kind: K): StatementOfKind<K> {
  const stmt = parse(sql);
  expect(stmt.kind).toBe(kind);
  return stmt as StatementOfKind<K>;
}

/** The TdError parse throws (fails the test if it does not throw one). */
export function parseError(sql: string): TdError {
  try {
    parse(sql);
  } catch (e) {
    expect(e).toBeInstanceOf(TdError);
    return e as TdError;
  }
  throw new Error(`expected a parse error for: ${sql}`);
}

/** 9728 with TDengine's message: the rest of the SQL from the offending token. */
export function expectSyntaxError(sql: string, near: string): void {
  const e = parseError(sql);
  expect(e.code).toBe(9728);
  expect(e.message).toBe(`syntax error near "${near}"`);
}

export function expectIncomplete(sql: string): void {
  const e = parseError(sql);
  expect(e.code).toBe(9729);
  expect(e.message).toBe('Incomplete SQL statement');
}

/** Unquoted identifier as the AST holds it. */
export const id = (name: string) => ({ name, quoted: false });
