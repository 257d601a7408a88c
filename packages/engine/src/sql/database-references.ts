import type { Identifier, Statement } from './ast';

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
