/**
 * An ILIKE pattern that finds `text` anywhere in a column, its `%`, `_` and `\` taken literally (PostgreSQL's default
 * LIKE escape is the backslash). Sent as a bound parameter: the search boxes of lists (activity, support issues).
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[%_\\]/g, '\\$&')}%`;
}
