import { TdError } from '../../errors';
import { invalidData, SmlCode } from '../errors';
import type { FieldValue, Point } from '../types';
import { JSON_TS_UNITS, openTsdbTimestamp } from './timestamp';

/** `{ "value": v, "type": "bigint" }` type names → TDengine types (TDengine's OpenTSDB JSON extension). */
const TYPED: Record<string, FieldValue['type']> = {
  bool: 'BOOL',
  tinyint: 'TINYINT',
  smallint: 'SMALLINT',
  int: 'INT',
  bigint: 'BIGINT',
  float: 'FLOAT',
  double: 'DOUBLE',
  binary: 'VARCHAR',
  varchar: 'VARCHAR',
  nchar: 'NCHAR',
};

type Bad = (why: string) => TdError;

function typedValue(v: unknown, bad: Bad): FieldValue {
  if (typeof v === 'number') return { type: 'DOUBLE', value: v };
  if (typeof v === 'boolean') return { type: 'BOOL', value: v };
  if (typeof v === 'string') return { type: 'VARCHAR', value: v };
  if (v && typeof v === 'object' && 'value' in v && 'type' in v) {
    const { value, type } = v as { value: unknown; type: unknown };
    const t = typeof type === 'string' ? TYPED[type.toLowerCase()] : undefined;
    if (!t) throw bad(`unknown value type ${String(type)}`);
    if (t === 'BOOL' && typeof value === 'boolean') return { type: t, value };
    if ((t === 'VARCHAR' || t === 'NCHAR') && typeof value === 'string') return { type: t, value };
    if (typeof value === 'number' && t !== 'BOOL' && t !== 'VARCHAR' && t !== 'NCHAR') {
      if (t === 'FLOAT' || t === 'DOUBLE') return { type: t, value };
      if (!Number.isSafeInteger(value)) throw bad(`value ${value} is not an integer`);
      return { type: t, value: t === 'BIGINT' ? BigInt(value) : value };
    }
    throw bad(`value ${JSON.stringify(value)} does not match type ${String(type)}`);
  }
  throw bad('value must be a number, string, boolean or {value, type}');
}

function timestampOf(v: unknown, bad: Bad): bigint | undefined {
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) {
    const ns = openTsdbTimestamp(String(v));
    if (ns === undefined) throw bad(`invalid timestamp ${v}`);
    return ns ?? undefined;
  }
  if (v && typeof v === 'object' && 'value' in v && 'type' in v) {
    const { value, type } = v as { value: unknown; type: unknown };
    const unit = typeof type === 'string' ? JSON_TS_UNITS[type] : undefined;
    if (!unit || typeof value !== 'number' || !Number.isInteger(value)) throw bad('invalid timestamp');
    return value === 0 ? undefined : BigInt(value) * unit;
  }
  throw bad('invalid timestamp');
}

/** A tag value as text: tags of schemaless writes are NCHAR. */
function tagText(v: unknown, bad: Bad): string {
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v && typeof v === 'object' && 'value' in v) return tagText((v as { value: unknown }).value, bad);
  throw bad('tag values must be strings, numbers or booleans');
}

/** An OpenTSDB JSON body (one object or an array of `{metric, timestamp, value, tags}`) → points. */
export function parseOpenTsdbJson(body: string): Point[] {
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch (error) {
    throw new TdError(SmlCode.INVALID_DATA, `Invalid data format: ${(error as Error).message}`);
  }
  const items = Array.isArray(doc) ? doc : [doc];
  return items.map((item, i): Point => {
    const text = JSON.stringify(item) ?? '';
    const bad: Bad = (why) => invalidData(i + 1, text, why);
    if (!item || typeof item !== 'object' || Array.isArray(item)) throw bad('expected an object');
    const { metric, timestamp, value, tags } = item as Record<string, unknown>;
    if (typeof metric !== 'string' || metric === '') throw bad('metric must be a non-empty string');
    if (tags === undefined || tags === null || typeof tags !== 'object' || Array.isArray(tags)) throw bad('tags must be an object');
    if (value === undefined) throw bad('value is required');
    return {
      measurement: metric,
      tags: Object.entries(tags).map(([k, v]) => [k, tagText(v, bad)]),
      fields: [['_value', typedValue(value, bad)]],
      ts: timestampOf(timestamp, bad),
      line: i + 1,
      text,
    };
  });
}
