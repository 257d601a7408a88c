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

/** One line `measurement[,tag=v...] field=v[,field=v...] [timestamp]` → a point; errors name the line. */
export function parseLine(text: string, line: number, unitNs = 1n): Point {
  const end = text.length;
  const measureEnd = findUnescaped(text, 0, end, COMMA, SPACE, false);
  const measurement = unescape(text.slice(0, measureEnd), MEASUREMENT_ESCAPES);
  if (measurement === '') throw invalidData(line, text, 'measurement is empty');
  if (measureEnd >= end) throw invalidData(line, text, 'no fields');

  const tags: [string, string][] = [];
  const seen = new Set<string>();
  let pos = measureEnd;
  if (text[pos] === ',') {
    const tagsEnd = findUnescaped(text, pos + 1, end, SPACE, SPACE, false);
    for (const part of splitUnescaped(text, pos + 1, tagsEnd, COMMA, false)) {
      const kv = keyValue(part);
      if (!kv) throw invalidData(line, text, `invalid tag ${part || '(empty)'}`);
      const key = unescape(kv[0], KEY_ESCAPES);
      const value = unescape(kv[1], KEY_ESCAPES);
      if (value === '') throw invalidData(line, text, `tag ${key} has no value`);
      if (seen.has(key.toLowerCase())) throw invalidData(line, text, `duplicated key ${key}`);
      seen.add(key.toLowerCase());
      tags.push([key, value]);
    }
    pos = tagsEnd;
  }
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
    if (seen.has(key.toLowerCase())) throw invalidData(line, text, `duplicated key ${key}`);
    seen.add(key.toLowerCase());
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
  const lines = body.split('\n');
  for (let i = 0; i < lines.length; i++) {
    let text = lines[i];
    if (text.endsWith('\r')) text = text.slice(0, -1);
    const trimmed = text.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    points.push(parseLine(trimmed, i + 1, unitNs));
  }
  return points;
}
