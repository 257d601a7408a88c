import { TYPE_ALIASES, type DataTypeName, type TypeSpec } from '../../types';
import { DATA_TYPES } from '../../types';
import type { Cursor } from './cursor';
import { parseInteger } from './names';

const UNSIGNED_OF: Partial<Record<DataTypeName, DataTypeName>> = {
  TINYINT: 'TINYINT UNSIGNED',
  SMALLINT: 'SMALLINT UNSIGNED',
  INT: 'INT UNSIGNED',
  BIGINT: 'BIGINT UNSIGNED',
};

/**
 * A type name: `INT`, `INT UNSIGNED`, `BINARY(20)` (→ VARCHAR), `NCHAR(10)`, `DECIMAL(20, 4)`, `DECIMAL(10)` ...
 * Sized types require their length, as in TDengine's grammar. Range checks are the binder's job.
 */
export function parseTypeSpec(c: Cursor): TypeSpec {
  const t = c.peek();
  const name = t.kind === 'word' ? TYPE_ALIASES[t.value] : undefined;
  if (!name) c.fail();
  c.next();
  const unsignedName = UNSIGNED_OF[name];
  if (unsignedName && c.acceptWord('UNSIGNED')) return { name: unsignedName };
  if (DATA_TYPES[name].hasLength) {
    c.expectPunct('(');
    const length = parseInteger(c);
    c.expectPunct(')');
    return { name, length };
  }
  if (name === 'DECIMAL' && c.acceptPunct('(')) {
    const precision = parseInteger(c);
    const scale = c.acceptPunct(',') ? parseInteger(c) : undefined;
    c.expectPunct(')');
    return scale === undefined ? { name, precision } : { name, precision, scale };
  }
  return { name };
}
