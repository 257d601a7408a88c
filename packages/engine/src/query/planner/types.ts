import { duckTypeSql } from '../../storage/duck-types';
import { isFloat, isInteger, isUnsigned, type TypeSpec } from '../../types';

/** The DuckDB type a CAST to a TDengine type produces (TIMESTAMP stays an integer in the db precision). */
export function duckCast(t: TypeSpec): string {
  return duckTypeSql(t);
}

/** SUM's type: BIGINT for signed integers, BIGINT UNSIGNED for unsigned, DOUBLE otherwise. */
export function sumType(t: TypeSpec): TypeSpec {
  if (isInteger(t) || t.name === 'BOOL') return isUnsigned(t) ? { name: 'BIGINT UNSIGNED' } : { name: 'BIGINT' };
  if (isFloat(t)) return { name: 'DOUBLE' };
  return { name: 'DOUBLE' };
}
