import { z } from 'zod';
import { extractRuleRule, newFieldNameRule, SAMPLE_LINES_DEFAULT, SAMPLE_LINES_MAX } from './rules';

/**
 * A data-in task's transform (issue 15; docs/data-in.md "Transforms"): a parser turns a source field (MQTT's
 * payload by default) into fields, extract rules pick nested values into new fields, a filter keeps some records,
 * and the mapping names the super table, the child table and the tags and columns. The server builds it once
 * (buildTransform) and the form validates with the same schema, so both refuse the same configurations.
 */

const fieldName = z.string().trim().min(1, { message: 'datasource.transformer.extractrule.nofield' });

/** A field the transform adds: not empty, and not one of the source's own names (ts, topic, qos). */
const newFieldName = fieldName.superRefine((name, ctx) => {
  const problem = newFieldNameRule(name);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** The named groups of a regular expression (matching the empty alternative lists every group); throws when invalid. */
export function regexGroupNames(pattern: string): string[] {
  return Object.keys(new RegExp(`${pattern}|`).exec('')?.groups ?? {});
}

export const jsonParserSchema = z.object({
  type: z.literal('json'),
  /** The field holding the JSON text (default payload). Its top-level keys become fields. */
  from: z.string().trim().min(1).default('payload'),
});

export const regexParserSchema = z.object({
  type: z.literal('regex'),
  from: z.string().trim().min(1).default('payload'),
  /** A regular expression with named groups; each group becomes a field of its name. */
  pattern: z.string().min(1, { message: 'datasource.transformer.extractrule.norule' }).superRefine((pattern, ctx) => {
    let groups: string[];
    try {
      groups = regexGroupNames(pattern);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'datasource.validation.pattern' });
      return;
    }
    if (groups.length === 0) ctx.addIssue({ code: 'custom', message: 'datasource.validation.pattern' });
    for (const group of groups) {
      const problem = newFieldNameRule(group);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }
  }),
});

export const splitParserSchema = z.object({
  type: z.literal('split'),
  from: z.string().trim().min(1).default('payload'),
  /** The separator text (not a regular expression). */
  separator: z.string().min(1).default(','),
  /** The names of the parts in order; parts beyond them are dropped, missing ones are absent. */
  names: z.array(newFieldName).min(1),
});

export const parserSchema = z.discriminatedUnion('type', [jsonParserSchema, regexParserSchema, splitParserSchema]);

/** An extract rule: the new field and the path of its value, e.g. `data.values[0].temp` or `$.data.temp`. */
export const extractRuleSchema = z
  .object({ field: z.string().default(''), rule: z.string().default('') })
  .superRefine((extract, ctx) => {
    const problem = extractRuleRule(extract);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [problem.endsWith('nofield') ? 'field' : 'rule'] });
    else {
      const reserved = newFieldNameRule(extract.field);
      if (reserved) ctx.addIssue({ code: 'custom', message: reserved, path: ['field'] });
    }
  });

export const MAPPED_TYPES = ['TIMESTAMP', 'BOOL', 'TINYINT', 'SMALLINT', 'INT', 'BIGINT', 'FLOAT', 'DOUBLE', 'VARCHAR', 'BINARY', 'NCHAR'] as const;
export type MappedType = (typeof MAPPED_TYPES)[number];

/** A tag or column of the super table and the field its value comes from (the column's own name by default). */
export const mappedFieldSchema = z.object({
  name: z.string().trim().min(1, { message: 'validation.required' }),
  field: z.string().trim().optional(),
  type: z.enum(MAPPED_TYPES).default('DOUBLE'),
});

/** How a timestamp field reads: epoch numbers in s/ms/us/ns, RFC 3339 text, or auto (text or ms). */
export const TIMESTAMP_FORMATS = ['auto', 's', 'ms', 'us', 'ns', 'rfc3339'] as const;
export const TARGET_PRECISIONS = ['ms', 'us', 'ns'] as const;

/** True for an IANA zone name the runtime knows (`UTC`, `Asia/Shanghai` …). */
export function isKnownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
const timeZoneName = z
  .string()
  .trim()
  .refine((zone) => isKnownTimeZone(zone), { message: 'datasource.validation.timeZone' });

export const mappingSchema = z.object({
  stable: z.string().trim().min(1),
  /** The child table's name: text with `${field}` placeholders, e.g. `d_${device}`. */
  table: z.string().trim().min(1),
  timestamp: z.object({
    /** The super table's first column (default ts). */
    column: z.string().trim().min(1).default('ts'),
    field: z.string().trim().min(1).default('ts'),
    format: z.enum(TIMESTAMP_FORMATS).default('auto'),
    /**
     * The zone in which a timestamp text without an offset is read (IANA name). Absent: the sample's `tz`, else
     * UTC. Epoch numbers and texts with an offset do not depend on it.
     */
    timezone: timeZoneName.optional(),
  }),
  /** The target database's precision: ms and us rows carry numbers, ns rows a text of digits (beyond 2^53). */
  precision: z.enum(TARGET_PRECISIONS).default('ms'),
  columns: z.array(mappedFieldSchema).default([]),
  tags: z.array(mappedFieldSchema).default([]),
}).superRefine((mapping, ctx) => {
  // One super table: the timestamp column, the columns and the tags each need their own name (TDengine names
  // ignore case). The later of two equal names is marked.
  const seen = new Set([mapping.timestamp.column.trim().toLowerCase()]);
  for (const list of ['columns', 'tags'] as const) {
    mapping[list].forEach((entry, index) => {
      const name = entry.name.trim().toLowerCase();
      if (name && seen.has(name)) ctx.addIssue({ code: 'custom', message: 'datasource.validation.duplicateName', path: [list, index, 'name'] });
      seen.add(name);
    });
  }
});

export const transformConfigSchema = z.object({
  parser: parserSchema.optional(),
  extract: z.array(extractRuleSchema).default([]),
  /** `field op value` terms joined by and/or with parentheses; ops = == != > >= < <=; values numbers or quoted text. */
  filter: z.string().trim().optional(),
  mapping: mappingSchema,
});

export type TransformConfig = z.infer<typeof transformConfigSchema>;
export type TransformConfigInput = z.input<typeof transformConfigSchema>;
export type TransformMapping = z.infer<typeof mappingSchema>;
export type TransformParser = z.infer<typeof parserSchema>;

/** POST /transform/sample/flat: the transform, and either sample records or the source to read the first lines from. */
export const transformSampleBodySchema = z.object({
  transform: transformConfigSchema,
  records: z.array(z.record(z.string(), z.unknown())).max(SAMPLE_LINES_MAX, { message: 'datasource.validation.sampleLines' }).optional(),
  source: z.object({ connector: z.string().min(1), values: z.record(z.string(), z.unknown()) }).optional(),
  lines: z.coerce.number().int().min(1, { message: 'datasource.validation.sampleLines' }).max(SAMPLE_LINES_MAX, { message: 'datasource.validation.sampleLines' }).default(SAMPLE_LINES_DEFAULT),
});
export type TransformSampleBody = z.input<typeof transformSampleBodySchema>;

/** POST /transform/sample/flat?tz=: the zone for timestamp texts without an offset when the transform names none. */
export const transformSampleQuerySchema = z.object({ tz: timeZoneName.optional() });

export interface TransformSampleRow {
  stable: string;
  table: string;
  tags: Record<string, unknown>;
  columns: Record<string, unknown>;
}

/** The rows exactly as they would be written, and the records that failed with their message (§8 `message`). */
export interface TransformSampleResponse {
  records: number;
  rows: TransformSampleRow[];
  failed: Array<{ index: number; message: string }>;
}

/**
 * The source a check or sample reads: the connector and the form's flat values. GET calls carry the values as JSON
 * text in `values`; the POST variants (which keep passwords out of URLs) as an object.
 */
const sourceValuesSchema = z.union([
  z.record(z.string(), z.unknown()),
  z.string().transform((text, ctx) => {
    try {
      return z.record(z.string(), z.unknown()).parse(JSON.parse(text));
    } catch {
      ctx.addIssue({ code: 'custom', message: 'validation.formFormat' });
      return z.NEVER;
    }
  }),
]);

export const datainSourceQuerySchema = z.object({ connector: z.string().trim().min(1), values: sourceValuesSchema.default({}) });
export const datainSampleQuerySchema = datainSourceQuerySchema.extend({
  lines: z.coerce.number().int().min(1, { message: 'datasource.validation.sampleLines' }).max(SAMPLE_LINES_MAX, { message: 'datasource.validation.sampleLines' }).default(SAMPLE_LINES_DEFAULT),
});

/** GET /ds/in/validate (§7, §8): valid, or not with the message to show. */
export interface SourceValidateResponse {
  valid: boolean;
  message?: string;
}

/** GET /ds/in/sample: the first records of the source as read (before the transform). */
export interface SourceSampleResponse {
  records: Array<Record<string, unknown>>;
}

/** The csvFiles area of an instance (GET/POST/DELETE /csv/files): the largest upload, and one file as listed. */
export const CSV_UPLOAD_MAX_BYTES = 1024 * 1024 * 1024;

export interface CsvFileItem {
  name: string;
  size: number;
  /** Last change, epoch ms. */
  modified: number;
  /**
   * The instance's CSV tasks whose files name this one (GET /csv/files answers it; an upload's answer has none).
   * `active`: queued, running or stopping — such a task's file is neither deleted nor replaced (409).
   */
  used_by?: CsvFileUser[];
}

export interface CsvFileUser {
  id: string;
  name: string;
  active: boolean;
}
