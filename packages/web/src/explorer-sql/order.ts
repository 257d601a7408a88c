import { quoteText } from '@tscloud/contracts/sql';
import { NUMBER_TYPES } from './types';

/**
 * Orders people expect in the explorer's lists (issue 13): names naturally (d0, d1, d2, …, d10, not d0, d1, d10)
 * and numeric tag values by number (1, 2, 10, not 1, 10, 2).
 */

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

/**
 * ORDER BY keys that sort names naturally in the engine, so paging (LIMIT/OFFSET) pages the natural order: names
 * with the same letters (digits removed) together, then shorter numbers first (CHAR_LENGTH: the engine's LENGTH counts bytes through a BLOB cast that refuses a backslash), then the text. TDengine SQL has no
 * regular-expression replace, hence the nested REPLACE. Exact for one number in a name (d9 < d10) and for names whose
 * numbers differ only in length; "a10b1" vs "a9b22" (same length) falls back to text.
 */
export function naturalOrderSql(column: string): string {
  const letters = DIGITS.reduce((inner, digit) => `REPLACE(${inner}, ${quoteText(digit)}, '')`, column);
  return `${letters}, CHAR_LENGTH(${column}), ${column}`;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'variant' });

/** Natural order of two names in the browser (lists read whole, e.g. a super table's tags). */
export function naturalCompare(a: string, b: string): number {
  return collator.compare(a, b);
}

/**
 * ORDER BY key of a tag's values: by number for a numeric tag (ins_tags holds values as text), else as text (values
 * are free text, where REPLACE is not safe on every byte the engine stores).
 */
export function tagValueOrderSql(tagType: string): string {
  return NUMBER_TYPES.has(tagType.toUpperCase()) ? 'CAST(tag_value AS DOUBLE)' : 'tag_value';
}
