import { regexGroupNames, type TransformConfig, type TransformConfigInput, type TransformParser, transformConfigSchema } from '@tscloud/contracts';
import type { MappedRow, RecordTransform, SourceRecord, TransformFailure } from '../pipeline/types';
import { compileFilter } from './filter';
import { jsonFieldView, parseJsonField, SOURCE_FIELDS, textOf, type FieldRead } from './json-view';
import { compilePath, readPath, type PathStep } from './path';
import { convertValue, toEpoch } from './values';

type Fields = Record<string, unknown>;
/** Adds a parser's fields to the record's (already copied) fields; throws on a record it cannot parse. */
type ParseStep = (fields: Fields) => void;

function parseStep(parser: TransformParser): ParseStep {
  switch (parser.type) {
    case 'json':
      return (fields) => {
        const parsed = parseJsonField(fields, parser.from);
        // The parsed value stays under the source field (paths such as payload.ts reach shadowed keys).
        fields[parser.from] = parsed;
        if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return;
        const object = parsed as Fields;
        for (const key in object) if (!SOURCE_FIELDS.has(key) && !(key in fields)) fields[key] = object[key];
      };
    case 'regex': {
      const pattern = new RegExp(parser.pattern);
      const names = regexGroupNames(parser.pattern);
      return (fields) => {
        const match = pattern.exec(textOf(fields, parser.from));
        if (!match) throw new Error(`'${parser.from}' does not match the regular expression`);
        for (const name of names) fields[name] = match.groups?.[name];
      };
    }
    case 'split':
      return (fields) => {
        const parts = textOf(fields, parser.from).split(parser.separator);
        parser.names.forEach((name, index) => {
          if (index < parts.length) fields[name] = parts[index].trim();
        });
      };
  }
}

/**
 * A record's fields copied into a fresh object literal, which the parser then extends. Not `{ ...fields }`: V8 gives
 * a spread copy a shape that each added key turns over, and the JSON parser's keys then cost 10-15 µs a record.
 */
function copyOf(fields: Fields): Fields {
  const copy: Fields = {};
  for (const key in fields) copy[key] = fields[key];
  return copy;
}

/** Table names remembered per value of a one-placeholder template (a task writes to a bounded set of tables). */
const NAMES_REMEMBERED = 10_000;

const pathReader = (steps: readonly PathStep[]): FieldRead => (fields) => readPath(fields, steps);

/**
 * `d_${device}` → a function of the fields; a placeholder names a field or a path (`${data.id}`), read by `reader`
 * (by default a path into the fields).
 */
export function compileTemplate(template: string, reader: (steps: PathStep[]) => FieldRead = pathReader): (fields: Fields) => string {
  const parts = template.split(/\$\{([^}]+)\}/);
  const pieces = parts.map((part, index) => (index % 2 === 0 ? part : compilePath(part)));
  if (pieces.length === 3) {
    // One placeholder: the name of a text value is looked up, not concatenated again (one string less a row, and
    // the writer's grouping by name hashes a string it has seen).
    const [before, path, after] = pieces as [string, PathStep[], string];
    const read = reader(path);
    const names = new Map<string, string>();
    return (fields) => {
      const value = read(fields);
      if (typeof value === 'string' && value !== '') {
        let name = names.get(value);
        if (name === undefined) {
          if (names.size >= NAMES_REMEMBERED) names.clear();
          names.set(value, (name = before + value + after));
        }
        return name;
      }
      if (value === undefined || value === null || value === '') throw new Error(`the table name needs '${path.join('.')}', which is missing`);
      return before + String(value) + after;
    };
  }
  const reads = pieces.map((piece) => (typeof piece === 'string' ? piece : { steps: piece, read: reader(piece) }));
  return (fields) => {
    let name = '';
    for (const piece of reads) {
      if (typeof piece === 'string') {
        name += piece;
        continue;
      }
      const value = piece.read(fields);
      if (value === undefined || value === null || value === '') throw new Error(`the table name needs '${piece.steps.join('.')}', which is missing`);
      name += String(value);
    }
    return name;
  };
}

/**
 * The task's transform, built once: regular expressions, paths, the filter and the table-name template are compiled
 * here, so mapping a record allocates only its own output. Records the filter drops are neither rows nor failures.
 * Timestamp texts without an offset are read in the mapping's zone, else `defaultTimeZone` (the sample's tz), else UTC.
 */
export function buildTransform(input: TransformConfig | TransformConfigInput, options: { defaultTimeZone?: string } = {}): RecordTransform {
  const config = transformConfigSchema.parse(input);
  const extracts = config.extract.map((rule) => ({ field: rule.field.trim(), path: compilePath(rule.rule) }));
  const keep = config.filter ? compileFilter(config.filter) : undefined;
  // A JSON parser without a filter reads the payload where it lies (json-view.ts); the filter reads whole fields, so
  // with one (or another parser) the fields are copied and extended as before.
  const view = config.parser?.type === 'json' && !keep ? jsonFieldView(config.parser.from, extracts) : undefined;
  const parse = config.parser && !view ? parseStep(config.parser) : undefined;
  const reader = view ? view.reader : pathReader;
  const { mapping } = config;
  const tableName = compileTemplate(mapping.table, reader);
  const readTimestamp = reader(compilePath(mapping.timestamp.field));
  const mapped = (list: TransformConfig['mapping']['columns']) => list.map((entry) => ({ ...entry, read: reader(compilePath(entry.field || entry.name)) }));
  const columns = mapped(mapping.columns);
  const tags = mapped(mapping.tags);
  const zone = mapping.timestamp.timezone ?? options.defaultTimeZone;

  // Without a parser or extract rules (or with the view) the record's fields are only read: no copy.
  const copies = !view && (parse !== undefined || extracts.length > 0);
  const mapOne = (record: SourceRecord): MappedRow | undefined => {
    let fields = record.fields;
    if (view) view.load(fields);
    else if (copies) {
      fields = copyOf(fields);
      parse?.(fields);
      for (const extract of extracts) fields[extract.field] = readPath(fields, extract.path);
    }
    if (keep && !keep(fields)) return undefined;
    const ts = readTimestamp(fields);
    if (ts === undefined || ts === null || ts === '') throw new Error(`the timestamp field '${mapping.timestamp.field}' is missing`);
    const row: MappedRow = { stable: mapping.stable, table: tableName(fields), tags: {}, columns: {} };
    row.columns[mapping.timestamp.column] = toEpoch(ts, mapping.timestamp.format, mapping.precision, mapping.timestamp.column, zone);
    for (const column of columns) {
      const value = column.read(fields);
      row.columns[column.name] = column.type === 'TIMESTAMP' ? (value == null ? null : toEpoch(value, 'auto', mapping.precision, column.name, zone)) : convertValue(value, column.type, column.name, zone);
    }
    for (const tag of tags) row.tags[tag.name] = convertValue(tag.read(fields), tag.type, tag.name, zone);
    return row;
  };

  return (records) => {
    const rows: MappedRow[] = [];
    const failed: TransformFailure[] = [];
    for (const record of records) {
      try {
        const row = mapOne(record);
        if (row) rows.push(row);
      } catch (error) {
        failed.push({ record, error: (error as Error).message });
      }
    }
    return { rows, failed };
  };
}
