import { quoteName, quoteText } from '@tscloud/contracts/sql';
import type { ColumnDef, StableDef } from '../catalog/model';
import { TdCode, TdError } from '../errors';
import type { ResultSet } from '../format/result';
import { parse, type QualifiedName } from '../sql';
import { qualified, quoteIdent, stableTagName, TID_COLUMN } from '../storage/names';
import { describeTypeName, formatTypeSpec, typeLength } from '../types';
import { requireRead } from './access';
import { resolveDb, type ExecContext } from './context';

/** DESCRIBE's columns with the lengths TDengine 3.3.7.5 reports (the corpus goldens: field 325, type 20, …). */
export const DESCRIBE_COLUMNS = [
  { name: 'field', type: 'VARCHAR', length: 325 },
  { name: 'type', type: 'VARCHAR', length: 20 },
  { name: 'length', type: 'INT', length: 4 },
  { name: 'note', type: 'VARCHAR', length: 16 },
  { name: 'encode', type: 'VARCHAR', length: 12 },
  { name: 'compress', type: 'VARCHAR', length: 12 },
  { name: 'level', type: 'VARCHAR', length: 12 },
];

function columnRow(c: ColumnDef): unknown[] {
  return [c.name, describeTypeName(c.type), typeLength(c.type), c.primaryKey ? 'COMPOSITE KEY' : '', c.encode ?? '', c.compress ?? '', c.level ?? ''];
}

function tagRow(t: ColumnDef): unknown[] {
  return [t.name, describeTypeName(t.type), typeLength(t.type), 'TAG', 'disabled', 'disabled', 'disabled'];
}

/** DESCRIBE of a view: the columns its query produces, noted `VIEW COL`. */
async function describeView(ctx: ExecContext, db: string, sql: string): Promise<ResultSet> {
  const statement = parse(sql);
  if ((statement.kind !== 'select' && statement.kind !== 'union') || !ctx.runQuery) throw TdError.syntax(sql);
  const result = await ctx.runQuery(statement, db);
  const columns = result.kind === 'rows' ? result.columns : [];
  return {
    kind: 'rows',
    precision: 'ms',
    columns: DESCRIBE_COLUMNS,
    rows: columns.map((c) => [c.name, c.type, c.length, 'VIEW COL', '', '', '']),
  };
}

/** DESCRIBE [db.]tb: one row per column, then per tag (super and child tables), with compression columns. */
export async function describe(ctx: ExecContext, name: QualifiedName): Promise<ResultSet> {
  const db = resolveDb(ctx, name);
  const view = ctx.catalog.lookup(db, name.name.name) ? undefined : ctx.catalog.findView(db, name.name.name);
  if (view) {
    requireRead(ctx, db);
    return describeView(ctx, db, view.sql);
  }
  const found = ctx.catalog.table(db, name.name.name);
  requireRead(ctx, db, name.name.name);
  const rows =
    found.kind === 'normal'
      ? found.table.columns.map(columnRow)
      : [...found.stable.columns.map(columnRow), ...found.stable.tags.map(tagRow)];
  return { kind: 'rows', precision: 'ms', columns: DESCRIBE_COLUMNS, rows };
}

const q = quoteName;

/**
 * A column in SHOW CREATE: name, type and COMPOSITE KEY (3.3.7.5's word for a PRIMARY KEY column; both parse). TDengine leaves the ENCODE/COMPRESS/LEVEL options out unless
 * the server option showFullCreateTableColumn is set (default 0, which 3.3.7.5's goldens show); DESCRIBE shows them.
 */
function columnSql(c: ColumnDef): string {
  const pk = c.primaryKey ? ' COMPOSITE KEY' : '';
  return `${q(c.name)} ${formatTypeSpec(c.type)}${pk}`;
}

/**
 * ` SMA(…)` as command.c appends it: the columns with the block-SMA flag, when some but not all have it. CREATE
 * gives every column the flag; a column a super table gains by ALTER … ADD COLUMN has none (`noSma`).
 */
function smaSql(columns: ColumnDef[]): string {
  const sma = columns.filter((c) => !c.noSma);
  return sma.length > 0 && sma.length < columns.length ? ` SMA(${sma.map((c) => q(c.name)).join(',')})` : '';
}

function stableSql(s: StableDef): string {
  const comment = s.comment !== undefined ? ` COMMENT ${quoteText(s.comment)}` : '';
  return `CREATE STABLE ${q(s.name)} (${s.columns.map(columnSql).join(', ')}) TAGS (${s.tags
    .map((t) => `${q(t.name)} ${formatTypeSpec(t.type)}`)
    .join(', ')})${comment}${smaSql(s.columns)}`;
}

/** C's `%e`: six fraction digits and an exponent of at least two digits (`1.500000e+00`). */
function exponentText(v: number): string {
  const [mantissa, exponent] = v.toExponential(6).split('e');
  const sign = exponent.startsWith('-') ? '-' : '+';
  return `${mantissa}e${sign}${exponent.replace(/^[+-]/, '').padStart(2, '0')}`;
}

/**
 * A tag value in SHOW CREATE TABLE, as command.c's appendTagValues writes it: text in double quotes, FLOAT and
 * DOUBLE through `%e`. A JSON tag is quoted on purpose: TDengine prints the bare JSON (`TAGS ({"k":"v"})`), which no
 * parser reads back; quoted, the text creates the table again (test/sql/hostile-texts.test.ts). A GEOMETRY is its WKB
 * bytes written as they are (TDengine's `%s` of the binary value; REST reads them as UTF-8, so a byte that is not
 * UTF-8 is U+FFFD).
 */
function tagLiteral(v: unknown, t: ColumnDef): string {
  if (v === null || v === undefined) return 'NULL';
  if (v instanceof Uint8Array && t.type.name === 'GEOMETRY') return `"${Buffer.from(v).toString('utf8')}"`;
  if (v instanceof Uint8Array) return `"\\x${Buffer.from(v).toString('hex')}"`;
  if (t.type.name === 'JSON') return quoteText(String(v));
  if (t.type.name === 'FLOAT' || t.type.name === 'DOUBLE') return exponentText(Number(v));
  // TDengine prints `"O'Hare"` with the single quote bare
  if (typeof v === 'string') return quoteText(v, '"');
  return String(v);
}

/** A table's options as command.c appends them: COMMENT when one was given (even ''), TTL when above 0. */
function tableOptionsSql(options: { comment?: string; ttl?: number }): string {
  const comment = options.comment !== undefined ? ` COMMENT ${quoteText(options.comment)}` : '';
  return options.ttl ? `${comment} TTL ${options.ttl}` : comment;
}

/** TDengine 3.3.7.5's column_meta: a table name with its NUL (193) and a text of up to 3 MiB − 2 bytes. */
const SHOW_CREATE_COLUMNS = [
  { name: 'Table', type: 'VARCHAR', length: 193 },
  { name: 'Create Table', type: 'VARCHAR', length: 3145726 },
];

/** SHOW CREATE STABLE|TABLE: the DDL that recreates the table (child tables show USING ... TAGS with values). */
export async function showCreateTable(ctx: ExecContext, name: QualifiedName, stableOnly: boolean): Promise<ResultSet> {
  const db = resolveDb(ctx, name);
  const found = ctx.catalog.table(db, name.name.name);
  requireRead(ctx, db, name.name.name);
  let sql: string;
  if (found.kind === 'stable') sql = stableSql(found.stable);
  else if (stableOnly) throw new TdError(TdCode.TSC_NOT_STABLE, 'Table is not a super table');
  else if (found.kind === 'normal') {
    const t = found.table;
    sql = `CREATE TABLE ${q(t.name)} (${t.columns.map(columnSql).join(', ')})${tableOptionsSql(t)}${smaSql(t.columns)}`;
  } else {
    const s = found.stable;
    const { rows } = await ctx.storage.query(
      `SELECT ${s.tags.map((t) => quoteIdent(t.name)).join(', ')} FROM ${qualified(db, stableTagName(s.id))} WHERE ${quoteIdent(TID_COLUMN)} = ${found.child.tid}`,
    );
    const values = rows[0] ?? s.tags.map(() => null);
    sql = `CREATE TABLE ${q(found.child.name)} USING ${q(s.name)} (${s.tags.map((t) => q(t.name)).join(', ')}) TAGS (${s.tags
      .map((t, i) => tagLiteral(values[i], t))
      .join(', ')})${tableOptionsSql(ctx.catalog.childOptions(db, found.child.name) ?? {})}`;
  }
  return { kind: 'rows', precision: 'ms', columns: SHOW_CREATE_COLUMNS, rows: [[name.name.name, sql]] };
}
