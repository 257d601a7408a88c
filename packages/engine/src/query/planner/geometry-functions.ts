import { FuncError, TdCode, TdError } from '../../errors';
import type { Expression, FunctionCall } from '../../sql';
import { isNumeric, isString, type TypeSpec } from '../../types';
import { wktToWkb } from '../../types/geometry/wkt';
import { checkArgumentCount } from '../binder/functions';
import { compile } from './expr';
import { BOOL, varchar } from './result-types';
import type { ExprScope, Typed } from './scope';

/**
 * ST_AsText, ST_GeomFromText, ST_MakePoint and ST_Intersects: argument checks and result types as TDengine's
 * function checker gives them (04_types_geometry_decimal_json), computed by the DuckDB functions of
 * storage/geometry-functions.ts. A text result is as long as the argument (VARCHAR(128) of a GEOMETRY(128),
 * GEOMETRY(10) from a 10-byte WKT); ST_MakePoint's result is GEOMETRY(6) in TDengine's metadata.
 */
type Impl = (scope: ExprScope, args: Expression[], call: FunctionCall) => Typed;

const MAKEPOINT_LENGTH = 6;

const isNull = (v: Typed): boolean => v.sql === 'NULL';

/** An argument of type `accept`, or NULL; anything else is 0x2802 naming the function. */
function arg(scope: ExprScope, call: FunctionCall, e: Expression, accept: (t: TypeSpec) => boolean): Typed {
  const v = compile(scope, e);
  if (!isNull(v) && !accept(v.type)) throw FuncError.paramType(call.name);
  return v;
}

const geometry = (t: TypeSpec): boolean => t.name === 'GEOMETRY';
const lengthOf = (v: Typed): number => v.type.length ?? 0;

export const GEOMETRY_FUNCTIONS: Record<string, Impl> = {
  st_astext: (scope, args, call) => {
    checkArgumentCount(call, 1);
    const g = arg(scope, call, args[0], geometry);
    return { sql: isNull(g) ? 'NULL::VARCHAR' : `td_st_astext(${g.sql})`, type: varchar(lengthOf(g)) };
  },
  st_geomfromtext: (scope, args, call) => {
    checkArgumentCount(call, 1);
    const text = arg(scope, call, args[0], isString);
    // a constant that is no WKT is refused when the statement is planned, as TDengine folds it
    if (typeof text.constant === 'string' && !wktToWkb(text.constant)) throw new TdError(TdCode.FUNC_PARA_VALUE, 'Invalid function para value');
    return { sql: isNull(text) ? 'NULL::BLOB' : `td_st_geomfromtext(${text.sql})`, type: { name: 'GEOMETRY', length: lengthOf(text) } };
  },
  st_makepoint: (scope, args, call) => {
    checkArgumentCount(call, 2);
    const [x, y] = args.map((e) => arg(scope, call, e, isNumeric));
    const sql = isNull(x) || isNull(y) ? 'NULL::BLOB' : `td_st_makepoint(CAST(${x.sql} AS DOUBLE), CAST(${y.sql} AS DOUBLE))`;
    return { sql, type: { name: 'GEOMETRY', length: MAKEPOINT_LENGTH } };
  },
  st_intersects: (scope, args, call) => {
    checkArgumentCount(call, 2);
    const [a, b] = args.map((e) => arg(scope, call, e, geometry));
    return { sql: isNull(a) || isNull(b) ? 'NULL::BOOLEAN' : `td_st_intersects(${a.sql}, ${b.sql})`, type: BOOL };
  },
};
