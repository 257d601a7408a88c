import type { Expression } from '../../sql';
import { timeOperand } from './expr';
import type { ExprScope } from './scope';

/** The closed time range [start, end] a WHERE clause pins the primary timestamp to (either end may be open). */
export interface TimeRange {
  start?: bigint;
  end?: bigint;
}

function isTsColumn(scope: ExprScope, e: Expression): boolean {
  if (e.type !== 'column') return false;
  const n = e.name.name.toLowerCase();
  if (n === '_rowts' || n === '_c0') return true;
  const ts = scope.from?.primary.ts;
  return !!ts && ts.name.toLowerCase() === n;
}

function constantTime(scope: ExprScope, e: Expression): bigint | undefined {
  try {
    const v = timeOperand(scope, e);
    return typeof v.constant === 'bigint' ? v.constant : undefined;
  } catch {
    return undefined;
  }
}

/** Reads `ts >= a AND ts < b`, `ts BETWEEN a AND b`, `ts = a` from the top-level AND chain of WHERE. */
export function timeRange(scope: ExprScope, where: Expression | undefined): TimeRange {
  const range: TimeRange = {};
  const narrowStart = (v: bigint) => (range.start = range.start === undefined || v > range.start ? v : range.start);
  const narrowEnd = (v: bigint) => (range.end = range.end === undefined || v < range.end ? v : range.end);
  const visit = (e: Expression | undefined): void => {
    if (!e) return;
    if (e.type === 'binary' && e.op === 'AND') {
      visit(e.left);
      visit(e.right);
      return;
    }
    if (e.type === 'between' && !e.not && isTsColumn(scope, e.expr)) {
      const lo = constantTime(scope, e.low);
      const hi = constantTime(scope, e.high);
      if (lo !== undefined) narrowStart(lo);
      if (hi !== undefined) narrowEnd(hi);
      return;
    }
    if (e.type !== 'binary') return;
    let op = e.op;
    let value: Expression;
    if (isTsColumn(scope, e.left)) value = e.right;
    else if (isTsColumn(scope, e.right)) {
      value = e.left;
      op = ({ '<': '>', '<=': '>=', '>': '<', '>=': '<=' } as Record<string, typeof op>)[op] ?? op;
    } else return;
    const v = constantTime(scope, value);
    if (v === undefined) return;
    if (op === '>') narrowStart(v + 1n);
    else if (op === '>=') narrowStart(v);
    else if (op === '<') narrowEnd(v - 1n);
    else if (op === '<=') narrowEnd(v);
    else if (op === '=') {
      narrowStart(v);
      narrowEnd(v);
    }
  };
  visit(where);
  return range;
}
