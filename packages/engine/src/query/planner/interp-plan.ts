import { FuncError, TdCode, TdError } from '../../errors';
import type { FunctionCall } from '../../sql';
import { isNumeric } from '../../types';
import { queryLimits } from '../../limits/limits';
import { fillRangeError } from '../exec/fill';
import { interpolate, type InterpItem } from '../exec/interp';
import { checkArgumentCount } from '../binder/functions';
import { compile, timeOperand } from './expr';
import { BOOL, TIMESTAMP } from './result-types';
import type { Plan, PlanColumn } from './plan';
import { whereSql, type SelectParts } from './select-parts';
import { durationValue } from './windows';

/**
 * INTERP(expr) RANGE(t1, t2) EVERY(step) FILL(mode) or RANGE(t, surrounding) FILL(mode) (facts §2.11): SQL fetches each partition's rows in the range plus
 * the nearest row on either side; the slices are computed in JS (exec/interp.ts).
 */
/** TDengine's refusal of an INTERP query's RANGE/EVERY/FILL clauses (0x265D). */
const badClause = (message: string) => new TdError(TdCode.PAR_INVALID_INTERP_CLAUSE, message);

export function planInterp(parts: SelectParts): Plan {
  const { stmt, scope } = parts;
  const primary = parts.from?.primary;
  if (!primary?.ts) throw FuncError.needsTimeline();
  if (stmt.window || stmt.groupBy?.length) throw FuncError.notAllowedHere('interp function is not supported in window query or group query');
  const clause = stmt.interp;
  if (!clause?.range?.length) throw badClause('Missing RANGE clause for INTERP');
  if (clause.range.length > 2) throw badClause('Invalid RANGE clause');
  // RANGE(t, surrounding) (3.3.4.9+): one slice at t, filled only from rows within t ± surrounding.
  const surrounding = clause.range[1]?.type === 'duration' ? durationValue(scope, clause.range[1].duration) : undefined;
  if (surrounding !== undefined && surrounding <= 0n) throw badClause('Invalid RANGE: surrounding time must be positive');
  const start = timeOperand(scope, clause.range[0]).constant;
  const end = clause.range[1] && surrounding === undefined ? timeOperand(scope, clause.range[1]).constant : start;
  if (typeof start !== 'bigint' || typeof end !== 'bigint') throw badClause('RANGE needs constant time values');
  // a start after the end is no error in TDengine: no slice, no row
  if (!clause.every && end !== start) throw badClause('Missing EVERY clause for INTERP');
  // EVERY takes fixed units only: months and years are 0x2605 (TDengine's parser)
  if (clause.every?.unit === 'n' || clause.every?.unit === 'y') throw new TdError(TdCode.WRONG_VALUE_TYPE, 'Unsupported time unit in EVERY clause');
  const every = clause.every ? durationValue(scope, clause.every) : 1n;
  if (every <= 0n) throw new TdError(TdCode.WRONG_VALUE_TYPE, 'Unsupported time unit in EVERY clause');
  const fill = clause.fill ?? { mode: 'NONE' as const };
  // RANGE(t, surrounding) with PREV/NEXT/NEAR names the values for a slice without a row within reach
  if (surrounding !== undefined && ['PREV', 'NEXT', 'NEAR'].includes(fill.mode) && !fill.values?.length) throw new TdError(TdCode.WRONG_VALUE_TYPE, 'Filled values number mismatch');
  if (fill.mode === 'NONE' && end !== start) throw badClause('Missing FILL clause for INTERP');
  // the slices are made one by one in JS: bounded like FILL's windows (TDengine's FILL range error)
  if (end >= start && (end - start) / every + 1n > BigInt(queryLimits(scope.ctx.limits).maxFillWindows)) throw fillRangeError();
  const ts = primary.ts.sql;
  const partitions = (stmt.partitionBy ?? []).map((p) => compile(scope, p.expr).sql);
  const columns: PlanColumn[] = [];
  const items: InterpItem[] = [];
  const fetched: string[] = [];
  let valueCount = 0;
  for (const item of parts.items) {
    const e = item.expr;
    if (e.type === 'column' && ['_irowts', '_isfilled', '_irowts_origin'].includes(e.name.name.toLowerCase())) {
      const n = e.name.name.toLowerCase();
      items.push({ kind: n === '_irowts' ? 'irowts' : n === '_isfilled' ? 'isfilled' : 'origin' });
      columns.push({ name: item.name, type: n === '_isfilled' ? BOOL : TIMESTAMP });
      continue;
    }
    if (e.type === 'function' && e.name === 'interp') {
      const call = e as FunctionCall;
      checkArgumentCount(call, 1, 2);
      const v = compile(scope, call.args[0]);
      // INTERP interpolates numbers and BOOL; a constant or text has nothing to interpolate (0x2802)
      if (v.constant !== undefined || (!isNumeric(v.type) && v.type.name !== 'BOOL')) throw FuncError.paramType(call.name);
      const ignoreNull = call.args[1]?.type === 'integer' && call.args[1].value === '1';
      items.push({ kind: 'value', index: fetched.length, ignoreNull, valueIndex: valueCount++ });
      fetched.push(v.sql);
      columns.push({ name: item.name, type: v.type });
      continue;
    }
    if (e.type === 'function') throw new TdError(TdCode.NOT_SINGLE_GROUP, 'INTERP cannot be mixed with other functions');
    const v = compile(scope, e);
    items.push(v.constant !== undefined ? { kind: 'const', value: v.constant } : { kind: 'key', index: fetched.length });
    if (v.constant === undefined) fetched.push(v.sql);
    columns.push({ name: item.name, type: v.type });
  }
  if (valueCount === 0) throw new TdError(TdCode.INVALID_COLUMN, 'Invalid column name: _irowts');
  const list = [...partitions.map((p, i) => `${p} AS __p${i}`), `${ts} AS __t`, ...fetched.map((f, i) => `${f} AS __v${i}`)].join(', ');
  const byPartition = partitions.length ? `PARTITION BY ${partitions.join(', ')} ` : '';
  // A composite key: TDengine's time slice reads the first row (smallest key) of each timestamp and discards the
  // others before anything else (checkDuplicateTimestamps, before INTERP(x, 1) skips NULLs)
  const key = primary.key?.sql;
  const firstOfTimestamp = key === undefined ? '' : ` QUALIFY row_number() OVER (PARTITION BY ${partitions.length ? `${partitions.join(', ')}, ` : ''}${ts} ORDER BY ${key}) = 1`;
  const nearest = (direction: 'ASC' | 'DESC') => ` QUALIFY row_number() OVER (${byPartition}ORDER BY ${ts} ${direction}${key === undefined ? '' : `, ${key} ASC`}) = 1`;
  const near = (cond: string) => (surrounding === undefined ? '' : ` AND ${cond}`);
  const base = (extra: string) => `SELECT ${list} ${parts.fromSql}${whereSql(parts, [extra])}`;
  const sql = [
    `${base(`${ts} BETWEEN ${start} AND ${end}`)}${firstOfTimestamp}`,
    `${base(`${ts} < ${start}${near(`${ts} >= ${start} - ${surrounding}`)}`)}${nearest('DESC')}`,
    `${base(`${ts} > ${end}${near(`${ts} <= ${end} + ${surrounding}`)}`)}${nearest('ASC')}`,
  ]
    .map((s) => `(${s})`)
    .join(' UNION ALL ');
  const values = (fill.values ?? []).map((v) => compile(scope, v).constant ?? null);
  const descending = stmt.orderBy?.length === 1 && stmt.orderBy[0].direction === 'DESC';
  return {
    sql: `SELECT * FROM (${sql}) ORDER BY ${[...partitions.map((_, i) => `__p${i}`), '__t'].join(', ')}`,
    columns,
    precision: scope.precision,
    post: async (rows, stage) => {
      const spec = { partitions: partitions.length, items, types: columns.map((c) => c.type), start, end, every, mode: fill.mode, values, limit: stmt.limit };
      const out = await interpolate(rows, spec, stage.pace, stage.limits.maxResultRows, stage.tooManyRows);
      // slices come in time order; ORDER BY _irowts DESC (the one order INTERP takes) turns them round
      return descending ? out.reverse() : out;
    },
  };
}
