import { quoteName, quoteText } from '@tscloud/contracts/sql';
import { alterDbOptions, checkDbCeilings, createDbOptions, DB_OPTION_DEFAULTS, formatDuration, formatKeep, UNIMPLEMENTED_DB_OPTIONS, type RawDbOption } from '../catalog/db-options';
import { checkName, MAX_DB_NAME } from '../catalog/schema-rules';
import { TdCode, TdError } from '../errors';
import { affected, type ResultSet, type StatementResult } from '../format/result';
import type {
  AlterDatabaseStatement,
  CreateDatabaseStatement,
  DatabaseOption,
  DropDatabaseStatement,
  Identifier,
} from '../sql';
import type { Limits } from '../limits/limits';
import { requireCreateDb, requireDbAdmin, requireRead } from './access';
import { systemDbRefusal, type ExecContext } from './context';

/**
 * Options of newer servers that this engine accepts and ignores (no effect on DuckDB storage); SHOW CREATE DATABASE
 * prints their defaults (UNIMPLEMENTED_DB_OPTIONS), so its text creates the database again.
 */
const IGNORED_OPTIONS = new Set([
  'COMPACT_INTERVAL',
  'COMPACT_TIME_RANGE',
  'COMPACT_TIME_OFFSET',
  'WITH_ARBITRATOR',
  'ENCRYPT_ALGORITHM',
  'SS_CHUNKPAGES',
  'SS_KEEPLOCAL',
  'SS_COMPACT',
]);

function rawOptions(options: DatabaseOption[]): RawDbOption[] {
  const out: RawDbOption[] = [];
  for (const o of options) {
    if (IGNORED_OPTIONS.has(o.name)) continue;
    const v = o.value;
    if (typeof v === 'number' || typeof v === 'string') out.push({ name: o.name, values: [v] });
    else if (Array.isArray(v)) out.push({ name: o.name, values: v.map((d) => (d.unit === null ? d.value : `${d.value}${d.unit}`)) });
    else out.push({ name: o.name, values: [v.unit === null ? v.value : `${v.value}${v.unit}`] });
  }
  return out;
}

export function dbName(id: Identifier): string {
  return id.name;
}

export async function createDatabase(ctx: ExecContext, stmt: CreateDatabaseStatement): Promise<StatementResult> {
  requireCreateDb(ctx);
  const name = dbName(stmt.name);
  checkName(name, MAX_DB_NAME, 'db');
  if (ctx.catalog.isSystemDb(name)) throw systemDbRefusal('create', false)(name, '');
  const options = createDbOptions(rawOptions(stmt.options), ctx.catalog.limits());
  if (ctx.catalog.findDatabase(name)) {
    if (stmt.ifNotExists) return affected(0);
    throw new TdError(TdCode.DB_ALREADY_EXISTS, 'Database already exists');
  }
  await ctx.storage.attach(name);
  try {
    ctx.catalog.createDatabase(name, options, ctx.user.name);
  } catch (error) {
    await ctx.storage.dropFile(name);
    throw error;
  }
  return affected(0);
}

export async function alterDatabase(ctx: ExecContext, stmt: AlterDatabaseStatement): Promise<StatementResult> {
  const name = dbName(stmt.name);
  const db = ctx.catalog.database(name);
  requireDbAdmin(ctx, name);
  ctx.catalog.alterDatabase(name, alterDbOptions(db.options, rawOptions(stmt.options), ctx.catalog.limits()));
  return affected(0);
}

/**
 * The plan's ceilings of a CREATE or ALTER DATABASE (REPLICA within the instance's dnodes, VGROUPS within its plan),
 * as this engine checks them: for a guard that passes the statement on to a TDengine cluster, which has no plan.
 */
export function checkDatabaseCeilings(stmt: CreateDatabaseStatement | AlterDatabaseStatement, limits: Limits): void {
  const given = { replica: DB_OPTION_DEFAULTS.replica, vgroups: DB_OPTION_DEFAULTS.vgroups };
  for (const { name, values } of rawOptions(stmt.options)) {
    if (name === 'REPLICA') given.replica = Number(values[0]);
    // ALTER cannot name VGROUPS (the cluster refuses it)
    if (name === 'VGROUPS' && stmt.kind === 'createDatabase') given.vgroups = Number(values[0]);
  }
  checkDbCeilings(given, limits);
}

export async function dropDatabase(ctx: ExecContext, stmt: DropDatabaseStatement): Promise<StatementResult> {
  const name = dbName(stmt.name);
  if (ctx.catalog.isSystemDb(name)) throw systemDbRefusal('drop', false)(name, '');
  if (!ctx.catalog.findDatabase(name)) {
    if (stmt.ifExists) return affected(0);
    throw TdError.dbNotExist();
  }
  requireDbAdmin(ctx, name);
  ctx.dropGuard?.database(name);
  ctx.catalog.dropDatabase(name);
  ctx.writer.forget(name);
  await ctx.storage.dropFile(name);
  return affected(0);
}

/** USE db: checks the database exists and is readable; REST is stateless so nothing persists. */
export function useDatabase(ctx: ExecContext, name: Identifier): StatementResult {
  ctx.catalog.database(name.name);
  requireRead(ctx, name.name);
  return affected(0);
}

/** FLUSH/TRIM/COMPACT: the DuckDB counterpart is a checkpoint of the database file. */
export async function checkpointDatabase(ctx: ExecContext, name: Identifier): Promise<StatementResult> {
  ctx.catalog.database(name.name);
  requireDbAdmin(ctx, name.name);
  await ctx.storage.checkpointDb(name.name);
  return affected(0);
}

/** SHOW CREATE DATABASE: every option in TDengine's fixed order. */
export function showCreateDatabase(ctx: ExecContext, name: Identifier): ResultSet {
  const db = ctx.catalog.database(name.name);
  requireRead(ctx, name.name);
  const o = db.options;
  const u = UNIMPLEMENTED_DB_OPTIONS;
  const sql =
    `CREATE DATABASE ${quoteName(db.name)} BUFFER ${o.buffer} CACHESIZE ${o.cachesize} CACHEMODEL ${quoteText(o.cachemodel)} COMP ${o.comp} ` +
    `DURATION ${formatDuration(o.duration)} WAL_FSYNC_PERIOD ${o.walFsyncPeriod} MAXROWS ${o.maxrows} MINROWS ${o.minrows} ` +
    `STT_TRIGGER ${o.sttTrigger} KEEP ${formatKeep(o.keep)} PAGES ${o.pages} PAGESIZE ${o.pagesize} PRECISION ${quoteText(o.precision)} ` +
    `REPLICA ${o.replica} WAL_LEVEL ${o.walLevel} VGROUPS ${o.vgroups} SINGLE_STABLE ${o.singleStable} TABLE_PREFIX ${o.tablePrefix} ` +
    `TABLE_SUFFIX ${o.tableSuffix} TSDB_PAGESIZE ${o.tsdbPagesize} WAL_RETENTION_PERIOD ${o.walRetentionPeriod} ` +
    `WAL_RETENTION_SIZE ${o.walRetentionSize} KEEP_TIME_OFFSET ${o.keepTimeOffset} ENCRYPT_ALGORITHM ${quoteText(u.encryptAlgorithm)} ` +
    `SS_CHUNKPAGES ${u.ssChunkpages} SS_KEEPLOCAL ${u.ssKeeplocal} SS_COMPACT ${u.ssCompact} COMPACT_INTERVAL ${u.compactInterval} ` +
    `COMPACT_TIME_RANGE ${u.compactTimeRange} COMPACT_TIME_OFFSET ${u.compactTimeOffset}`;
  return {
    kind: 'rows',
    precision: 'ms',
    // TDengine 3.3.7.5's column_meta (goldens): a database name without its NUL, the longest VARCHAR
    columns: [
      { name: 'Database', type: 'VARCHAR', length: 63 },
      { name: 'Create Database', type: 'VARCHAR', length: 65517 },
    ],
    rows: [[db.name, sql]],
  };
}
