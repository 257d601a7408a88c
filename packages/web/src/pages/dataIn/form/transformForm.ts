import {
  transformConfigSchema,
  type MappedType,
  type TARGET_PRECISIONS,
  type TIMESTAMP_FORMATS,
  type TransformConfigInput,
} from '@tscloud/contracts';
import type { FieldErrors, FieldPath, Resolver, UseFormReturn } from 'react-hook-form';
import { edition } from '../../../config/edition';

export type TimestampFormat = (typeof TIMESTAMP_FORMATS)[number];
export type TargetPrecision = (typeof TARGET_PRECISIONS)[number];

/** A tag or column row of the mapping editor: the name in the super table, the source field or path, the type. */
export interface MappedRowValues {
  name: string;
  /** The source field or path (`a.b`, `items[0].v`); empty: the field of the row's name. */
  field: string;
  type: MappedType;
}

/**
 * The transform section's values (parser choice, extract rules, mapping) and the transform configuration
 * (contracts transform.ts) they stand for; validated by the same schema the server uses.
 */
export interface TransformFormValues {
  parser: 'none' | 'json' | 'regex' | 'split';
  pattern: string;
  separator: string;
  /** split: the parts' names, comma-separated. */
  splitNames: string;
  extract: Array<{ field: string; rule: string }>;
  stable: string;
  table: string;
  timestampColumn: string;
  timestampField: string;
  timestampFormat: TimestampFormat;
  /** The zone timestamp texts without an offset are read in. */
  timezone: string;
  /** The target database's precision (set from the database when one is chosen, until the user picks one). */
  precision: TargetPrecision;
  tags: MappedRowValues[];
  columns: MappedRowValues[];
  /** `field op value` terms (contracts transform.ts), empty for none. */
  filter: string;
}

export const TRANSFORM_PARSERS = ['none', 'json', 'regex', 'split'] as const;

/** A new row's type: tags are mostly names (VARCHAR), columns mostly measurements (DOUBLE). */
export const NEW_TAG: MappedRowValues = { name: '', field: '', type: 'VARCHAR' };
export const NEW_COLUMN: MappedRowValues = { name: '', field: '', type: 'DOUBLE' };

/** A new task's transform: texts without an offset are read in the user's display zone. */
export const EMPTY_TRANSFORM: TransformFormValues = {
  parser: 'json',
  pattern: '',
  separator: ',',
  splitNames: '',
  extract: [],
  stable: '',
  table: '',
  timestampColumn: 'ts',
  timestampField: 'ts',
  timestampFormat: 'auto',
  timezone: edition.timeZone,
  precision: 'ms',
  tags: [],
  columns: [],
  filter: '',
};

/** Whether the user set up a transform at all: a task without one sends `{}` (the server's default). */
export function transformInUse(v: TransformFormValues): boolean {
  return [v.stable, v.table, v.filter].some((text) => text.trim() !== '') || v.extract.length + v.tags.length + v.columns.length > 0;
}

const names = (text: string) => text.split(',').map((s) => s.trim()).filter(Boolean);

/** A row as the schema takes it: an empty source field is left out (the schema reads the row's name then). */
const mappedOf = (row: MappedRowValues) => ({ name: row.name, ...(row.field.trim() ? { field: row.field.trim() } : {}), type: row.type });

export function toTransformConfig(v: TransformFormValues): TransformConfigInput {
  const parser =
    v.parser === 'json' ? { type: 'json' as const } : v.parser === 'regex' ? { type: 'regex' as const, pattern: v.pattern } : v.parser === 'split' ? { type: 'split' as const, separator: v.separator, names: names(v.splitNames) } : undefined;
  return {
    ...(parser ? { parser } : {}),
    extract: v.extract,
    ...(v.filter.trim() ? { filter: v.filter.trim() } : {}),
    mapping: {
      stable: v.stable,
      table: v.table,
      timestamp: { column: v.timestampColumn || 'ts', field: v.timestampField || 'ts', format: v.timestampFormat, timezone: v.timezone },
      precision: v.precision,
      tags: v.tags.map(mappedOf),
      columns: v.columns.map(mappedOf),
    },
  };
}

/** A saved task's transform back into the section's values (what it does not know stays at its default). */
export function fromTransformConfig(saved: Record<string, unknown> | undefined): TransformFormValues {
  const parsed = transformConfigSchema.safeParse(saved ?? {});
  if (!parsed.success) return EMPTY_TRANSFORM;
  const c = parsed.data;
  const rows = (list: typeof c.mapping.tags) => list.map((m) => ({ name: m.name, field: m.field ?? '', type: m.type }));
  return {
    parser: c.parser?.type ?? 'none',
    pattern: c.parser?.type === 'regex' ? c.parser.pattern : '',
    separator: c.parser?.type === 'split' ? c.parser.separator : ',',
    splitNames: c.parser?.type === 'split' ? c.parser.names.join(', ') : '',
    extract: c.extract,
    stable: c.mapping.stable,
    table: c.mapping.table,
    timestampColumn: c.mapping.timestamp.column,
    timestampField: c.mapping.timestamp.field,
    timestampFormat: c.mapping.timestamp.format,
    // A task saved without a zone read such texts as UTC: it keeps doing so.
    timezone: c.mapping.timestamp.timezone ?? 'UTC',
    precision: c.mapping.precision,
    tags: rows(c.mapping.tags),
    columns: rows(c.mapping.columns),
    filter: c.filter ?? '',
  };
}

const TIMESTAMP_FIELDS: Record<string, FieldPath<TransformFormValues>> = { column: 'timestampColumn', field: 'timestampField', format: 'timestampFormat', timezone: 'timezone' };

/**
 * Where a problem of the configuration shows in the section: its path (schema issue path, or the server's
 * `transform.mapping.columns.0.name` without the prefix) → the form field, so each message sits under its row.
 */
export function fieldOfConfigPath(path: ReadonlyArray<PropertyKey>): FieldPath<TransformFormValues> {
  const [head, second, third, fourth] = path.map(String);
  if (head === 'extract') return `extract.${Number(second) || 0}.${third === 'rule' ? 'rule' : 'field'}`;
  if (head === 'parser') return second === 'names' ? 'splitNames' : second === 'separator' ? 'separator' : 'pattern';
  if (head === 'mapping') {
    if (second === 'tags' || second === 'columns') return third === undefined ? 'stable' : `${second}.${Number(third) || 0}.${fourth === 'field' ? 'field' : fourth === 'type' ? 'type' : 'name'}`;
    if (second === 'timestamp') return TIMESTAMP_FIELDS[third] ?? 'timestampField';
    return second === 'table' ? 'table' : second === 'precision' ? 'precision' : 'stable';
  }
  return head === 'filter' ? 'filter' : 'stable';
}

/**
 * A server refusal naming a transform field (`data` of a task save: `transform.…` → message; of a sample:
 * `{ field: 'transform.…' }` with the message): shown under that field. False when it names none.
 */
export function placeTransformRefusal(form: UseFormReturn<TransformFormValues>, data: unknown, message: string): boolean {
  if (!data || typeof data !== 'object') return false;
  const entries = Object.entries(data as Record<string, unknown>);
  const named = entries.filter(([key, value]) => key.startsWith('transform.') && typeof value === 'string') as Array<[string, string]>;
  const field = (data as { field?: unknown }).field;
  if (typeof field === 'string' && field.startsWith('transform.')) named.push([field, message]);
  for (const [path, text] of named) form.setError(fieldOfConfigPath(path.split('.').slice(1)), { type: 'server', message: text });
  return named.length > 0;
}

/** react-hook-form resolver: the message keys of the contracts' schema under the fields they concern. */
export const transformResolver: Resolver<TransformFormValues> = (values) => {
  const parsed = transformConfigSchema.safeParse(toTransformConfig(values));
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const issue of parsed.error.issues) {
    const parts = fieldOfConfigPath(issue.path).split('.');
    let at = errors;
    for (const part of parts.slice(0, -1)) at = (at[part] ??= {}) as Record<string, unknown>;
    // The schema's own texts for an empty field (zod's English) read as the required message.
    const message = issue.code === 'too_small' && !issue.message.includes('.') ? 'validation.required' : issue.message;
    at[parts[parts.length - 1]] ??= { type: 'schema', message };
  }
  return { values: {}, errors: errors as FieldErrors<TransformFormValues> };
};
