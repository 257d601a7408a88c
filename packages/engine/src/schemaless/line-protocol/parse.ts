import { TdError } from '../../errors';
import { invalidData, SmlCode } from '../errors';
import { PRECISION_NS, type FieldValue, type Point } from '../types';
import { parseFieldValue } from './field-value';
import { COMMA, EQUALS, findUnescaped, KEY_ESCAPES, MEASUREMENT_ESCAPES, SPACE, splitUnescaped, unescape } from './scan';

const TIMESTAMP = /^-?\d+$/;

/** Splits `key=value` on the first unescaped `=`; undefined when there is none or the key is empty. */
function keyValue(part: string): [string, string] | undefined {
  const eq = findUnescaped(part, 0, part.length, EQUALS, EQUALS, false);
  if (eq <= 0 || eq >= part.length) return undefined;
  return [part.slice(0, eq), part.slice(eq + 1)];
}

/** The measurement and tags of a series key (`measurement[,tag=v...]`), with the tag keys lower-cased. */
export interface Series {
  measurement: string;
  tags: [string, string][];
  keys: Set<string>;
}

/**
 * Lines of one request mostly repeat a few series keys: each distinct key is parsed once and its measurement and
 * tag list are shared by the points (read only downstream).
 */
export type SeriesCache = Map<string, Series>;

export function parseSeries(text: string, line: number, measureEnd: number, tagsEnd: number): Series {
  const measurement = unescape(text.slice(0, measureEnd), MEASUREMENT_ESCAPES);
  if (measurement === '') throw invalidData(line, text, 'measurement is empty');
  const tags: [string, string][] = [];
  const keys = new Set<string>();
  if (measureEnd < tagsEnd && text[measureEnd] === ',') {
    for (const part of splitUnescaped(text, measureEnd + 1, tagsEnd, COMMA, false)) {
      const kv = keyValue(part);
      if (!kv) throw invalidData(line, text, `invalid tag ${part || '(empty)'}`);
      const key = unescape(kv[0], KEY_ESCAPES);
      const value = unescape(kv[1], KEY_ESCAPES);
      if (value === '') throw invalidData(line, text, `tag ${key} has no value`);
      if (keys.has(key.toLowerCase())) throw invalidData(line, text, `duplicated key ${key}`);
      keys.add(key.toLowerCase());
      tags.push([key, value]);
    }
  }
  return { measurement, tags, keys };
}

/** One line `measurement[,tag=v...] field=v[,field=v...] [timestamp]` → a point; errors name the line. */
export function parseLine(text: string, line: number, unitNs = 1n, cache?: SeriesCache): Point {
  const end = text.length;
  const measureEnd = findUnescaped(text, 0, end, COMMA, SPACE, false);
  if (measureEnd === 0) throw invalidData(line, text, 'measurement is empty');
  if (measureEnd >= end) throw invalidData(line, text, 'no fields');
  const tagsEnd = text[measureEnd] === ',' ? findUnescaped(text, measureEnd + 1, end, SPACE, SPACE, false) : measureEnd;
  let series: Series | undefined;
  if (cache) {
    const key = text.slice(0, tagsEnd);
    series = cache.get(key);
    if (!series) cache.set(key, (series = parseSeries(text, line, measureEnd, tagsEnd)));
  } else series = parseSeries(text, line, measureEnd, tagsEnd);
  const { measurement, tags } = series;
  // field keys seen on this line (tag keys are in series.keys)
  const fieldKeys: string[] = [];
  let pos = tagsEnd;
  while (pos < end && text[pos] === ' ') pos++;
  const fieldsEnd = findUnescaped(text, pos, end, SPACE, SPACE, true);
  if (fieldsEnd === pos) throw invalidData(line, text, 'no fields');
  const fields: [string, FieldValue][] = [];
  for (const part of splitUnescaped(text, pos, fieldsEnd, COMMA, true)) {
    const kv = keyValue(part);
    if (!kv) throw invalidData(line, text, `invalid field ${part || '(empty)'}`);
    const key = unescape(kv[0], KEY_ESCAPES);
    const value = parseFieldValue(kv[1]);
    if (typeof value === 'string') throw invalidData(line, text, `field ${key}: ${value}`);
    const lower = key.toLowerCase();
    if (series.keys.has(lower) || fieldKeys.includes(lower)) throw invalidData(line, text, `duplicated key ${key}`);
    fieldKeys.push(lower);
    fields.push([key, value]);
  }

  const rest = text.slice(fieldsEnd).trim();
  if (rest === '') return { measurement, tags, fields, line, text };
  if (!TIMESTAMP.test(rest)) throw invalidData(line, text, `invalid timestamp ${rest}`);
  return { measurement, tags, fields, ts: BigInt(rest) * unitNs, line, text };
}

/**
 * A request body → points with nanosecond timestamps; `precision` is the request's (ns, u, ms, s, m, h). Blank lines
 * and `#` comments are skipped (line numbers count every line).
 */
export function parseLines(body: string, precision = 'ns'): Point[] {
  const unitNs = PRECISION_NS[precision];
  if (unitNs === undefined) throw new TdError(SmlCode.INVALID_PRECISION_TYPE, `Invalid timestamp precision type: ${precision}`);
  const points: Point[] = [];
  const cache: SeriesCache = new Map();
  const lines = body.split('\n');
  for (let i = 0; i < lines.length; i++) {
    let text = lines[i];
    if (text.endsWith('\r')) text = text.slice(0, -1);
    const trimmed = text.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    points.push(parseLine(trimmed, i + 1, unitNs, cache));
  }
  return points;
}
