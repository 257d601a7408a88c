import { type TransformConfig, type TransformConfigInput, transformConfigSchema } from '@tscloud/contracts';
import type { ColumnChunk, SourceColumn } from '../pipeline/types';
import { mappingColumnTransform, mappingFields, type ColumnTransform } from './columns';
import { flatScanner } from './json-flat';
import { SOURCE_FIELDS } from './json-view';

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
 * One scanned key's values over a batch: numbers (JSON null as a NULL flag) until a text, texts (interned, null as
 * code -1) until a number; anything else (true, false, an absent key, numbers and texts mixed) makes it values as
 * the record path holds them.
 */
class ScannedColumn {
  private numbers: Float64Array;
  private nulls: Uint8Array;
  private codes: Int32Array | null = null;
  private readonly dictionary: string[] = [];
  private readonly index = new Map<string, number>();
  private values: unknown[] | null = null;
  private sawNumber = false;
  private last: string | undefined;
  private lastCode = -1;

  constructor(private readonly length: number) {
    this.numbers = new Float64Array(length);
    this.nulls = new Uint8Array(length);
  }

  put(i: number, value: unknown): void {
    if (this.values !== null) this.values[i] = value;
    else if (value === null) this.nulls[i] = 1;
    else if (typeof value === 'number' && this.codes === null) {
      this.numbers[i] = value;
      this.sawNumber = true;
    } else if (typeof value === 'string' && !this.sawNumber) {
      const codes = (this.codes ??= new Int32Array(this.length).fill(-1));
      // The previous message's text again (a device's run of readings): compared, not hashed.
      if (value === this.last) {
        codes[i] = this.lastCode;
        return;
      }
      let code = this.index.get(value);
      if (code === undefined) {
        this.index.set(value, (code = this.dictionary.length));
        this.dictionary.push(value);
      }
      codes[i] = code;
      this.last = value;
      this.lastCode = code;
    } else {
      const values = new Array<unknown>(this.length);
      for (let r = 0; r < i; r++) values[r] = this.valueAt(r);
      values[i] = value;
      this.values = values;
    }
  }

  private valueAt(r: number): unknown {
    if (this.nulls[r] === 1) return null;
    return this.codes !== null ? this.dictionary[this.codes[r]] : this.numbers[r];
  }

  column(): SourceColumn {
    if (this.values !== null) return { kind: 'values', values: this.values };
    if (this.codes !== null) return { kind: 'text', codes: this.codes, dictionary: this.dictionary };
    return { kind: 'number', values: this.numbers, nulls: this.nulls };
  }
}

/** Interned texts of a column (MQTT's topic: a batch mostly shares a few), as a scanned column interns them. */
function textColumn(texts: readonly string[], count: number): SourceColumn {
  const column = new ScannedColumn(count);
  for (let i = 0; i < count; i++) column.put(i, texts[i]);
  return column.column();
}

function numberColumn(numbers: readonly number[], count: number): SourceColumn {
  const values = new Float64Array(count);
  for (let i = 0; i < count; i++) values[i] = numbers[i];
  return { kind: 'number', values, nulls: new Uint8Array(count) };
}

/** Makes column chunks of a source's first `count` queued messages for `keys` (buildFlatJsonColumns). */
export function flatJsonChunker(keys: readonly string[]): (queued: { ts: number[]; topic: string[]; qos: number[]; payload: string[] }, count: number) => ColumnChunk | null {
  const scan = flatScanner(keys);
  const scanned: unknown[] = new Array(keys.length);
  return (queued, count) => {
    const columns = keys.map(() => new ScannedColumn(count));
    for (let i = 0; i < count; i++) {
      if (!scan(queued.payload[i], scanned)) return null;
      for (let k = 0; k < keys.length; k++) columns[k].put(i, scanned[k]);
    }
    // The payload last, as a record's text (a failed row's record then holds it).
    return {
      names: ['ts', 'topic', 'qos', ...keys, 'payload'],
      length: count,
      columns: [numberColumn(queued.ts, count), textColumn(queued.topic, count), numberColumn(queued.qos, count), ...columns.map((column) => column.column()), { kind: 'values', values: queued.payload.slice(0, count) }],
    };
  };
}
