import { ValueRows, type InsertStatement, type InsertTarget, type InsertValuesSource, type ValueRowsParts } from '../sql/ast';

/**
 * An INSERT statement as it crosses to another thread: the AST is plain data except each VALUES clause's ValueRows,
 * which travels as its parts (packed columns transferred, not copied) and is rebuilt on arrival.
 */
type WireSource = Exclude<InsertTarget['source'], InsertValuesSource> | (Omit<InsertValuesSource, 'rows'> & { rows: ValueRowsParts });

export interface WireInsert {
  kind: 'insert';
  targets: (Omit<InsertTarget, 'source'> & { source: WireSource })[];
}

/** The statement for postMessage; the buffers of its packed columns are pushed to `transfer`. */
export function insertToWire(statement: InsertStatement, transfer: ArrayBuffer[]): WireInsert {
  const targets = statement.targets.map((target) => {
    if (target.source.type !== 'values') return target as WireInsert['targets'][number];
    const rows = target.source.rows.parts();
    for (const col of rows.columns ?? []) if (col instanceof Float64Array && !transfer.includes(col.buffer as ArrayBuffer)) transfer.push(col.buffer as ArrayBuffer);
    // packed and transferred too: a clone of 10,000 numbers, made again on the engine's thread, is garbage there
    const rowOffsets = Float64Array.from(target.source.rowOffsets);
    transfer.push(rowOffsets.buffer);
    return { ...target, source: { ...target.source, rows, rowOffsets } };
  });
  return { kind: 'insert', targets };
}

/** The statement again, with its ValueRows rebuilt. */
export function insertFromWire(wire: WireInsert): InsertStatement {
  const targets = wire.targets.map((target): InsertTarget => {
    const source = target.source;
    if (source.type !== 'values') return { ...target, source };
    return { ...target, source: { ...source, rows: ValueRows.restore(source.rows) } };
  });
  return { kind: 'insert', targets };
}
