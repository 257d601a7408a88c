import { type TransformConfig, type TransformConfigInput, transformConfigSchema } from '@tscloud/contracts';
import { payloadText, type MessageBatch } from '../pipeline/messages';
import type { ColumnChunk, SourceColumn } from '../pipeline/types';
import { mappingColumnTransform, mappingFields, type ColumnTransform } from './columns';
import { flatByteScanner, FlatKind, flatValue, FlatValues } from './json-flat';
import { SOURCE_FIELDS } from './json-view';
import { TextInterner } from './text-interner';

/**
 * The column path of a JSON parser over flat payloads (docs/data-in.md "Sources", MQTT): a source scans each
 * message's payload for the keys the mapping names (json-flat.ts) straight into typed columns, and the mapping's
 * column transform (columns.ts) reads them by name as the record transform's view (json-view.ts) reads them: the
 * source's own fields (ts, topic, qos) from the source, every other name from the payload. A batch holding a
 * payload the scanner cannot read exactly stays records (the record transform parses it and words its error).
 */

export interface FlatJsonColumns {
  transform: ColumnTransform;
  /** The parser's source field. */
  from: string;
  /** Payload keys the mapping reads (never a source field). */
  keys: string[];
}

/**
 * For a task with one JSON parser, no extract rules, no filter, and a mapping of top-level names none of which is
 * the parser's field itself: its column transform and the payload keys to scan; else null.
 */
export function buildFlatJsonColumns(input: TransformConfig | TransformConfigInput, options: { defaultTimeZone?: string } = {}): FlatJsonColumns | null {
  const config = transformConfigSchema.parse(input);
  if (config.parser?.type !== 'json' || config.extract.length > 0 || config.filter) return null;
  const { from } = config.parser;
  const fields = mappingFields(config.mapping);
  if (fields === null || fields.includes(from)) return null;
  const keys = [...new Set(fields.filter((field) => !SOURCE_FIELDS.has(field)))];
  return { transform: mappingColumnTransform(config.mapping, options), from, keys };
}

/**
 * One column of a batch read from bytes: numbers (JSON null as a NULL flag) until a text, texts (interned, null as
 * code -1) until a number; anything else (true, false, an absent key, numbers and texts mixed) makes it values as
 * the record path holds them.
 */
class ScannedColumn {
  private readonly numbers: Float64Array;
  private readonly nulls: Uint8Array;
  private codes: Int32Array | null = null;
  private readonly texts = new TextInterner();
  private values: unknown[] | null = null;
  private sawNumber = false;

  constructor(private readonly length: number) {
    this.numbers = new Float64Array(length);
    this.nulls = new Uint8Array(length);
  }

  /** Value k of a payload's scan (`out`, of `bytes`). */
  scanned(i: number, out: FlatValues, k: number, bytes: Buffer): void {
    const kind = out.kinds[k];
    if (this.values !== null) this.values[i] = flatValue(out, k, bytes);
    else if (kind === FlatKind.Null) this.nulls[i] = 1;
    else if (kind === FlatKind.Number && this.codes === null) {
      this.numbers[i] = out.numbers[k];
      this.sawNumber = true;
    } else if (kind === FlatKind.Text && !this.sawNumber) this.text(i, bytes, out.starts[k], out.ends[k]);
    else this.toValues(i, flatValue(out, k, bytes));
  }

  /** A text: bytes [start, end). */
  text(i: number, bytes: Buffer, start: number, end: number): void {
    if (this.values !== null) this.values[i] = bytes.toString('utf8', start, end);
    else (this.codes ??= new Int32Array(this.length).fill(-1))[i] = this.texts.code(bytes, start, end);
  }

  private toValues(i: number, value: unknown): void {
    const values = new Array<unknown>(this.length);
    for (let r = 0; r < i; r++) values[r] = this.valueAt(r);
    values[i] = value;
    this.values = values;
  }

  private valueAt(r: number): unknown {
    if (this.nulls[r] === 1) return null;
    return this.codes !== null ? this.texts.dictionary[this.codes[r]] : this.numbers[r];
  }

  column(): SourceColumn {
    if (this.values !== null) return { kind: 'values', values: this.values };
    if (this.codes !== null) return { kind: 'text', codes: this.codes, dictionary: this.texts.dictionary };
    return { kind: 'number', values: this.numbers, nulls: this.nulls };
  }
}

/** Makes a column chunk of a source's messages for `keys` (buildFlatJsonColumns); null when a payload does not scan. */
export function flatJsonChunker(keys: readonly string[]): (messages: MessageBatch) => ColumnChunk | null {
  const scan = flatByteScanner(keys);
  const out = new FlatValues(keys.length);
  return (messages) => {
    const count = messages.length;
    const columns = keys.map(() => new ScannedColumn(count));
    const topics = new ScannedColumn(count);
    for (let i = 0; i < count; i++) {
      const read = messages.reads[messages.read[i]];
      if (!scan(read, messages.payloadStart[i], messages.payloadEnd[i], out)) return null;
      for (let k = 0; k < keys.length; k++) columns[k].scanned(i, out, k, read);
      topics.text(i, read, messages.topicStart[i], messages.topicEnd[i]);
    }
    const noNulls = new Uint8Array(count);
    return {
      names: ['ts', 'topic', 'qos', ...keys, 'payload'],
      length: count,
      columns: [
        { kind: 'number', values: messages.ts.subarray(0, count), nulls: noNulls },
        topics.column(),
        { kind: 'number', values: Float64Array.from(messages.qos.subarray(0, count)), nulls: noNulls },
        ...columns.map((column) => column.column()),
        // The payload last, as a record's text, made only where read (a failed row's record).
        { kind: 'lazy', at: (i) => payloadText(messages, i) },
      ],
    };
  };
}
