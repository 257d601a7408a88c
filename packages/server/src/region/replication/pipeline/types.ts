/**
 * The shapes a data-in task's pipeline is made of (issue 15; docs/data-in.md): a source reader yields batches of
 * records, the transform maps records to rows of a super table, the runner writes the rows through the instance's
 * engine and, once the engine acknowledged them, checkpoints the source position in the store. The source, the
 * transform and the runner meet only here.
 */

/** One message or row as read from a source, before the transform (MQTT: ts, topic, qos, payload; SQL: its columns). */
export interface SourceRecord {
  fields: Record<string, unknown>;
}

/** A batch of records and the source position just after its last record (opaque text, stored as the checkpoint). */
export interface SourceBatch {
  records: SourceRecord[];
  position: string;
  /** Bytes read from the source for these records (metrics). */
  bytes: number;
  /**
   * How many of these records the stored counters already hold: read again after a restart because the position
   * could not go past them (SQL windows). The runner leaves them out of the counters.
   */
  alreadyCounted?: number;
  /**
   * The same batch column-major, instead of `records` (then empty): only from a reader the caller offered to take
   * them (SourceReader.offerColumns). `columns.length` records.
   */
  columns?: ColumnBatch;
}

/**
 * One source column of a chunk of rows, typed so a batch is a few arrays rather than objects a row (docs/data-in.md
 * "Sources"). Value i is what the record path's field holds (transform/column-batch.ts `sourceValue`).
 */
export type SourceColumn =
  /** Numbers, null where nulls[i]. */
  | { kind: 'number'; values: Float64Array; nulls: Uint8Array }
  /** Timestamps: a Date of ms[i], null where nulls[i], or other.get(i) (what the text parser made of the rest). */
  | { kind: 'time'; ms: Float64Array; nulls: Uint8Array; other: Map<number, unknown> | null }
  /** Texts: dictionary[codes[i]], null where codes[i] < 0 (each distinct text made once a chunk). */
  | { kind: 'text'; codes: Int32Array; dictionary: string[] }
  /** Anything else, as the record path has it. */
  | { kind: 'values'; values: unknown[] }
  /** Values made only when read (MQTT's payload text: read for a failed row's record). */
  | { kind: 'lazy'; at: (i: number) => unknown };

/** Rows [0, length) of a query's columns `names` (a record's fields, in that order). */
export interface ColumnChunk {
  names: string[];
  length: number;
  columns: SourceColumn[];
}

/** A batch as slices of chunks, in order. */
export interface ColumnBatch {
  slices: Array<{ chunk: ColumnChunk; from: number; to: number }>;
  length: number;
}

/** What the runner knows of a source's progress, shown as table/vgroup progress on the detail page. */
export interface SourceProgress {
  /** Per source table (SQL sources, CSV files, tmq vgroups): done and total rows when known. */
  tables: Array<{ name: string; done: number; total: number | null }>;
}

export interface SourceReader {
  /** Opens the source at a checkpoint written by an earlier run (null: from the task's configured start). */
  open(from: string | null): Promise<void>;
  /**
   * The next batch of at most `max` records, waiting up to `waitMs` for data. An empty batch means nothing now (keep
   * polling); null means the source is finished (a history task reached its end time, a CSV file its end).
   */
  next(max: number, waitMs: number): Promise<SourceBatch | null>;
  /** Called after the engine acknowledged every row of the batches up to `position` (MQTT/Kafka/tmq acknowledge here). */
  committed(position: string): Promise<void>;
  progress(): SourceProgress;
  close(): Promise<void>;
  /** The caller takes column batches (SourceBatch.columns): a source that can make them may answer with them. */
  offerColumns?(): void;
  /**
   * The caller takes column batches of a JSON parser's flat payloads (transform/json-columns.ts): columns ts, topic,
   * qos, the payload `keys` read from field `from`, and payload; records where a payload does not scan.
   */
  offerFlatJson?(from: string, keys: string[]): void;
}

/** One row for the target: its child table (created from the super table with these tags when missing). */
export interface MappedRow {
  stable: string;
  table: string;
  tags: Record<string, unknown>;
  /** Column name → value; the first column of the super table (the timestamp) is required. */
  columns: Record<string, unknown>;
}

/** A record the transform could not map (parse failure, missing field, filtered out is not a failure). */
export interface TransformFailure {
  record: SourceRecord;
  error: string;
}

export interface TransformOutcome {
  rows: MappedRow[];
  failed: TransformFailure[];
}

/** The transform of a task, built once from its configuration (parsers, extract rules, mapping, filters). */
export type RecordTransform = (records: SourceRecord[]) => TransformOutcome;
