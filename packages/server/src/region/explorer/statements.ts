import { RESERVED_DATABASES } from '@tscloud/contracts';
import { ApiError } from '../../http/api-error';

/**
 * The little SQL reading the explorer's server needs (no full parser: the engine parses and refuses the rest):
 * one statement or several, is it a query, is it the CREATE/DROP DATABASE the call names.
 */

/** Index of the first `;` outside quotes, backquotes and comments, or -1. */
function separatorAt(sql: string): number {
  let quote: string | null = null;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i];
    if (quote) {
      if (c === '\\' && quote !== '`') i++;
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '-' && sql[i + 1] === '-') i = sql.indexOf('\n', i) === -1 ? sql.length : sql.indexOf('\n', i);
    else if (c === '/' && sql[i + 1] === '*') i = sql.indexOf('*/', i) === -1 ? sql.length : sql.indexOf('*/', i) + 1;
    else if (c === ';') return i;
  }
  return -1;
}

/** The statement without surrounding blanks and trailing `;`, or null when the text holds several statements. */
export function singleStatement(sql: string): string | null {
  const text = sql.trim().replace(/[;\s]+$/, '');
  return text.length > 0 && separatorAt(text) === -1 ? text : null;
}

/** Leading comments and blanks removed (what the statement starts with). */
function withoutLeadingComments(sql: string): string {
  let text = sql.trimStart();
  for (;;) {
    if (text.startsWith('--')) text = text.slice(text.indexOf('\n') === -1 ? text.length : text.indexOf('\n')).trimStart();
    else if (text.startsWith('/*') && text.includes('*/')) text = text.slice(text.indexOf('*/') + 2).trimStart();
    else return text;
  }
}

/** A query the export can page through: one SELECT (or WITH … SELECT) statement. */
export function isPageableQuery(sql: string): boolean {
  const statement = singleStatement(sql);
  return statement !== null && /^\(*\s*(select|with)\b/i.test(withoutLeadingComments(statement));
}

/** Statements that only read (one each; several are judged one by one). */
export function isReadOnlyStatement(sql: string): boolean {
  let rest = sql;
  while (rest.trim().length > 0) {
    const at = separatorAt(rest);
    const statement = withoutLeadingComments(at === -1 ? rest : rest.slice(0, at));
    if (statement.length > 0 && !/^\(*\s*(select|with|show|describe|desc|explain)\b/i.test(statement)) return false;
    if (at === -1) break;
    rest = rest.slice(at + 1);
  }
  return true;
}

const IDENT = '(`[^`]+`|[A-Za-z_][A-Za-z0-9_]*)';
const CREATE_DB = new RegExp(`^create\\s+database\\s+(?:if\\s+not\\s+exists\\s+)?${IDENT}(?:\\s+[\\s\\S]*)?$`, 'i');
const DROP_DB = new RegExp(`^drop\\s+database\\s+(?:if\\s+exists\\s+)?${IDENT}$`, 'i');

/** Unquoted names are case-insensitive in the engine; a backquoted one is taken as written. */
function sameName(written: string, wanted: string): boolean {
  return written.startsWith('`') ? written.slice(1, -1) === wanted : written.toLowerCase() === wanted.toLowerCase();
}

export function isReservedDatabase(name: string): boolean {
  return RESERVED_DATABASES.includes(name.toLowerCase());
}

/**
 * The statement of a createdb/dropdb call, checked: exactly one CREATE DATABASE (options allowed) or DROP
 * DATABASE of `dbName`, not a reserved name. Anything else is refused before the engine sees it.
 */
export function databaseStatement(sql: string, kind: 'create' | 'drop', dbName: string): string {
  if (isReservedDatabase(dbName)) throw ApiError.badRequest('error.reservedDatabase');
  const statement = singleStatement(withoutLeadingComments(sql));
  const match = statement === null ? null : (kind === 'create' ? CREATE_DB : DROP_DB).exec(statement);
  if (!match || !sameName(match[1], dbName)) throw ApiError.badRequest('error.sqlStatementMismatch');
  return statement!;
}
