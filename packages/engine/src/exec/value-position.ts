import { insertSyntaxError, insertValueOffsets, type InsertValue } from '../sql';
import { ValueError } from './coerce';

/**
 * Where a VALUES/TAGS value sits in the statement, so a ValueError can name the SQL from that value on, as
 * TDengine's insert parser does. `tupleOffset` is the offset of the tuple's `(`, `index` the value's position in it.
 */
export interface ValuePosition {
  sql: string;
  tupleOffset?: number;
  index: number;
}

/** Rethrows `error`: a ValueError gets its position (from the value's own span, or the tuple's offsets). */
export function rethrowAt(error: unknown, value: InsertValue, at: ValuePosition | undefined): never {
  if (!(error instanceof ValueError) || !at) throw error;
  let offset: number | null = null;
  if (value !== null && typeof value === 'object') offset = value.span.start;
  else if (at.tupleOffset !== undefined) offset = insertValueOffsets(at.sql, at.tupleOffset)[at.index] ?? null;
  throw insertSyntaxError(at.sql, offset, error.info);
}
