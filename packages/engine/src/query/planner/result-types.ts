import type { TypeSpec } from '../../types';
import type { ExprScope } from './scope';

/** The result types expressions and functions answer most often, and the database precision's nanoseconds a unit. */
export const BIGINT: TypeSpec = { name: 'BIGINT' };
export const DOUBLE: TypeSpec = { name: 'DOUBLE' };
export const BOOL: TypeSpec = { name: 'BOOL' };
export const TIMESTAMP: TypeSpec = { name: 'TIMESTAMP' };
export const varchar = (length: number): TypeSpec => ({ name: 'VARCHAR', length });
/** A VARCHAR result TDengine's function checker sizes in bytes with the 2-byte length header (builtins.c); REST reports the length. */
export const varcharOfBytes = (bytes: number): TypeSpec => varchar(bytes - 2);

/** Nanoseconds in one unit of the database's precision. */
export function nsPer(scope: ExprScope): number {
  return scope.precision === 'ms' ? 1000000 : scope.precision === 'us' ? 1000 : 1;
}
