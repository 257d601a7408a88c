import { nameSql, quoteName } from '@tscloud/contracts/sql';
import type { Identifier, Statement } from './ast';
import { parse } from './parser';

/**
 * Every database a statement names, in the order written (docs/clusters.md: the tenant SQL guard maps each to the
 * instance's namespace on a shared cluster). A database is named by a statement about one (CREATE/ALTER/DROP/USE/
 * FLUSH/TRIM/COMPACT DATABASE, SHOW CREATE DATABASE, a topic AS DATABASE), by the `db.` of a qualified name anywhere
 * (FROM, joins, subqueries, INSERT … USING, DDL, streams, SHOW … FROM), by `SHOW db.…`, and by a grant's `db.*`.
 * The wildcard `*.*` of a grant is not a name and is not listed. Parse with `{ spans: true }` to have each one's span.
 */
export function databaseReferences(statement: Statement): Identifier[] {
  const found: Identifier[] = [];
  const seen = new Set<Identifier>();
  const add = (id: Identifier) => {
    if (!seen.has(id)) {
      seen.add(id);
      found.push(id);
    }
  };
  const isIdentifier = (value: unknown): value is Identifier =>
    typeof value === 'object' && value !== null && typeof (value as Identifier).name === 'string' && typeof (value as Identifier).quoted === 'boolean';
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    // A statement about a database names it `name`; so does a topic's `AS DATABASE` source.
    if ((typeof record.kind === 'string' && DATABASE_STATEMENTS.has(record.kind)) || record.object === 'createDatabase' || record.type === 'database') {
      if (isIdentifier(record.name)) add(record.name);
    }
    if (isIdentifier(record.db)) add(record.db);
    for (const key of Object.keys(record)) if (key !== 'span') visit(record[key]);
  };
  visit(statement);
  return found.sort((a, b) => (a.span?.start ?? 0) - (b.span?.start ?? 0));
}

const DATABASE_STATEMENTS = new Set(['createDatabase', 'alterDatabase', 'dropDatabase', 'use', 'flushDatabase', 'trimDatabase', 'compactDatabase']);

/** A piece of a statement's text to be replaced: [start, end) by `text`. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** The text with each edit made where it stands (edits must not overlap; given in any order). */
export function spliceEdits(sql: string, edits: readonly TextEdit[]): string {
  const ordered = [...edits].sort((a, b) => b.start - a.start);
  let text = sql;
  // From the last to the first, so the earlier spans stay where they are.
  for (const edit of ordered) text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
  return text;
}

/**
 * The edit that writes `renamed` where the identifier stood (it must carry its span): back-quoted when it was, or
 * when the new name is not a plain name.
 */
export function renameEdit(id: Identifier, renamed: string): TextEdit {
  return { start: id.span!.start, end: id.span!.end, text: id.quoted ? quoteName(renamed) : nameSql(renamed) };
}

/**
 * The statement's text with every database it names renamed by `rename` (given the name as TDengine reads it:
 * unquoted names lower-cased), each written where the old one stood. Nothing else of the text changes. Throws what
 * `parse` throws for a statement it refuses.
 */
export function renameDatabases(sql: string, rename: (name: string) => string): string {
  const references = databaseReferences(parse(sql, { spans: true }));
  return spliceEdits(sql, references.map((id) => renameEdit(id, rename(id.name))));
}
