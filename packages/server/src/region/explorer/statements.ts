import { RESERVED_DATABASES } from '@tscloud/contracts';
import { singleStatement, withoutLeadingComments } from '@tscloud/contracts/sql';
import { ApiError } from '../../http/api-error';

/**
 * The server's own check of a statement it is asked to run for the explorer's database calls; splitting, the
 * read-only check and the other facts about statements are contracts' (`@tscloud/contracts/sql`).
 */

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
