import type { DuckDBValue } from '@duckdb/node-api';
import type { ColumnDef } from '../catalog/model';
import { TdCode, TdError } from '../errors';
import { affected, type StatementResult } from '../format/result';
import type { DeleteStatement, Expression } from '../sql';
import { qualified, quoteIdent, stableTagName, TID_COLUMN } from '../storage/names';
import { normalDataTable, stableDataTable } from '../storage/schema';
import { requireWrite } from './access';
import { coerceValue, type ValueScope } from './coerce';
import { systemDbRefusal, writableDb, type ExecContext } from './context';
import { rethrowAt } from './value-position';

const noRange = (): TdError =>
  new TdError(TdCode.DELETE_NEEDS_TIME_RANGE, 'The DELETE statement must have a definite time window range');

/** Translates a DELETE condition (ts ranges, tag and tbname conditions) into DuckDB SQL with parameters. */
class ConditionSql {
  readonly params: DuckDBValue[] = [];
  hasTimeBound = false;
  usesTags = false;

  private readonly tsColumn: ColumnDef;

  constructor(
    private readonly sql: string,
    private readonly columns: ColumnDef[],
    private readonly tags: ColumnDef[],
    private readonly scope: ValueScope,
  ) {
    this.tsColumn = columns[0];
  }

  private column(e: Expression): { sql: string; col: ColumnDef; tag: boolean } {
    if (e.type !== 'column') throw TdError.syntax(e.text);
    const name = e.name.name;
    if (name === this.tsColumn.name || name === '_rowts' || name === '_c0') {
      return { sql: `d.${quoteIdent(this.tsColumn.name)}`, col: this.tsColumn, tag: false };
    }
    // TDengine deletes from a super table by tag conditions, never by table name (`where tbname = 's4'` is 9804)
    if (name === 'tbname' && this.tags.length > 0) throw new TdError(TdCode.PAR_INVALID_TBNAME, 'Invalid tbname pseudo column');
    const tag = this.tags.find((t) => t.name === name);
    if (tag) {
      this.usesTags = true;
      return { sql: `t.${quoteIdent(tag.name)}`, col: tag, tag: true };
    }
    // TDengine deletes whole time ranges: a data column in the condition is refused by kind, not as unknown
    if (this.columns.some((c) => c.name === name)) {
      throw new TdError(TdCode.DELETE_NEEDS_TIME_RANGE, 'The DELETE statement must only have a definite time window range');
    }
    throw TdError.invalidColumn(name);
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
        if (!Array.isArray(e.list)) throw TdError.syntax(e.text);
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
 * DELETE FROM tb|stb [WHERE <time range> [AND tag conditions]]: returns the number of rows deleted. Without WHERE every
 * row of the table goes (TDengine 3.3.7.5 accepts that); a WHERE must bound the time.
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
  const where = stmt.where ? cond.translate(stmt.where) : 'TRUE';
  if (stmt.where && !cond.hasTimeBound) throw noRange();
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
    const tagTable = qualified(db, stableTagName(found.stable.id));
    const childFilter = found.kind === 'child' ? `d.${tid} = ${found.child.tid} AND ` : '';
    sql = cond.usesTags
      ? `DELETE FROM ${target} d USING ${tagTable} t WHERE d.${tid} = t.${tid} AND ${childFilter}${where}`
      : `DELETE FROM ${target} d WHERE ${childFilter}${where}`;
    span = cond.usesTags
      ? spanOf(`${target} d JOIN ${tagTable} t ON d.${tid} = t.${tid}`, `${childFilter}${where}`)
      : spanOf(`${target} d`, `${childFilter}${where}`);
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
