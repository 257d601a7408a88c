import { quoteName, quoteText } from '@tscloud/contracts/sql';
import type { SystemDb } from 'tscloud-engine';
import type { TenantNamespace } from './namespace';

/** What a system table's column holds, as far as namespaces go. */
type NameKind = 'db' | 'topic' | 'stream' | 'user' | 'group' | 'text';

/**
 * How one system table is seen from inside a namespace: `rows` is the column whose prefix selects the namespace's
 * rows (`keepSystem`: also the rows of information_schema and performance_schema); `names` overrides the column
 * conventions below for this table.
 */
interface NamespacedTable {
  /** the column, or the first of these the cluster's table has */
  rows: string | readonly string[] | null;
  keepSystem?: boolean;
  names?: Record<string, NameKind>;
}

/** Columns named alike hold the same kind of name in every system table (TDengine's systable.c). */
const NAME_COLUMNS: Record<string, NameKind> = {
  db_name: 'db',
  source_db: 'db',
  target_db: 'db',
  topic_name: 'topic',
  stream_name: 'stream',
  // consumer groups are cluster-wide: the console names them in the namespace (region/clusters/tmq-names.ts)
  consumer_group: 'group',
  user: 'user',
  user_name: 'user',
  effective_user: 'user',
  // Texts that quote names: a topic's or stream's SQL, a view's query, a running query, a consumer's topic list.
  sql: 'text',
  query_sql: 'text',
  topics: 'text',
};

/**
 * The system tables a tenant may read, and how. Any other (dnodes, mnodes, vnodes, configs, variables, grants,
 * cluster, machines, transactions, apps) describes the cluster itself and is refused (decision 4).
 */
const TENANT_TABLES: Record<string, NamespacedTable> = {
  ins_databases: { rows: 'name', keepSystem: true, names: { name: 'db' } },
  ins_stables: { rows: 'db_name', keepSystem: true },
  ins_tables: { rows: 'db_name', keepSystem: true },
  ins_tags: { rows: 'db_name', keepSystem: true },
  ins_columns: { rows: 'db_name', keepSystem: true },
  ins_indexes: { rows: 'db_name' },
  ins_vgroups: { rows: 'db_name' },
  ins_disk_usage: { rows: 'db_name' },
  ins_compacts: { rows: 'db_name' },
  ins_views: { rows: 'db_name' },
  ins_topics: { rows: 'topic_name' },
  ins_subscriptions: { rows: 'topic_name' },
  // 3.3.7: a stream is its database's (`db_name`) and its name has no prefix; classic streams are named cluster-wide
  ins_streams: { rows: ['db_name', 'stream_name'] },
  ins_consumers: { rows: 'user' },
  ins_users: { rows: 'name', names: { name: 'user' } },
  ins_user_privileges: { rows: 'user_name' },
  // User-defined functions are the operator's (a tenant cannot create one): read as they are.
  ins_functions: { rows: null },
  perf_connections: { rows: 'user' },
  perf_queries: { rows: 'user' },
  perf_consumers: { rows: 'user' },
};

/** Whether a tenant may read the system table (its rows filtered to the namespace). */
export function tenantReadable(table: string): boolean {
  return Object.hasOwn(TENANT_TABLES, table);
}

/**
 * A SELECT over the system table that answers as the table would inside the namespace: the namespace's rows only,
 * the prefix taken off every name, the columns in the table's own order and names (`columns`, from the cluster's
 * DESCRIBE). `withSystem` false leaves out the rows of the system databases (SHOW USER DATABASES). Null for a table a
 * tenant may not read.
 */
export function systemTableView(
  db: SystemDb,
  table: string,
  columns: readonly string[],
  ns: TenantNamespace,
  options: { withSystem: boolean } = { withSystem: true },
): string | null {
  const spec = TENANT_TABLES[table];
  if (!spec) return null;
  const prefix = quoteText(ns.prefix);
  const length = ns.prefix.length;
  const outputs = columns.map((column) => {
    const kind = spec.names?.[column] ?? NAME_COLUMNS[column];
    const name = quoteName(column);
    if (!kind) return name;
    if (kind === 'text') return `replace(${name}, ${prefix}, '') AS ${name}`;
    return `CASE WHEN substr(${name}, 1, ${length}) = ${prefix} THEN substr(${name}, ${length + 1}) ELSE ${name} END AS ${name}`;
  });
  const from = `${db}.${table}`;
  if (spec.rows === null) return `SELECT ${outputs.join(', ')} FROM ${from}`;
  const rowsColumn = typeof spec.rows === 'string' ? spec.rows : spec.rows.find((column) => columns.includes(column));
  if (rowsColumn === undefined) return null;
  const rows = quoteName(rowsColumn);
  const own = `substr(${rows}, 1, ${length}) = ${prefix}`;
  const where = spec.keepSystem && options.withSystem ? `(${own} OR ${rows} IN ('information_schema', 'performance_schema'))` : own;
  return `SELECT ${outputs.join(', ')} FROM ${from} WHERE ${where}`;
}
