/** One piece of a LIKE pattern: `%` (any run), `_` (one unit), or a character to match (escaped or plain). */
export type LikeToken = { kind: 'any' } | { kind: 'one' } | { kind: 'char'; ch: string };

/** A LIKE pattern's pieces: `%` any run, `_` one unit, a backslash makes the next character plain. */
export function likeTokens(pattern: string): LikeToken[] {
  const tokens: LikeToken[] = [];
  const chars = Array.from(pattern);
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i];
    if (ch === '\\' && i + 1 < chars.length) tokens.push({ kind: 'char', ch: chars[++i] });
    else if (ch === '%') tokens.push({ kind: 'any' });
    else if (ch === '_') tokens.push({ kind: 'one' });
    else tokens.push({ kind: 'char', ch });
  }
  return tokens;
}

/**
 * TDengine LIKE patterns (SHOW ... LIKE): `%` any run, `_` one character, a backslash escapes the next character.
 * Case-sensitive, matched against the whole name.
 */
export function likeMatcher(pattern: string): (value: string) => boolean {
  const source = likeTokens(pattern)
    .map((t) => (t.kind === 'any' ? '[\\s\\S]*' : t.kind === 'one' ? '[\\s\\S]' : escapeRegex(t.ch)))
    .join('');
  const re = new RegExp(`^${source}$`, 'u');
  return (value) => re.test(value);
}

/** `text` as a regular expression matching it literally (JavaScript's and RE2's syntax alike). */
export function escapeRegex(ch: string): string {
  return ch.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
