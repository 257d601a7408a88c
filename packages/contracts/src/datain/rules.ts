import type { MessageKey } from '../messages';
import { isValidResourceName } from '../validation/patterns';
import { TOPIC_SAMPLE_DEFAULT, TOPIC_SAMPLE_MAX } from '../validation/topics';
import { TMQ_ID_MAX_LENGTH } from './definitions/tmq';
import type { ConnectorId, ParamValue } from './types';

/**
 * The data-in validation rules of data-in.md §5 (and data-explorer.md §5 for data sources), each a pure function
 * answering a message key or null; the form shows them before sending, the server applies them again through
 * validateTask. An empty value passes every format rule: whether it may be empty is the required rule's business.
 */
export type RuleResult = MessageKey | null;

export function isEmptyValue(value: ParamValue | undefined): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

/** Durations and timeouts: digits only. */
export function timeLikeRule(value: ParamValue | undefined): RuleResult {
  if (isEmptyValue(value)) return null;
  return /^\d+$/.test(String(value).trim()) ? null : 'datasource.validation.timeDigits';
}

/** MQTT topics: comma-separated `topic::QoS` entries, QoS 0, 1 or 2. */
export function mqttTopicsRule(value: ParamValue | undefined): RuleResult {
  if (isEmptyValue(value)) return null;
  const entries = Array.isArray(value) ? value : String(value).split(',');
  const valid = entries.every((entry) => {
    const match = /^(.+)::([012])$/.exec(entry.trim());
    return match !== null && match[1].trim() !== '' && !match[1].includes('::');
  });
  return valid ? null : 'datasource.validation.mqttTopics';
}

/** Port numbers: a whole number from 0 to 65535. */
export function portRule(value: ParamValue | undefined): RuleResult {
  if (isEmptyValue(value)) return null;
  const text = String(value).trim();
  return /^\d{1,5}$/.test(text) && Number(text) <= 65535 ? null : 'datasource.validation.port';
}

/** One extract rule of a transform: a field name and the rule that extracts it. */
export interface ExtractRule {
  field: string;
  rule: string;
}

export function extractRuleRule(extract: ExtractRule): RuleResult {
  if (!extract.field?.trim()) return 'datasource.transformer.extractrule.nofield';
  if (!extract.rule?.trim()) return 'datasource.transformer.extractrule.norule';
  return null;
}

export const SQL_PLACEHOLDER_PAIRS = [
  ['${start}', '${end}'],
  ['${start_no_tz}', '${end_no_tz}'],
  ['${start_date}', '${end_date}'],
] as const;
export const MONGODB_PLACEHOLDER_PAIRS = [
  ['${start_datetime}', '${end_datetime}'],
  ['${start_timestamp}', '${end_timestamp}'],
] as const;

/** At least one pair complete, and no half of a pair alone. */
function pairedPlaceholders(template: string, pairs: ReadonlyArray<readonly [string, string]>): boolean {
  const halves = pairs.map(([start, end]) => [template.includes(start), template.includes(end)]);
  return halves.some(([start, end]) => start && end) && halves.every(([start, end]) => start === end);
}

export function sqlTemplateRule(template: ParamValue | undefined): RuleResult {
  if (isEmptyValue(template)) return null;
  return pairedPlaceholders(String(template), SQL_PLACEHOLDER_PAIRS) ? null : 'datasource.validation.sqlPlaceholders';
}

export function mongodbTemplateRule(template: ParamValue | undefined): RuleResult {
  if (isEmptyValue(template)) return null;
  return pairedPlaceholders(String(template), MONGODB_PLACEHOLDER_PAIRS) ? null : 'datasource.validation.mongodbPlaceholders';
}

/** The OPC data-points category: both table expressions, answered per missing field. */
export function opcDataPointsRule(values: Record<string, ParamValue | undefined>): Record<string, MessageKey> {
  const problems: Record<string, MessageKey> = {};
  for (const name of ['super_table_expression', 'child_table_expression'] as const) {
    if (isEmptyValue(values[name])) problems[name] = 'datasource.validation.opcExpressions';
  }
  return problems;
}

/** TDengine 2.x: write concurrency cannot be less than read concurrency. */
export function writeConcurrencyRule(read: ParamValue | undefined, write: ParamValue | undefined): RuleResult {
  if (isEmptyValue(read) || isEmptyValue(write)) return null;
  return Number(write) >= Number(read) ? null : 'datasource.validation.writeConcurrency';
}

const RELATIVE_TIME = /^-(\d+)([smhd])$/;
const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * A time param's value in epoch ms: a number (ms), an ISO text, or a relative default such as '-10d' (ten days
 * before now). null when empty or unreadable.
 */
export function resolveTimeValue(value: ParamValue | undefined, now: number): number | null {
  if (isEmptyValue(value) || typeof value === 'boolean' || Array.isArray(value)) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = String(value).trim();
  const relative = RELATIVE_TIME.exec(text);
  if (relative) return now - Number(relative[1]) * UNIT_MS[relative[2]];
  if (/^\d+$/.test(text)) return Number(text);
  const parsed = Date.parse(text);
  return Number.isNaN(parsed) ? null : parsed;
}

/** Backfill: the end not later than now, the start not later than the end. */
export function backfillTimesRule(start: ParamValue | undefined, end: ParamValue | undefined, now: number): { start_time?: MessageKey; end_time?: MessageKey } {
  const startMs = resolveTimeValue(start, now);
  const endMs = resolveTimeValue(end, now);
  const problems: { start_time?: MessageKey; end_time?: MessageKey } = {};
  if (endMs !== null && endMs > now) problems.end_time = 'datasource.validation.endAfterNow';
  if (startMs !== null && startMs > (endMs ?? now)) problems.start_time = 'datasource.validation.startAfterEnd';
  return problems;
}

/** A mapping's primary key may only be a timestamp column. */
export function primaryKeyRule(columnType: string): RuleResult {
  return columnType.trim().toUpperCase() === 'TIMESTAMP' ? null : 'datasource.validation.primaryKey';
}

export const CSV_FILE_NAME_PATTERN = /^[\p{L}\p{N}_\-. ()]{1,251}\.csv$/iu;

/** CSV file names: letters, digits, space, _ - . ( ), ending in .csv, at most 255 characters, no device name. */
export function csvFileNameRule(name: string): RuleResult {
  return CSV_FILE_NAME_PATTERN.test(name) && isValidResourceName(name.replace(/\.csv$/i, '')) ? null : 'datasource.validation.csvFileName';
}

/** A data source URL: scheme://rest; a websocket one must start with taos+ws:// or taos+wss:// (data-explorer.md §5). */
export function sourceUrlRule(url: string): RuleResult {
  const match = /^([a-z][a-z0-9+.-]*):\/\/\S+$/i.exec(url.trim());
  if (!match) return 'datasource.validation.sourceUrl';
  const isWebsocket = match[1].toLowerCase().split('+').some((part) => part === 'ws' || part === 'wss');
  return isWebsocket && !/^taos\+wss?$/i.test(match[1]) ? 'datasource.validation.sourceUrl' : null;
}

/** An agent's expiry must be later than now. */
export function agentExpiryRule(expiry: number, now: number): RuleResult {
  return expiry > now ? null : 'validation.expiration';
}

/** Sample messages of the transform view: 5 by default, 1 to 100 (the same limits as topic samples). */
export const SAMPLE_LINES_DEFAULT = TOPIC_SAMPLE_DEFAULT;
export const SAMPLE_LINES_MAX = TOPIC_SAMPLE_MAX;

export function sampleLinesRule(lines: ParamValue | undefined): RuleResult {
  if (isEmptyValue(lines)) return null;
  const n = Number(lines);
  return Number.isInteger(n) && n >= 1 && n <= SAMPLE_LINES_MAX ? null : 'datasource.validation.sampleLines';
}

/** TMQ group.id and client.id: at most 192 characters. */
export function tmqIdRule(value: ParamValue | undefined): RuleResult {
  if (isEmptyValue(value)) return null;
  return String(value).length <= TMQ_ID_MAX_LENGTH ? null : 'datasource.validation.tmqIdLength';
}

/** Fields a transform adds cannot take the names of the source's own message fields. */
export const RESERVED_FIELD_NAMES = ['ts', 'topic', 'qos'] as const;

export function newFieldNameRule(name: string): RuleResult {
  return (RESERVED_FIELD_NAMES as readonly string[]).includes(name.trim().toLowerCase()) ? 'datasource.validation.reservedField' : null;
}

/**
 * §5 required fields per connector, by param name. The definitions mark them required too (a test checks both
 * agree); validateTask applies the union. InfluxDB's version fields and the SASL/SSL fields are required inside
 * their authentication alternative or group, so they are not listed here.
 */
export const REQUIRED_FIELDS: Record<ConnectorId, readonly string[]> = {
  tmq: ['endpoint', 'client.id'],
  taos: ['host', 'port', 'database'],
  pi: ['host', 'af_database', 'PISystemName'],
  pibackfill: ['host', 'af_database', 'PISystemName'],
  opcua: ['endpoint'],
  opcda: ['endpoint'],
  influxdb: ['bucket', 'beginTime'],
  opentsdb: [],
  mqtt: ['host', 'port', 'client_id', 'version', 'topics'],
  kafka: ['topics', 'client_id', 'group'],
  csv: [],
  aveva: [],
  mysql: ['host', 'port', 'database', 'username', 'password', 'start_time'],
  postgres: ['host', 'port', 'database', 'username', 'password', 'start_time'],
  oracle: ['host', 'port', 'database', 'username', 'password', 'start_time'],
  mssql: ['host', 'port', 'database', 'username', 'password', 'start_time'],
  mongodb: [],
};
