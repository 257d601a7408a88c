import { FuncError } from '../../errors';
import type { FunctionCall } from '../../sql';
import { isNumeric } from '../../types';
import { checkArgumentCount } from '../binder/functions';
import { quoteString } from '../../storage/names';
import { compile } from './expr';
import { varcharOfBytes } from './result-types';
import type { ExprScope, Typed } from './scope';

/** TDengine's refusal of a bin description that does not describe bins (0x2800). */
/** Each HISTOGRAM row is a JSON text TDengine sizes at 512 bytes, the 2-byte header included (builtins.c). */
const HISTOGRAM_BYTES = 512;

const badBins = () => FuncError.funcError('HISTOGRAM function invalid format for binDesc parameter');

/** Bin edges of HISTOGRAM's `user_input`, `linear_bin` and `log_bin` descriptions (facts §2.11). */
function edges(binType: string, description: string): number[] {
  let json: unknown;
  try {
    json = JSON.parse(description);
  } catch {
    throw badBins();
  }
  if (binType === 'user_input') {
    if (!Array.isArray(json) || json.length < 2 || json.some((x) => typeof x !== 'number')) throw badBins();
    const sorted = [...(json as number[])];
    for (let i = 1; i < sorted.length; i++) if (!(sorted[i] > sorted[i - 1])) throw badBins();
    return sorted;
  }
  const d = json as Record<string, unknown>;
  const start = Number(d.start);
  const count = Number(d.count);
  const step = Number(binType === 'linear_bin' ? d.width : d.factor);
  if (!Number.isFinite(start) || !Number.isInteger(count) || count < 1 || count > 1000 || !Number.isFinite(step)) {
    throw badBins();
  }
  if (binType === 'log_bin' && (start <= 0 || step <= 1)) throw badBins();
  const out: number[] = [];
  for (let i = 0; i <= count; i++) out.push(binType === 'linear_bin' ? start + i * step : start * step ** i);
  if (d.infinity === true) return [-Infinity, ...out, Infinity];
  return out;
}

const text = (n: number): string => (n === Infinity ? 'inf' : n === -Infinity ? '-inf' : String(n));

/**
 * HISTOGRAM(expr, bin_type, bin_description, normalized): one `{"lower_bin":l, "upper_bin":u, "count":n}` string
 * per bin (left-open, right-closed), as a list the plan unnests into rows.
 */
export function histogram(scope: ExprScope, call: FunctionCall): Typed {
  checkArgumentCount(call, 4);
  const [e, type, desc, norm] = call.args;
  if (type.type !== 'string' || desc.type !== 'string' || norm.type !== 'integer') throw FuncError.paramType(call.name);
  const binType = type.value.toLowerCase();
  if (!['user_input', 'linear_bin', 'log_bin'].includes(binType)) throw FuncError.paramValue(call.name);
  if (norm.value !== '0' && norm.value !== '1') throw FuncError.paramValue(call.name);
  const value = compile(scope, e);
  if (!isNumeric(value.type)) throw FuncError.paramType(call.name);
  const v = value.sql;
  const bins = edges(binType, desc.value);
  const counts = bins.slice(0, -1).map((lo, i) => {
    const hi = bins[i + 1];
    const conds = [lo === -Infinity ? '' : `${v} > ${lo}`, hi === Infinity ? '' : `${v} <= ${hi}`].filter(Boolean);
    return `count(${v}) FILTER (WHERE ${conds.length ? conds.join(' AND ') : 'TRUE'})`;
  });
  const total = counts.join(' + ');
  const items = counts.map((c, i) => {
    // a normalized count is written as C's %lf (0.294118, 1.000000)
    const n = norm.value === '1' ? `printf('%f', CAST(${c} AS DOUBLE) / greatest(${total}, 1))` : c;
    return `${quoteString(`{"lower_bin":${text(bins[i])}, "upper_bin":${text(bins[i + 1])}, "count":`)} || ${n} || '}'`;
  });
  return { sql: `[${items.join(', ')}]`, type: varcharOfBytes(HISTOGRAM_BYTES), unnest: true };
}
