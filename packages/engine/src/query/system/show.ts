import type { QueryContext } from '../context';
import { TdCode, TdError } from '../../errors';
import type { ResultSet } from '../../format/result';
import type { Identifier, ShowStatement, SimpleShowObject } from '../../sql';
import { int } from './columns';
import { likeMatcher } from './like';
import { rowsResult } from './result';
import { showCreateView, showTableDistributed, showTableTags, showTags, tableOf } from './show-table';
import { isSystemDb, systemTable } from './system-table';
import type { SystemDb } from './table-def';
import { VARIABLE_COLUMNS, variableRows } from './tables/config';

/**
 * Every SHOW of facts §2.7 except SHOW CREATE DATABASE/STABLE/TABLE (src/exec). As TDengine does, most SHOWs are
 * queries on a system table (parTranslater.c sysTableShowAdapter): filtered by database / LIKE and, for DATABASES,
 * STABLES, TABLES, TOPICS, STREAMS and FUNCTIONS, projected to the name column only.
 */
export async function executeShow(ctx: QueryContext, s: ShowStatement): Promise<ResultSet> {
  switch (s.object) {
    case 'databases': {
      const keep = s.scope === 'system' ? (r: unknown[]) => isSystemDb(String(r[0])) : s.scope === 'user' ? (r: unknown[]) => !isSystemDb(String(r[0])) : undefined;
      return show(ctx, 'information_schema', 'ins_databases', { keep, columns: ['name'] });
    }
    case 'stables':
      return show(ctx, 'information_schema', 'ins_stables', { eq: { db_name: showDb(ctx, s.db) }, like: ['stable_name', s.like], columns: ['stable_name'] });
    case 'tables': {
      const eq: Record<string, unknown> = { db_name: showDb(ctx, s.db) };
      if (s.tableKind) eq.type = s.tableKind === 'child' ? 'CHILD_TABLE' : 'NORMAL_TABLE';
      return show(ctx, 'information_schema', 'ins_tables', { eq, like: ['table_name', s.like], columns: ['table_name'] });
    }
    case 'views':
      return show(ctx, 'information_schema', 'ins_views', { eq: { db_name: showDb(ctx, s.db) }, like: ['view_name', s.like] });
    case 'vgroups':
      return show(ctx, 'information_schema', 'ins_vgroups', { eq: { db_name: showDb(ctx, s.db) } });
    case 'dbAlive':
      showDb(ctx, s.db);
      return aliveResult();
    case 'clusterAlive':
      return aliveResult();
    case 'dbDiskInfo':
      return show(ctx, 'information_schema', 'ins_disk_usage', { eq: { db_name: showDb(ctx, s.db) } });
    case 'tableTags':
      return showTableTags(ctx, s.from, s.columns);
    case 'tags':
      return showTags(ctx, s.from);
    case 'indexes': {
      const { db, name } = tableOf(ctx, s.from);
      return show(ctx, 'information_schema', 'ins_indexes', { eq: { db_name: db, table_name: name } });
    }
    case 'tableDistributed':
      return showTableDistributed(ctx, s.name);
    case 'variables':
      return showVariables(ctx, s.scope, s.dnodeId, s.like);
    case 'createView':
      return showCreateView(ctx, s.name);
    case 'createDatabase':
    case 'createStable':
    case 'createTable':
      throw new TdError(TdCode.UNSUPPORTED, `Operation not supported: SHOW ${s.object} is executed by src/exec`);
    default:
      return showSimple(ctx, s.object);
  }
}

/**
 * SHOWs without arguments: the system table and, where TDengine projects, the one column shown (TDengine rewrites
 * them to SELECTs the same way; the console's tenant guard answers them from the same list).
 */
export const SIMPLE_SHOW_SOURCES: Partial<Record<SimpleShowObject, { db: SystemDb; table: string; columns?: string[] }>> = {
  dnodes: { db: 'information_schema', table: 'ins_dnodes' },
  mnodes: { db: 'information_schema', table: 'ins_mnodes' },
  qnodes: { db: 'information_schema', table: 'ins_qnodes' },
  snodes: { db: 'information_schema', table: 'ins_snodes' },
  vnodes: { db: 'information_schema', table: 'ins_vnodes' },
  cluster: { db: 'information_schema', table: 'ins_cluster' },
  clusterMachines: { db: 'information_schema', table: 'ins_machines' },
  users: { db: 'information_schema', table: 'ins_users' },
  userPrivileges: { db: 'information_schema', table: 'ins_user_privileges' },
  topics: { db: 'information_schema', table: 'ins_topics', columns: ['topic_name'] },
  subscriptions: { db: 'information_schema', table: 'ins_subscriptions' },
  streams: { db: 'information_schema', table: 'ins_streams', columns: ['stream_name'] },
  functions: { db: 'information_schema', table: 'ins_functions', columns: ['name'] },
  grants: { db: 'information_schema', table: 'ins_grants' },
  licences: { db: 'information_schema', table: 'ins_grants' },
  compacts: { db: 'information_schema', table: 'ins_compacts' },
  consumers: { db: 'performance_schema', table: 'perf_consumers' },
  queries: { db: 'performance_schema', table: 'perf_queries' },
  connections: { db: 'performance_schema', table: 'perf_connections' },
  apps: { db: 'performance_schema', table: 'perf_apps' },
  transactions: { db: 'performance_schema', table: 'perf_trans' },
};

function showSimple(ctx: QueryContext, object: SimpleShowObject): Promise<ResultSet> {
  const target = SIMPLE_SHOW_SOURCES[object];
  if (!target) throw new TdError(TdCode.UNSUPPORTED, `Operation not supported: SHOW ${object}`);
  return show(ctx, target.db, target.table, { columns: target.columns });
}

/**
 * The database a SHOW works on: named, else the current one, which must exist (904) and be visible. With neither,
 * TDengine's SHOW translator answers a syntax error (0x2600 "database not specified"), not the 0x2616 of SELECT.
 */
export function showDb(ctx: QueryContext, id?: Identifier): string {
  const name = id?.name ?? ctx.db;
  if (!name) throw new TdError(TdCode.SYNTAX_ERROR, 'database not specified');
  if (isSystemDb(name)) return name;
  ctx.catalog.database(name);
  if (!ctx.canSee(name)) throw TdError.permissionDenied();
  return name;
}

interface ShowFilter {
  /** column = value */
  eq?: Record<string, unknown>;
  /** [column, pattern]: SHOW ... LIKE */
  like?: [string, string | undefined];
  keep?: (row: unknown[]) => boolean;
  /** the columns shown, in order (all when absent) */
  columns?: string[];
}

async function show(ctx: QueryContext, db: SystemDb, table: string, f: ShowFilter): Promise<ResultSet> {
  const t = await systemTable(ctx, db, table);
  if (!t) throw new Error(`system table ${db}.${table} is missing`);
  const index = (name: string): number => {
    const i = t.columns.findIndex((c) => c.name === name);
    if (i < 0) throw new Error(`system table ${table} has no column ${name}`);
    return i;
  };
  let rows = t.rows;
  for (const [name, value] of Object.entries(f.eq ?? {})) {
    const i = index(name);
    rows = rows.filter((r) => r[i] === value);
  }
  if (f.like?.[1] !== undefined) {
    const i = index(f.like[0]);
    const match = likeMatcher(f.like[1]);
    rows = rows.filter((r) => typeof r[i] === 'string' && match(r[i]));
  }
  if (f.keep) rows = rows.filter(f.keep);
  if (!f.columns) return rowsResult(t.columns, rows);
  const picked = f.columns.map(index);
  return rowsResult(
    picked.map((i) => t.columns[i]),
    rows.map((r) => picked.map((i) => r[i])),
  );
}

/** SHOW CLUSTER ALIVE / SHOW db.ALIVE: 1 = available (0 unavailable, 2 partly); one node is all or nothing. */
function aliveResult(): ResultSet {
  return rowsResult([int('status')], [[1]]);
}

async function showVariables(ctx: QueryContext, scope: 'cluster' | 'local' | 'dnode', dnodeId?: number, like?: string): Promise<ResultSet> {
  if (scope === 'dnode') {
    return show(ctx, 'information_schema', 'ins_dnode_variables', { eq: { dnode_id: dnodeId }, like: ['name', like] });
  }
  const match = like === undefined ? () => true : likeMatcher(like);
  const rows = await variableRows(ctx, scope === 'local' ? 'client' : 'server');
  return rowsResult(VARIABLE_COLUMNS, rows.filter((r) => match(String(r[0]))));
}
