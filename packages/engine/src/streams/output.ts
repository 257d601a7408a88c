import crypto from 'node:crypto';
import { quoteName, quoteText } from '@tscloud/contracts/sql';
import { TdCode, TdError } from '../errors';
import type { ResultColumn } from '../format/result';
import type { CreateStreamStatement } from '../sql';
import { formatTypeSpec } from '../types/type-spec';
import { HIDDEN_FIXED, type StreamPlan } from './plan';

/**
 * The output super table (facts §3.2): auto-created from the select list with one tag `groupId BIGINT UNSIGNED`,
 * or with the tags of `TAGS (...)`; one child table per partition, named by SUBTABLE(expr) or `t_` + an MD5 of the
 * stream name and partition key. Result rows are written with INSERT … USING, so a window computed again replaces
 * its row (same timestamp).
 */

export const GROUP_ID_TAG = 'groupId';

/** `DECIMAL(10,2)` / `VARCHAR` + length → a column type for CREATE STABLE. */
function columnType(c: ResultColumn): string {
  const t = c.type.toUpperCase();
  if (t === 'VARCHAR' || t === 'BINARY' || t === 'VARBINARY' || t === 'GEOMETRY') return `${t}(${Math.max(1, c.length)})`;
  if (t === 'NCHAR') return `NCHAR(${Math.max(1, Math.ceil(c.length / 4))})`;
  return t;
}

export interface OutputShape {
  /** CREATE STABLE text when the target must be created, else undefined */
  createSql?: string;
  /** tag value source per output tag: 'group' (hash of the partition key) or the index of a partition value */
  tagSources: ('group' | number)[];
}

/** Plans the output super table from the probe's result columns; checks an existing target's shape. */
export function outputShape(
  plan: StreamPlan,
  stmt: CreateStreamStatement,
  columns: ResultColumn[],
  existing: { columns: number; tags: number } | undefined,
): OutputShape {
  const user = columns.slice(plan.hidden);
  if (user.length === 0 || user[0].type !== 'TIMESTAMP') {
    throw new TdError(TdCode.PAR_INVALID_FIRST_COLUMN, 'First column must be timestamp');
  }
  if (stmt.columns && stmt.columns.length !== user.length) {
    throw new TdError(TdCode.PAR_INCORRECT_NUM_OF_COL, 'Illegal number of columns');
  }
  const names = user.map((c, i) => stmt.columns?.[i]?.name.name ?? c.name.toLowerCase());
  const partitions = plan.base.partitionBy ?? [];
  let tagSources: ('group' | number)[];
  let tagDefs: string[];
  if (stmt.tags) {
    if (stmt.tags.length !== partitions.length) throw new TdError(TdCode.TAGS_NOT_MATCHED, 'Tags number not matched');
    tagSources = stmt.tags.map((_, i) => i);
    tagDefs = stmt.tags.map((t) => `${quoteName(t.name.name)} ${formatTypeSpec(t.type)}`);
  } else if (stmt.tagNames) {
    tagSources = stmt.tagNames.map((n) => {
      const i = partitions.findIndex((p) => p.alias?.name === n.name || (p.expr.type === 'column' && p.expr.name.name === n.name));
      if (i < 0) throw new TdError(TdCode.INVALID_TAG_NAME, `Invalid tag name: ${n.name}`);
      return i;
    });
    tagDefs = stmt.tagNames.map((n, k) => `${quoteName(n.name)} ${columnType(columns[HIDDEN_FIXED + (tagSources[k] as number)])}`);
  } else {
    tagSources = ['group'];
    tagDefs = [`${GROUP_ID_TAG} BIGINT UNSIGNED`];
  }
  if (existing) {
    if (existing.columns !== user.length || existing.tags !== tagSources.length) {
      throw new TdError(TdCode.PAR_INCORRECT_NUM_OF_COL, 'Illegal number of columns');
    }
    return { tagSources };
  }
  const cols = user.map((c, i) => `${quoteName(names[i])} ${columnType(c)}`);
  const target = `${quoteName(plan.target.db)}.${quoteName(plan.target.stable)}`;
  return { createSql: `CREATE STABLE ${target} (${cols.join(', ')}) TAGS (${tagDefs.join(', ')})`, tagSources };
}

/** A value of a result row as a TDengine literal. */
export function literal(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'NULL';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof Uint8Array) return `'\\x${Buffer.from(v).toString('hex')}'`;
  return quoteText(String(v));
}

/** The partition key's group id: the first 8 bytes of MD5(key) as an unsigned integer. */
export function groupId(key: string): bigint {
  return crypto.createHash('md5').update(key).digest().readBigUInt64BE(0);
}

/** Child table name without SUBTABLE: `t_` + MD5(stream name, partition key). */
export function childName(stream: string, key: string): string {
  return `t_${crypto.createHash('md5').update(`${stream}\n${key}`).digest('hex')}`;
}

/** One output row to write: the child table it goes to, its tag values, its values (first = timestamp). */
export interface OutputRow {
  child: string;
  tags: unknown[];
  values: unknown[];
}

/** INSERT … USING statements for the rows (one statement, several child tables). */
export function insertSql(plan: StreamPlan, rows: OutputRow[]): string {
  const byChild = new Map<string, OutputRow[]>();
  for (const r of rows) {
    const list = byChild.get(r.child);
    if (list) list.push(r);
    else byChild.set(r.child, [r]);
  }
  const target = `${quoteName(plan.target.db)}.${quoteName(plan.target.stable)}`;
  const parts: string[] = [];
  for (const [child, list] of byChild) {
    const values = list.map((r) => `(${r.values.map(literal).join(',')})`).join(' ');
    parts.push(`${quoteName(plan.target.db)}.${quoteName(child)} USING ${target} TAGS (${list[0].tags.map(literal).join(',')}) VALUES ${values}`);
  }
  return `INSERT INTO ${parts.join(' ')}`;
}
