import { flatScanner, type FlatScan } from './json-flat';
import { readPath, type PathStep } from './path';

/**
 * The fields a JSON parser and extract rules make of a record, read without building them (docs/data-in.md
 * "Transforms"; docs/benchmarks.md "Data in", sixth pass): copying the record's fields and adding the payload's keys
 * into one object a record was most of the transform's time. Each path is compiled once to read what that object
 * would hold, by the same precedence:
 * - an extract rule's field, once its rule ran (a later rule of the same name wins);
 * - the parser's source field (`from`): the parsed value;
 * - the record's own fields (MQTT's ts, topic, qos);
 * - a top-level key of the parsed object, unless it is ts, topic or qos (those stay reachable as payload.ts).
 * When nothing reads the parsed value whole, a payload text that is a flat object is scanned for the keys the paths
 * name (json-flat.ts) instead of parsed.
 */

type Fields = Record<string, unknown>;
export type FieldRead = (fields: Fields) => unknown;

/** Names of the source's own fields a parser's output never overwrites (MQTT's ts, topic, qos). */
export const SOURCE_FIELDS = new Set(['ts', 'topic', 'qos']);

export function textOf(fields: Fields, from: string): string {
  const value = fields[from];
  if (value === undefined || value === null) throw new Error(`the field '${from}' is missing`);
  return Buffer.isBuffer(value) ? value.toString('utf8') : String(value);
}

/** The parser's input: an object already (a sample's records), else the field's text parsed; a failure names the field. */
export function parseJsonField(fields: Fields, from: string): unknown {
  const raw = fields[from];
  try {
    return typeof raw === 'object' && raw !== null && !Buffer.isBuffer(raw) ? raw : JSON.parse(textOf(fields, from));
  } catch (error) {
    throw new Error(`'${from}' is not JSON: ${(error as Error).message}`, { cause: error });
  }
}

export interface JsonFieldView {
  /** Parses the record's source field and runs the extract rules; the readers then read this record. */
  load(fields: Fields): void;
  /** A reader of a path after every extract rule (the mapping's view). */
  reader(steps: readonly PathStep[]): FieldRead;
}

export function jsonFieldView(from: string, extracts: ReadonlyArray<{ field: string; path: readonly PathStep[] }>): JsonFieldView {
  // The record being read: set by load(), read by the compiled readers (a transform maps one record at a time).
  let parsed: unknown;
  let object: Fields | null = null;
  const extracted: unknown[] = new Array(extracts.length);
  /** Payload keys the readers name, and their values when the record's text was scanned (`scanned`). */
  const keys: string[] = [];
  const scannedValues: unknown[] = [];
  let scanned = false;
  /** Whether a reader takes the parsed value whole (then every text is parsed). */
  let wholeRead = false;
  /** Made at the first load, once the readers are known; undefined again when another is compiled. */
  let scan: FlatScan | null | undefined;

  /** Reads `steps` as the fields stand after the first `stage` extract rules ran. */
  const compile = (steps: readonly PathStep[], stage: number): FieldRead => {
    scan = undefined;
    const name = String(steps[0]);
    const rest = steps.slice(1);
    let rule = -1;
    for (let j = 0; j < stage; j++) if (extracts[j].field === name) rule = j;
    let root: FieldRead;
    if (rule >= 0) root = () => extracted[rule];
    else if (name === from) {
      wholeRead = true;
      root = () => parsed;
    } else if (SOURCE_FIELDS.has(name)) root = (fields) => (name in fields ? fields[name] : undefined);
    else {
      if (!keys.includes(name)) keys.push(name);
      const k = keys.indexOf(name);
      root = (fields) => (name in fields ? fields[name] : scanned ? scannedValues[k] : object !== null && Object.hasOwn(object, name) ? object[name] : undefined);
    }
    return rest.length === 0 ? root : (fields) => readPath(root(fields), rest);
  };
  const extractReads = extracts.map((extract, j) => compile(extract.path, j));

  return {
    load(fields) {
      if (scan === undefined) scan = wholeRead ? null : flatScanner(keys);
      const raw = fields[from];
      scanned = scan !== null && typeof raw === 'string' && scan(raw, scannedValues);
      if (scanned) {
        parsed = undefined;
        object = null;
      } else {
        parsed = parseJsonField(fields, from);
        object = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Fields) : null;
      }
      for (let j = 0; j < extractReads.length; j++) extracted[j] = extractReads[j](fields);
    },
    reader: (steps) => compile(steps, extracts.length),
  };
}
