import type { Completion, CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete';
import { SQLDialect } from '@codemirror/lang-sql';
import type { QueryClient } from '@tanstack/react-query';
import { TDENGINE_FUNCTIONS, TDENGINE_KEYWORDS } from '@tscloud/contracts';
import type { InstanceRef } from '../../../data/instances/control';
import { columnsQuery, databasesQuery, tablesQuery, type CatalogColumn, type CatalogTable } from '../../../data/console/catalog';
import { splitStatements } from '@tscloud/contracts/sql';

/**
 * The console editor's TDengine dialect and completion (data-explorer.md SQL console). Words come from the one
 * list in contracts (sql-words); names from the catalog (databases, tables, columns and tags), read through the SQL
 * call and cached by TanStack Query, so typing does not send a call per key.
 */
const TYPES = 'timestamp int integer bigint smallint tinyint unsigned float double bool binary varchar nchar json geometry varbinary decimal';

export const tdengineDialect = SQLDialect.define({
  keywords: TDENGINE_KEYWORDS.map((k) => k.toLowerCase()).join(' '),
  builtin: TDENGINE_FUNCTIONS.join(' '),
  types: TYPES,
  backslashEscapes: true,
  doubleQuotedStrings: true,
  hashComments: true,
  identifierQuotes: '`',
});

/** What the cursor is completing: a member after `qualifier.`, or a plain word. Pure. */
export type Target = { kind: 'member'; qualifier: string; prefix: string } | { kind: 'word'; prefix: string };

export function completionTarget(before: string): Target {
  const member = /`?([A-Za-z_][\w]*)`?\.`?(\w*)$/.exec(before);
  if (member) return { kind: 'member', qualifier: member[1], prefix: member[2] };
  const word = /(\w*)$/.exec(before);
  return { kind: 'word', prefix: word ? word[1] : '' };
}

/** Tables a statement names after FROM, JOIN, DESCRIBE, INTO, USING or TABLE: (db, table), unqualified ones in `currentDb`. Pure. */
export function referencedTables(statement: string, currentDb: string | null): Array<{ db: string; table: string }> {
  const out: Array<{ db: string; table: string }> = [];
  const pattern = /\b(?:from|join|describe|desc|into|using|table|stable)\s+(?:`([^`]+)`|(\w+))(?:\.(?:`([^`]+)`|(\w+)))?/gi;
  for (const m of statement.matchAll(pattern)) {
    const first = m[1] ?? m[2];
    const second = m[3] ?? m[4];
    if (second) out.push({ db: first, table: second });
    else if (currentDb && !/^(select|information_schema)$/i.test(first)) out.push({ db: currentDb, table: first });
  }
  return out.filter((t, i) => out.findIndex((o) => o.db === t.db && o.table === t.table) === i);
}

/** The statement around `pos` in the editor's text. */
export function statementAt(text: string, pos: number): string {
  const before = text.slice(0, pos);
  const pieces = splitStatements(before);
  const after = text.slice(pos).split(';')[0];
  const tail = /;\s*$/.test(before) ? '' : (pieces[pieces.length - 1] ?? '');
  return tail + after;
}

const word = (label: string, type: string, boost = 0, detail?: string): Completion => ({ label, type, boost, detail });

export function tableOptions(tables: readonly CatalogTable[]): Completion[] {
  return tables.map((t) => word(t.name, t.kind === 'stable' ? 'class' : 'type', 2, t.kind === 'stable' ? 'super table' : t.kind === 'child' ? t.stable : 'table'));
}

export function columnOptions(columns: readonly CatalogColumn[]): Completion[] {
  return columns.map((c) => word(c.name, c.isTag ? 'property' : 'variable', 3, c.isTag ? `tag ${c.type}` : c.type));
}

const KEYWORD_OPTIONS: Completion[] = [
  ...TDENGINE_KEYWORDS.map((k) => word(k, 'keyword', -1)),
  ...TDENGINE_FUNCTIONS.map((f) => ({ ...word(f, 'function', 0), apply: `${f}(` })),
];

export interface CatalogAccess {
  client: QueryClient;
  instance: InstanceRef;
  /** The database chosen in the console (completes its tables without a prefix). */
  currentDb: () => string | null;
}

async function safely<T>(read: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await read();
  } catch {
    return fallback;
  }
}

/** The completion source: `db.` lists the database's tables; otherwise words, databases, tables and columns in reach. */
export function catalogCompletion(access: CatalogAccess): CompletionSource {
  const { client, instance } = access;
  const databases = () => safely(() => client.fetchQuery(databasesQuery(instance)), [] as string[]);
  const tables = (db: string) => safely(() => client.fetchQuery(tablesQuery(instance, db)), [] as CatalogTable[]);
  const columns = (db: string, table: string) => safely(() => client.fetchQuery(columnsQuery(instance, db, table)), [] as CatalogColumn[]);

  return async (context: CompletionContext): Promise<CompletionResult | null> => {
    const line = context.state.doc.lineAt(context.pos);
    const before = line.text.slice(0, context.pos - line.from);
    const target = completionTarget(before);
    const from = context.pos - target.prefix.length;
    if (target.kind === 'word' && !target.prefix && !context.explicit) return null;
    const text = context.state.doc.toString();
    const statement = statementAt(text, context.pos);
    const currentDb = access.currentDb();

    if (target.kind === 'member') {
      const dbs = await databases();
      if (dbs.includes(target.qualifier)) return { from, options: tableOptions(await tables(target.qualifier)), validFor: /^\w*$/ };
      // `table.` (a table of the statement, or of the current database): its columns.
      const refs = referencedTables(statement, currentDb).filter((r) => r.table === target.qualifier);
      const owner = refs[0] ?? (currentDb ? { db: currentDb, table: target.qualifier } : null);
      return owner ? { from, options: columnOptions(await columns(owner.db, owner.table)), validFor: /^\w*$/ } : null;
    }

    const options: Completion[] = [...KEYWORD_OPTIONS, ...(await databases()).map((d) => word(d, 'namespace', 1, 'database'))];
    if (currentDb) options.push(...tableOptions(await tables(currentDb)));
    for (const ref of referencedTables(statement, currentDb)) options.push(...columnOptions(await columns(ref.db, ref.table)));
    return { from, options, validFor: /^\w*$/ };
  };
}
