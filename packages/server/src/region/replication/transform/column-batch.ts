import type { ColumnBatch, ColumnChunk, SourceColumn, SourceRecord } from '../pipeline/types';

/**
 * Reading a column batch (pipeline/types.ts) as the record path would: value i of a source column, a row's record.
 * Records are made from columns only where the column path needs them (a failed row, a batch the column transform
 * leaves to the record transform).
 */

/** Value i of a column: exactly the field the record path's row holds (a fresh Date for a timestamp). */
export function sourceValue(column: SourceColumn, i: number): unknown {
  switch (column.kind) {
    case 'number':
      return column.nulls[i] === 1 ? null : column.values[i];
    case 'time':
      if (column.nulls[i] === 1) return null;
      return column.other?.has(i) ? column.other.get(i) : new Date(column.ms[i]);
    case 'text':
      return column.codes[i] < 0 ? null : column.dictionary[column.codes[i]];
    case 'values':
      return column.values[i];
    case 'lazy':
      return column.at(i);
  }
}

/** Row i of a chunk as the record the row decoder makes (fields assigned in column order). */
export function chunkRecord(chunk: ColumnChunk, i: number): SourceRecord {
  const fields: Record<string, unknown> = {};
  for (let c = 0; c < chunk.names.length; c++) fields[chunk.names[c]] = sourceValue(chunk.columns[c], i);
  return { fields };
}

/** Every record of a batch, in order. */
export function batchRecords(batch: ColumnBatch): SourceRecord[] {
  const records: SourceRecord[] = [];
  for (const { chunk, from, to } of batch.slices) for (let i = from; i < to; i++) records.push(chunkRecord(chunk, i));
  return records;
}

/** The source's bytes of rows [from, to) as the SQL source counts a record's: a text's length, 8 for anything else. */
export function chunkBytes(chunk: ColumnChunk, from: number, to: number): number {
  let bytes = 0;
  for (const column of chunk.columns) {
    if (column.kind === 'number' || (column.kind === 'time' && column.other === null)) bytes += 8 * (to - from);
    else if (column.kind === 'text') for (let i = from; i < to; i++) bytes += column.codes[i] < 0 ? 8 : column.dictionary[column.codes[i]].length;
    else
      for (let i = from; i < to; i++) {
        const value = sourceValue(column, i);
        bytes += typeof value === 'string' ? value.length : 8;
      }
  }
  return bytes;
}
