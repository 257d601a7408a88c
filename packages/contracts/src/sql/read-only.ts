import { firstWord, splitStatements } from './statements';

/** Statements that only read: what a shared database's access code, a mart view and a read-only member may run. */
const READING_WORDS = new Set(['SELECT', 'WITH', 'SHOW', 'DESCRIBE', 'DESC', 'EXPLAIN']);

/**
 * Whether every statement of `sql` only reads (several are judged one by one). A statement counts by the word it
 * starts with; one that starts with anything else (a quote, a number) is not a read. The engine then parses the
 * statement and refuses what is not valid SQL.
 */
export function isReadOnly(sql: string): boolean {
  return splitStatements(sql).every((statement) => READING_WORDS.has(firstWord(statement)));
}
