import type { DuckDBValue } from '@duckdb/node-api';
import { quoteName } from '@tscloud/contracts/sql';
import type { ColumnDef } from '../catalog/model';
import { TdCode, TdError } from '../errors';
import { affected, type StatementResult } from '../format/result';
import { parse, type DeleteStatement, type Expression } from '../sql';
import { qualified, quoteIdent, TID_COLUMN } from '../storage/names';
import { normalDataTable, stableDataTable } from '../storage/schema';
import { requireWrite } from './access';
import { coerceValue, type ValueScope } from './coerce';
import { systemDbRefusal, writableDb, type ExecContext } from './context';
import { rethrowAt } from './value-position';

const noRange = (): TdError =>
  new TdError(TdCode.DELETE_NEEDS_TIME_RANGE, 'The DELETE statement must have a definite time window range');
const onlyTimeRange = (): TdError =>
  new TdError(TdCode.DELETE_NEEDS_TIME_RANGE, 'The DELETE statement must only have a definite time window range');

/** The conditions joined by AND at the top of a WHERE. */
function conjuncts(e: Expression): Expression[] {
  return e.type === 'binary' && e.op === 'AND' ? [...conjuncts(e.left), ...conjuncts(e.right)] : [e];
}

/** The names of the columns an expression reads. */
function columnNames(e: unknown, out: string[] = []): string[] {
  if (Array.isArray(e)) for (const x of e) columnNames(x, out);
  else if (e !== null && typeof e === 'object') {
    const node = e as { type?: string; name?: { name: string } };
    if (node.type === 'column' && node.name) out.push(node.name.name);
    for (const [key, value] of Object.entries(e)) if (key !== 'span') columnNames(value, out);
  }
  return out;
}

/** Translates a DELETE's time conditions into DuckDB SQL with parameters; names the columns of the rest. */
class ConditionSql {
  readonly params: DuckDBValue[] = [];
  hasTimeBound = false;

  private readonly tsColumn: ColumnDef;

  constructor(
    private readonly sql: string,
    private readonly columns: ColumnDef[],
    private readonly tags: ColumnDef[],
    private readonly scope: ValueScope,
  ) {
    this.tsColumn = columns[0];
  }

  /** What a name in the condition is; tbname of a super table (9804) and unknown names (9730) are refused. */
  kindOf(name: string): 'time' | 'tag' | 'data' {
    if (name === this.tsColumn.name || name === '_rowts' || name === '_c0') return 'time';
    if (name === 'tbname' && this.tags.length > 0) throw new TdError(TdCode.PAR_INVALID_TBNAME, 'Invalid tbname pseudo column');
    if (this.tags.some((t) => t.name === name)) return 'tag';
    if (this.columns.some((c) => c.name === name)) return 'data';
    throw TdError.invalidColumn(name);
  }

  /** The timestamp in a time condition (splitWhere sends only conditions over it here). */
  private column(e: Expression): { sql: string; col: ColumnDef; tag: boolean } {
    if (e.type !== 'column') throw TdError.syntax(e.text);
    if (this.kindOf(e.name.name) !== 'time') throw onlyTimeRange();
    return { sql: `d.${quoteIdent(this.tsColumn.name)}`, col: this.tsColumn, tag: false };
  }

  private value(e: Expression, col: ColumnDef): string {
    try {
      this.params.push(coerceValue(e, col, this.scope));
    } catch (error) {
      // a time text that is no time: the translator's 0x0127, not the INSERT parser's syntax error
      if (col === this.tsColumn && e.type === 'string') throw new TdError(TdCode.INVALID_TIMESTAMP_FORMAT, 'Invalid timestamp format');
      rethrowAt(error, e, { sql: this.sql, index: 0 });
    }
    return `$${this.params.length}`;
  }

  translate(e: Expression): string {
    switch (e.type) {
      case 'binary': {
        if (e.op === 'AND' || e.op === 'OR') return `(${this.translate(e.left)} ${e.op} ${this.translate(e.right)})`;
        if (!['=', '<>', '<', '<=', '>', '>='].includes(e.op)) throw TdError.syntax(e.text);
        const c = this.column(e.left);
        if (!c.tag && e.op !== '<>') this.hasTimeBound = true;
        return `${c.sql} ${e.op} ${this.value(e.right, c.col)}`;
      }
      case 'between': {
        const c = this.column(e.expr);
        if (!c.tag && !e.not) this.hasTimeBound = true;
        return `${c.sql} ${e.not ? 'NOT ' : ''}BETWEEN ${this.value(e.low, c.col)} AND ${this.value(e.high, c.col)}`;
      }
      case 'in': {
        const c = this.column(e.expr);
        if (!c.tag && !e.not) this.hasTimeBound = true;
        return `${c.sql} ${e.not ? 'NOT ' : ''}IN (${e.list.map((v) => this.value(v, c.col)).join(', ')})`;
      }
      case 'isNull': {
        const c = this.column(e.expr);
        return `${c.sql} IS ${e.not ? 'NOT ' : ''}NULL`;
      }
      default:
        throw TdError.syntax(e.text);
    }
  }
}

/**
 * A DELETE's WHERE as TDengine's translator splits it (partitionDeleteWhere): the conditions joined by AND are the
 * primary key's (comparisons and BETWEEN on the timestamp: the time range), the tags' (any condition over tags only:
 * LIKE, IN, JSON `->`, functions), and others, which are 9813 "must only have a definite time window range" (a data
 * column, an OR of the timestamp with a tag, `ts IN (…)`). Without a time condition the whole time range goes.
 */
function splitWhere(cond: ConditionSql, where: Expression): { time: Expression[]; tags: Expression[] } {
  const parts = conjuncts(where);
  const kinds = parts.map((p) => new Set(columnNames(p).map((n) => cond.kindOf(n))));
  const time: Expression[] = [];
  const tags: Expression[] = [];
  parts.forEach((p, i) => {
    const k = kinds[i];
    if (k.has('data') || (k.has('time') && k.has('tag'))) throw onlyTimeRange();
    if (!k.has('time')) tags.push(p);
    else if (p.type === 'in') throw onlyTimeRange();
    else time.push(p);
  });
  return { time, tags };
}

/**
 * The children a DELETE's tag conditions select: the query layer's own reading of the conditions (`SELECT DISTINCT
 * tbname FROM … WHERE …`), so LIKE, MATCH, JSON tags and functions mean what they mean in a SELECT.
 */
async function childrenMatching(ctx: ExecContext, db: string, table: string, tags: Expression[]): Promise<number[]> {
  if (!ctx.runQuery) throw new TdError(TdCode.UNSUPPORTED, 'DELETE with tag conditions needs the query layer');
  const where = tags.map((e) => `(${e.text})`).join(' AND ');
  const query = parse(`select distinct tbname from ${quoteName(db)}.${quoteName(table)} where ${where}`);
  if (query.kind !== 'select') throw TdError.syntax(where);
  const result = await ctx.runQuery(query);
  if (result.kind !== 'rows') return [];
  return result.rows.flatMap(([tbname]) => {
    const found = ctx.catalog.lookup(db, String(tbname));
    return found?.kind === 'child' ? [found.child.tid] : [];
  });
}

/**
 * DELETE FROM tb|stb [WHERE <time range> [AND tag conditions]]: returns the number of rows deleted. Without WHERE every
 * row of the table goes (TDengine 3.3.7.5 accepts that); time conditions must bound the time.
 */
export async function deleteRows(ctx: ExecContext, stmt: DeleteStatement): Promise<StatementResult> {
  const db = writableDb(ctx, stmt.table, systemDbRefusal('delete from', false));
  const found = ctx.catalog.table(db, stmt.table.name.name);
  requireWrite(ctx, db, stmt.table.name.name);
  const options = ctx.catalog.database(db).options;
  const scope = { precision: options.precision, nowMs: ctx.nowMs, tz: ctx.tz };
  const columns = found.kind === 'normal' ? found.table.columns : found.stable.columns;
  const tags = found.kind === 'normal' ? [] : found.stable.tags;
  const cond = new ConditionSql(ctx.sql, columns, tags, scope);
  const split = stmt.where ? splitWhere(cond, stmt.where) : { time: [], tags: [] };
  const timeWhere = split.time.length > 0 ? split.time.map((e) => cond.translate(e)).join(' AND ') : 'TRUE';
  if (split.time.length > 0 && !cond.hasTimeBound) throw noRange();
  const tids = split.tags.length > 0 ? await childrenMatching(ctx, db, stmt.table.name.name, split.tags) : undefined;
  const where = tids === undefined ? timeWhere : `${tids.length > 0 ? `d.${quoteIdent(TID_COLUMN)} IN (${tids.join(', ')})` : 'FALSE'} AND ${timeWhere}`;
  const data = found.kind === 'normal' ? normalDataTable(found.table) : stableDataTable(found.stable);
  const target = qualified(db, data.name);
  let sql: string;
  // what the DELETE removes (time span and tables), read first only when someone listens to write events
  let span: string;
  const tid = quoteIdent(TID_COLUMN);
  const ts = `d.${quoteIdent(columns[0].name)}`;
  const spanOf = (from: string, filter: string): string => `SELECT min(${ts}), max(${ts}), list(DISTINCT d.${tid}) FROM ${from} WHERE ${filter}`;
  if (found.kind === 'normal') {
    sql = `DELETE FROM ${target} d WHERE ${where}`;
    span = spanOf(`${target} d`, where);
  } else {
    const childFilter = found.kind === 'child' ? `d.${tid} = ${found.child.tid} AND ` : '';
    sql = `DELETE FROM ${target} d WHERE ${childFilter}${where}`;
    span = spanOf(`${target} d`, `${childFilter}${where}`);
  }
  const events = ctx.writer.events;
  const changed = await ctx.storage.transaction(db, async (conn) => {
    const before = events.active ? (await conn.runAndReadAll(span, cond.params)).getRows()[0] : undefined;
    const rows = (await conn.run(sql, cond.params)).rowsChanged;
    return { rows, before };
  });
  if (changed.rows > 0 && changed.before && changed.before[0] !== null) {
    const [from, to, tids] = changed.before as [bigint, bigint, { items: unknown[] }];
    events.emit({
      kind: 'delete',
      db,
      table: data.name,
      stableId: found.kind === 'normal' ? undefined : found.stable.id,
      tids: tids.items.map(Number),
      fromTs: from,
      toTs: to,
      reason: 'delete',
    });
  }
  return affected(changed.rows);
}
