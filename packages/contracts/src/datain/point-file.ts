import { z } from 'zod';
import type { MessageKey } from '../messages';

/**
 * OPC point files (data-in.md §3 "OPC CSV point file"): one row a point, mapping it to a super table and a child
 * table with optional value, quality and timestamp columns. Every column after the fixed ones is a tag of the child
 * table. Shared by the server (template, paged view, check) and the web app (the point-file page).
 */
export type OpcDriver = 'opcua' | 'opcda';

/** The point's own column: a node id for OPC UA, a tag name for OPC DA. */
export function pointIdColumn(driver: OpcDriver): 'point_id' | 'tag_name' {
  return driver === 'opcua' ? 'point_id' : 'tag_name';
}

export const POINT_FILE_MAPPING_COLUMNS = [
  'stable',
  'tbname',
  'enable',
  'value_col',
  'value_transform',
  'type',
  'quality_col',
  'ts_col',
  'received_ts_col',
  'ts_transform',
  'received_ts_transform',
] as const;

export function pointFileColumns(driver: OpcDriver): string[] {
  return [pointIdColumn(driver), ...POINT_FILE_MAPPING_COLUMNS];
}

/** Column types a point's value may be written as (TDengine's types; `type` empty lets the source decide). */
export const POINT_VALUE_TYPES = ['BOOL', 'TINYINT', 'SMALLINT', 'INT', 'BIGINT', 'FLOAT', 'DOUBLE', 'VARCHAR', 'NCHAR', 'TIMESTAMP'] as const;

/** `enable`: empty means enabled. */
const ENABLE_VALUES = new Set(['', '0', '1', 'true', 'false']);
const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,191}$/;
/** Expressions may name the point's fields in braces, e.g. `opc_{type}`, `t_{id}`. */
const TABLE_EXPRESSION = /^[A-Za-z0-9_{}]{1,192}$/;

export type PointRowProblem = { column: string; message: MessageKey };

/**
 * What is wrong with one row (keyed by column name): the point id, stable and tbname are required (§3 "each point
 * maps to a stable, a tbname"), enable is 0/1/true/false, type one of POINT_VALUE_TYPES, column names are names.
 */
export function pointRowProblems(driver: OpcDriver, row: Record<string, string>): PointRowProblem[] {
  const problems: PointRowProblem[] = [];
  const value = (column: string) => (row[column] ?? '').trim();
  for (const column of [pointIdColumn(driver), 'stable', 'tbname']) {
    if (!value(column)) problems.push({ column, message: 'datasource.point.required' });
  }
  for (const column of ['stable', 'tbname']) {
    if (value(column) && !TABLE_EXPRESSION.test(value(column))) problems.push({ column, message: 'datasource.point.tableName' });
  }
  if (!ENABLE_VALUES.has(value('enable').toLowerCase())) problems.push({ column: 'enable', message: 'datasource.point.enable' });
  const type = value('type').toUpperCase();
  if (type && !(POINT_VALUE_TYPES as readonly string[]).includes(type.replace(/\(\d+\)$/, ''))) {
    problems.push({ column: 'type', message: 'datasource.point.type' });
  }
  for (const column of ['value_col', 'quality_col', 'ts_col', 'received_ts_col']) {
    if (value(column) && !NAME.test(value(column))) problems.push({ column, message: 'datasource.point.columnName' });
  }
  return problems;
}

/** Example rows of the downloadable template: one value point, one with quality and both timestamps. */
export function pointFileTemplateRows(driver: OpcDriver): string[][] {
  const id = driver === 'opcua' ? ['ns=3;i=1005', 'ns=3;s=Boiler.Temperature'] : ['Random.Real8', 'Boiler.Temperature'];
  return [
    [id[0], 'opc_{type}', 't_{id}', '1', 'val', '', 'DOUBLE', 'quality', 'ts', 'qts', '', '', 'plant-1'],
    [id[1], 'boiler', 'boiler_temp', '1', 'val', 'val*1.8+32', 'FLOAT', 'quality', 'ts', 'qts', '', '', 'plant-1'],
  ];
}

/** The template's tag column (any column after the fixed ones is a tag). */
export const POINT_FILE_TEMPLATE_TAG = 'site';

/** GET /ds/in/point/file/template?driver=&lang= */
export const pointTemplateQuerySchema = z.object({
  driver: z.enum(['opcua', 'opcda'], { message: 'validation.formFormat' }),
  lang: z.enum(['en', 'zh']).optional(),
});

/** GET /ds/in/download/pi_default_config?via=&from=&task_id= */
export const piDefaultConfigQuerySchema = z.object({
  via: z.enum(['point_list', 'template_for_element'], { message: 'validation.formFormat' }),
  from: z.string().optional(),
  task_id: z.string().optional(),
});

/** GET /ds/in/point/file/download/task?from=&lang=&categories=&via=: `from` a task id, or (via=file) a file's name. */
export const pointFileTicketQuerySchema = z.object({
  from: z.string().min(1, { message: 'validation.formFormat' }),
  via: z.enum(['task', 'file']).default('task'),
  lang: z.enum(['en', 'zh']).optional(),
  categories: z.string().optional(),
});

export const pointTicketQuerySchema = z.object({ ticket: z.string().min(1, { message: 'validation.formFormat' }) });

export const pointPageQuerySchema = pointTicketQuerySchema.extend({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(1000).default(50),
});

export type PointFileTicket = { ticket: string; file: string; driver: OpcDriver };
export type PointFileReady = { ready: boolean };

export type PointRow = { line: number; values: Record<string, string>; problems: { column: string; message: string }[] };
/** A page of a point file: its columns (the fixed ones, then tags), the rows, and counts over the whole file. */
export type PointPage = {
  file: string;
  driver: OpcDriver;
  columns: string[];
  tags: string[];
  rows: PointRow[];
  total: number;
  invalid: number;
  /** Columns the driver needs that the file's header lacks. */
  missing_columns: string[];
  page: number;
  page_size: number;
};

/** GET /ds/in/point/file/is_valid?dsn= (the point file's name): valid with counts, or the first problem. */
export type PointFileValidity = { valid: boolean; message?: string; total: number; invalid: number };
