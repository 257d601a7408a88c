import { invalidData } from '../errors';
import { parseFieldValue } from '../line-protocol/field-value';
import type { Point } from '../types';
import { openTsdbTimestamp } from './timestamp';

/**
 * OpenTSDB telnet lines `[put ]metric timestamp value tagk=tagv ...` → points (super table = metric, column
 * `_value`). The value follows the line-protocol literal rules (unsuffixed number → DOUBLE); tags are text.
 */
export function parseTelnet(body: string): Point[] {
  const points: Point[] = [];
  const lines = body.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i].trim();
    if (text === '') continue;
    const line = i + 1;
    const bad = (why: string) => invalidData(line, text, why);
    const words = text.split(/\s+/);
    if (words[0] === 'put') words.shift();
    if (words.length < 3) throw bad('expected metric, timestamp and value');
    const [metric, tsText, valueText, ...tagWords] = words;
    const ts = openTsdbTimestamp(tsText);
    if (ts === undefined) throw bad(`invalid timestamp ${tsText}`);
    const value = parseFieldValue(valueText);
    if (typeof value === 'string') throw bad(value);
    const tags: [string, string][] = [];
    const seen = new Set<string>();
    for (const word of tagWords) {
      const eq = word.indexOf('=');
      if (eq <= 0 || eq === word.length - 1) throw bad(`invalid tag ${word}`);
      const key = word.slice(0, eq);
      if (seen.has(key.toLowerCase())) throw bad(`duplicated tag ${key}`);
      seen.add(key.toLowerCase());
      tags.push([key, word.slice(eq + 1)]);
    }
    points.push({ measurement: metric, tags, fields: [['_value', value]], ts: ts ?? undefined, line, text });
  }
  return points;
}
