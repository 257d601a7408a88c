import { type TransformConfig, type TransformConfigInput, transformConfigSchema } from '@tscloud/contracts';
import type { ColumnBatch, MappedRow, TransformFailure } from '../pipeline/types';
import { compileTemplate } from './build';
import { chunkRecord, sourceValue } from './column-batch';
import { compilePath } from './path';
import { convertValue, toEpoch } from './values';

/**
 * The transform of a column batch (pipeline/types.ts ColumnBatch) into mapped columns, for a mapping the record
 * transform (build.ts) would only read top-level fields for: no parser, extract rules or filter. It gives exactly
 * the record transform's rows and failures (the same conversions in the same order, so a row fails with the same
 * first message), without an object a row: each distinct text is converted once a batch, timestamps are scaled
 * from epoch ms, and the child table is an index into the batch's table names (docs/data-in.md "Writes").
 */

/** One mapped column over the batch's rows: numbers (null where nulls[i]) until a value that is not one, then values. */
export interface MappedColumn {
  numbers: Float64Array | null;
  nulls: Uint8Array | null;
  values: unknown[] | null;
}

export interface MappedColumns {
  stable: string;
  /** Source rows; a row with failed[i] is not mapped. */
  length: number;
  failed: Uint8Array;
  /** Rows mapped. */
  count: number;
  /** Per row, its child table in tableNames. */
  table: Int32Array;
  tableNames: string[];
  /** A row's column and tag assignments in the record transform's order (materialising a row replays them). */
  columns: Array<{ name: string; values: MappedColumn }>;
  tags: Array<{ name: string; values: MappedColumn }>;
  /** The names a row's columns and tags objects have (Object.keys), each with its values. */
  columnNames: string[];
  columnValues: MappedColumn[];
  tagNames: string[];
  tagValues: MappedColumn[];
}

export interface ColumnOutcome {
  columns: MappedColumns;
  failed: TransformFailure[];
}

export type ColumnTransform = (batch: ColumnBatch) => ColumnOutcome;

export function mappedValue(column: MappedColumn, i: number): unknown {
  if (column.values !== null) return column.values[i];
  return column.nulls !== null && column.nulls[i] === 1 ? null : column.numbers![i];
}

/** Row i as the record transform makes it. */
export function mappedRow(m: MappedColumns, i: number): MappedRow {
  const row: MappedRow = { stable: m.stable, table: m.tableNames[m.table[i]], tags: {}, columns: {} };
  for (const column of m.columns) row.columns[column.name] = mappedValue(column.values, i);
  for (const tag of m.tags) row.tags[tag.name] = mappedValue(tag.values, i);
  return row;
}

/** Every mapped row, in order (the writer's text path, when the engine has no typed entry). */
export function mappedRows(m: MappedColumns): MappedRow[] {
  const rows: MappedRow[] = [];
  for (let i = 0; i < m.length; i++) if (m.failed[i] === 0) rows.push(mappedRow(m, i));
  return rows;
}

/** One column of several batches, end to end. */
function concatColumn(columns: MappedColumn[], lengths: number[], n: number): MappedColumn {
  if (columns.every((column) => column.values === null)) {
    const numbers = new Float64Array(n);
    const nulls = columns.some((column) => column.nulls !== null) ? new Uint8Array(n) : null;
    let base = 0;
    columns.forEach((column, k) => {
      numbers.set(column.numbers!.subarray(0, lengths[k]), base);
      if (column.nulls !== null) nulls!.set(column.nulls.subarray(0, lengths[k]), base);
      base += lengths[k];
    });
    return { numbers, nulls, values: null };
  }
  const values: unknown[] = [];
  columns.forEach((column, k) => {
    for (let i = 0; i < lengths[k]; i++) values.push(mappedValue(column, i));
  });
  return { numbers: null, nulls: null, values };
}

/**
 * Mapped columns of several batches as one (written together as record batches are: more rows a child table in a
 * write); `offsets[k]` is where batch k's rows start.
 */
export function concatMapped(parts: MappedColumns[]): { mapped: MappedColumns; offsets: number[] } {
  const lengths = parts.map((part) => part.length);
  const n = lengths.reduce((sum, length) => sum + length, 0);
  const failed = new Uint8Array(n);
  const table = new Int32Array(n);
  const tableNames: string[] = [];
  const tableIndex = new Map<string, number>();
  const offsets: number[] = [];
  let base = 0;
  for (const part of parts) {
    offsets.push(base);
    failed.set(part.failed, base);
    for (let i = 0; i < part.length; i++) {
      if (part.failed[i] === 1) continue;
      const name = part.tableNames[part.table[i]];
      let index = tableIndex.get(name);
      if (index === undefined) {
        tableIndex.set(name, (index = tableNames.length));
        tableNames.push(name);
      }
      table[base + i] = index;
    }
    base += part.length;
  }
  const joined = (list: (part: MappedColumns) => Array<{ name: string; values: MappedColumn }>) =>
    list(parts[0]).map((entry, k) => ({ name: entry.name, values: concatColumn(parts.map((part) => list(part)[k].values), lengths, n) }));
  const columns = joined((part) => part.columns);
  const tags = joined((part) => part.tags);
  const { names: columnNames, values: columnValues } = namesOf(columns);
  const { names: tagNames, values: tagValues } = namesOf(tags);
  const count = parts.reduce((sum, part) => sum + part.count, 0);
  return { mapped: { stable: parts[0].stable, length: n, failed, count, table, tableNames, columns, tags, columnNames, columnValues, tagNames, tagValues }, offsets };
}

class ColumnOut implements MappedColumn {
  numbers: Float64Array | null;
  nulls: Uint8Array | null = null;
  values: unknown[] | null = null;
  constructor(private readonly length: number) {
    this.numbers = new Float64Array(length);
  }

  set(i: number, value: unknown): void {
    if (this.values !== null) this.values[i] = value;
    else if (typeof value === 'number') this.numbers![i] = value;
    else if (value === null) (this.nulls ??= new Uint8Array(this.length))[i] = 1;
    else {
      const values = new Array<unknown>(this.length);
      for (let r = 0; r < this.length; r++) values[r] = mappedValue(this, r);
      this.values = values;
      this.numbers = null;
      values[i] = value;
    }
  }
}

type Outcome = { value: unknown } | { error: string };
const outcomeOf = (fn: (value: unknown) => unknown, value: unknown): Outcome => {
  try {
    return { value: fn(value) };
  } catch (error) {
    return { error: (error as Error).message };
  }
};

/** One step of the record transform over the batch: `fn` of a field's value per row not failed yet. */
interface Step {
  field: string;
  fn: (value: unknown) => unknown;
  /**
   * A timestamp column's epoch ms times this is fn's answer when a safe integer (toEpoch's number path for a Date,
   * transform/values.ts): no Date made.
   */
  msScale?: number;
  /** The same for an integer epoch number in ms (fn is toEpoch with format auto or ms). */
  epochScale?: number;
  /** fn answers a finite number as itself (DOUBLE, FLOAT): checked here, not called. */
  finite?: boolean;
}

/**
 * Runs a step over every row not failed yet: its result into `out` (null: only checked), or the row fails with the message.
 * A text column's values are converted once per distinct text (the conversions are functions of the value).
 */
function runStep(batch: ColumnBatch, step: Step, failed: Uint8Array, errors: Map<number, string>, out: ColumnOut | null): void {
  const memo = new Map<unknown, Outcome>();
  const memoOf = (value: unknown) => {
    let outcome = memo.get(value);
    if (outcome === undefined) memo.set(value, (outcome = outcomeOf(step.fn, value)));
    return outcome;
  };
  const apply = (i: number, outcome: Outcome) => {
    if ('error' in outcome) {
      failed[i] = 1;
      errors.set(i, outcome.error);
    } else out?.set(i, outcome.value);
  };
  let base = 0;
  for (const { chunk, from, to } of batch.slices) {
    const index = chunk.names.indexOf(step.field);
    const column = index < 0 ? undefined : chunk.columns[index];
    if (column === undefined || column.kind === 'text') {
      // Per distinct code (the dictionary's), not per row.
      const local = column ? new Array<Outcome | undefined>(column.dictionary.length) : [];
      const missing = column ? memoOf(null) : memoOf(undefined);
      for (let r = from; r < to; r++) {
        const i = base + r - from;
        if (failed[i] === 1) continue;
        const code = column ? column.codes[r] : -1;
        apply(i, code < 0 ? missing : (local[code] ??= memoOf(column!.dictionary[code])));
      }
    } else {
      // No outcome object a row here: numbers and timestamps are converted row by row, the common cases inline.
      const scale = column.kind === 'time' && !column.other ? step.msScale : undefined;
      const finite = column.kind === 'number' && step.finite;
      // An integer epoch number in ms (MQTT's receive time, a payload's epoch): toEpoch's number path, no call.
      const numberScale = column.kind === 'number' ? step.epochScale : undefined;
      for (let r = from; r < to; r++) {
        const i = base + r - from;
        if (failed[i] === 1) continue;
        if (scale !== undefined && (column as { nulls: Uint8Array }).nulls[r] === 0) {
          const value = (column as { ms: Float64Array }).ms[r] * scale;
          if (Number.isSafeInteger(value)) {
            out?.set(i, value);
            continue;
          }
        } else if (numberScale !== undefined && (column as { nulls: Uint8Array }).nulls[r] === 0 && Number.isInteger((column as { values: Float64Array }).values[r])) {
          const value = (column as { values: Float64Array }).values[r] * numberScale;
          if (Number.isSafeInteger(value)) {
            out?.set(i, value);
            continue;
          }
        } else if (finite && (column as { nulls: Uint8Array }).nulls[r] === 0) {
          const value = (column as { values: Float64Array }).values[r];
          if (Number.isFinite(value)) {
            out?.set(i, value);
            continue;
          }
        }
        try {
          const value = step.fn(sourceValue(column, r));
          out?.set(i, value);
        } catch (error) {
          failed[i] = 1;
          errors.set(i, (error as Error).message);
        }
      }
    }
    base += to - from;
  }
}

/** A single top-level field name of a path, or null (a nested path or an inherited property name). */
function topLevelField(path: string): string | null {
  const steps = compilePath(path);
  return steps.length === 1 && typeof steps[0] === 'string' && !(steps[0] in Object.prototype) ? steps[0] : null;
}

/** The columns' and tags' object keys as the record transform's objects have them, each with its last value. */
function namesOf(list: Array<{ name: string; values: MappedColumn }>): { names: string[]; values: MappedColumn[] } {
  const byName: Record<string, MappedColumn> = {};
  for (const entry of list) byName[entry.name] = entry.values;
  const names = Object.keys(byName);
  return { names, values: names.map((name) => byName[name]) };
}

/** Rows of a failed record: row i of the batch back to its chunk. */
function failures(batch: ColumnBatch, failed: Uint8Array, errors: Map<number, string>): TransformFailure[] {
  const list: TransformFailure[] = [];
  let base = 0;
  for (const { chunk, from, to } of batch.slices) {
    for (let r = from; r < to; r++) if (failed[base + r - from] === 1) list.push({ record: chunkRecord(chunk, r), error: errors.get(base + r - from)! });
    base += to - from;
  }
  return list;
}

/**
 * The column transform of a task's transform, or null when the mapping needs the record transform (a parser,
 * extract rules, a filter, or a field that is not a top-level name).
 */
export function buildColumnTransform(input: TransformConfig | TransformConfigInput, options: { defaultTimeZone?: string } = {}): ColumnTransform | null {
  const config = transformConfigSchema.parse(input);
  if (config.parser || config.extract.length > 0 || config.filter) return null;
  return mappingFields(config.mapping) ? mappingColumnTransform(config.mapping, options) : null;
}

/** The top-level fields a mapping reads (timestamp, table placeholders, columns, tags), or null when one is not. */
export function mappingFields(mapping: TransformConfig['mapping']): string[] | null {
  const placeholders = mapping.table.split(/\$\{([^}]+)\}/).filter((_part, index) => index % 2 === 1);
  const fields = [mapping.timestamp.field, ...placeholders, ...[...mapping.columns, ...mapping.tags].map((entry) => entry.field || entry.name)].map(topLevelField);
  return fields.some((field) => field === null) ? null : (fields as string[]);
}

/** The column transform of a mapping of top-level fields (mappingFields), reading them by name from the batch's chunks. */
export function mappingColumnTransform(mapping: TransformConfig['mapping'], options: { defaultTimeZone?: string } = {}): ColumnTransform {
  const placeholders = mapping.table.split(/\$\{([^}]+)\}/).filter((_part, index) => index % 2 === 1);
  const [timestampField, ...rest] = mappingFields(mapping)!;
  const tableFields = rest.slice(0, placeholders.length);
  const entryFields = rest.slice(placeholders.length);
  const zone = mapping.timestamp.timezone ?? options.defaultTimeZone;
  const tableName = compileTemplate(mapping.table);
  const { precision } = mapping;
  /** toEpoch's number path for a Date (transform/values.ts): ms to the precision, not for ns or rfc3339. */
  const msScaleOf = (format: string) => (precision === 'ns' || format === 'rfc3339' ? undefined : precision === 'us' ? 1000 : 1);
  const present = (value: unknown) => {
    if (value === undefined || value === null || value === '') throw new Error(`the timestamp field '${mapping.timestamp.field}' is missing`);
    return value;
  };
  const { format } = mapping.timestamp;
  const timestampStep: Step = {
    field: timestampField,
    fn: (value) => toEpoch(value, format, precision, mapping.timestamp.column, zone),
    msScale: msScaleOf(format),
    epochScale: format === 'auto' || format === 'ms' ? msScaleOf(format) : undefined,
  };
  const entrySteps: Step[] = [...mapping.columns, ...mapping.tags].map((entry, index) => {
    const isColumn = index < mapping.columns.length;
    if (isColumn && entry.type === 'TIMESTAMP') return { field: entryFields[index], fn: (value) => (value == null ? null : toEpoch(value, 'auto', precision, entry.name, zone)), msScale: msScaleOf('auto'), epochScale: msScaleOf('auto') };
    return { field: entryFields[index], fn: (value) => convertValue(value, entry.type, entry.name, zone), finite: entry.type === 'DOUBLE' || entry.type === 'FLOAT' };
  });

  return (batch) => {
    const n = batch.length;
    const failed = new Uint8Array(n);
    const errors = new Map<number, string>();
    // The record transform's order: the timestamp's presence, the table name, the timestamp, columns, tags.
    runStep(batch, { field: timestampField, fn: present, msScale: 1 }, failed, errors, null);
    const names = new ColumnOut(n);
    if (tableFields.length === 1) runStep(batch, { field: tableFields[0], fn: (value) => tableName({ [tableFields[0]]: value }) }, failed, errors, names);
    else if (tableFields.length === 0) runStep(batch, { field: timestampField, fn: () => tableName({}) }, failed, errors, names);
    else tableStepOfFields(batch, tableFields, tableName, failed, errors, names);
    const { table, tableNames } = tablesOf(names, failed);
    const out = (step: Step) => {
      const column = new ColumnOut(n);
      runStep(batch, step, failed, errors, column);
      return column;
    };
    const ts = out(timestampStep);
    const entries = entrySteps.map(out);
    const columns = [{ name: mapping.timestamp.column, values: ts as MappedColumn }, ...mapping.columns.map((entry, index) => ({ name: entry.name, values: entries[index] as MappedColumn }))];
    const tags = mapping.tags.map((entry, index) => ({ name: entry.name, values: entries[mapping.columns.length + index] as MappedColumn }));
    const { names: columnNames, values: columnValues } = namesOf(columns);
    const { names: tagNames, values: tagValues } = namesOf(tags);
    const mapped: MappedColumns = { stable: mapping.stable, length: n, failed, count: n - errors.size, table, tableNames, columns, tags, columnNames, columnValues, tagNames, tagValues };
    return { columns: mapped, failed: failures(batch, failed, errors) };
  };
}

/** Each row's child table as an index into the batch's names (a name looked up once a row, made once a batch). */
function tablesOf(names: ColumnOut, failed: Uint8Array): { table: Int32Array; tableNames: string[] } {
  const table = new Int32Array(failed.length);
  const tableNames: string[] = [];
  const tableIndex = new Map<string, number>();
  for (let i = 0; i < failed.length; i++) {
    if (failed[i] === 1) continue;
    const name = mappedValue(names, i) as string;
    let index = tableIndex.get(name);
    if (index === undefined) {
      tableIndex.set(name, (index = tableNames.length));
      tableNames.push(name);
    }
    table[i] = index;
  }
  return { table, tableNames };
}

/** A table template of several placeholders: its fields' values per row (a name made a row, as the record path does). */
function tableStepOfFields(batch: ColumnBatch, fields: string[], tableName: (fields: Record<string, unknown>) => string, failed: Uint8Array, errors: Map<number, string>, out: ColumnOut): void {
  let base = 0;
  for (const { chunk, from, to } of batch.slices) {
    const columns = fields.map((field) => chunk.columns[chunk.names.indexOf(field)]);
    for (let r = from; r < to; r++) {
      const i = base + r - from;
      if (failed[i] === 1) continue;
      const values: Record<string, unknown> = {};
      fields.forEach((field, f) => {
        if (columns[f]) values[field] = sourceValue(columns[f], r);
      });
      try {
        out.set(i, tableName(values));
      } catch (error) {
        failed[i] = 1;
        errors.set(i, (error as Error).message);
      }
    }
    base += to - from;
  }
}
