import { transformConfigSchema, type MappedType, type TransformConfigInput } from '@tscloud/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';

/**
 * The transform section's flat values (parser choice, extract rules, mapping) and the transform configuration
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
  timestampField: string;
  /** Comma-separated `name` or `name:TYPE` entries (tags VARCHAR, columns DOUBLE by default). */
  tags: string;
  columns: string;
  /** `field op value` terms (contracts transform.ts), empty for none. */
  filter: string;
}

export const TRANSFORM_PARSERS = ['none', 'json', 'regex', 'split'] as const;

export const EMPTY_TRANSFORM: TransformFormValues = { parser: 'json', pattern: '', separator: ',', splitNames: '', extract: [], stable: '', table: '', timestampField: 'ts', tags: '', columns: '', filter: '' };

/** Whether the user set up a transform at all: a task without one sends `{}` (the server's default). */
export function transformInUse(v: TransformFormValues): boolean {
  return [v.stable, v.table, v.tags, v.columns, v.filter].some((text) => text.trim() !== '') || v.extract.length > 0;
}

const names = (text: string) => text.split(',').map((s) => s.trim()).filter(Boolean);

/** `temp` or `temp:FLOAT` → a mapped field; a type the schema does not know is left for it to refuse. */
function mapped(entry: string, type: string) {
  const [name, given] = entry.split(':').map((s) => s.trim());
  return { name, type: (given ? given.toUpperCase() : type) as MappedType };
}
const mappedText = (fields: Array<{ name: string; type: string }>, type: string) => fields.map((f) => (f.type === type ? f.name : `${f.name}:${f.type}`)).join(', ');

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
      timestamp: { field: v.timestampField || 'ts' },
      tags: names(v.tags).map((entry) => mapped(entry, 'VARCHAR')),
      columns: names(v.columns).map((entry) => mapped(entry, 'DOUBLE')),
    },
  };
}

/** A saved task's transform back into the section's values (what it does not know stays at its default). */
export function fromTransformConfig(saved: Record<string, unknown> | undefined): TransformFormValues {
  const parsed = transformConfigSchema.safeParse(saved ?? {});
  if (!parsed.success) return EMPTY_TRANSFORM;
  const c = parsed.data;
  return {
    parser: c.parser?.type ?? 'none',
    pattern: c.parser?.type === 'regex' ? c.parser.pattern : '',
    separator: c.parser?.type === 'split' ? c.parser.separator : ',',
    splitNames: c.parser?.type === 'split' ? c.parser.names.join(', ') : '',
    extract: c.extract,
    stable: c.mapping.stable,
    table: c.mapping.table,
    timestampField: c.mapping.timestamp.field,
    tags: mappedText(c.mapping.tags, 'VARCHAR'),
    columns: mappedText(c.mapping.columns, 'DOUBLE'),
    filter: c.filter ?? '',
  };
}

/** Where a schema issue shows in the section: the path of the config → the form field. */
function fieldOfIssue(path: PropertyKey[]): string {
  const [head, second, third] = path.map(String);
  if (head === 'extract') return `extract.${second}.${third ?? 'field'}`;
  if (head === 'parser') return second === 'names' ? 'splitNames' : second === 'separator' ? 'separator' : 'pattern';
  if (head === 'mapping') return second === 'tags' ? 'tags' : second === 'columns' ? 'columns' : second === 'timestamp' ? 'timestampField' : second;
  return head;
}

/** react-hook-form resolver: the message keys of the contracts' schema under the fields they concern. */
export const transformResolver: Resolver<TransformFormValues> = (values) => {
  const parsed = transformConfigSchema.safeParse(toTransformConfig(values));
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const issue of parsed.error.issues) {
    const parts = fieldOfIssue(issue.path).split('.');
    let at = errors;
    for (const part of parts.slice(0, -1)) at = (at[part] ??= {}) as Record<string, unknown>;
    // The schema's own texts for an empty field (zod's English) read as the required message.
    const message = issue.code === 'too_small' && !issue.message.includes('.') ? 'validation.required' : issue.message;
    at[parts[parts.length - 1]] ??= { type: 'schema', message };
  }
  return { values: {}, errors: errors as FieldErrors<TransformFormValues> };
};
