/**
 * TDengine LIKE patterns (SHOW ... LIKE): `%` any run, `_` one character, a backslash escapes the next character.
 * Case-sensitive, matched against the whole name.
 */
export function likeMatcher(pattern: string): (value: string) => boolean {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '\\' && i + 1 < pattern.length) source += escapeRegex(pattern[++i]);
    else if (ch === '%') source += '[\\s\\S]*';
    else if (ch === '_') source += '[\\s\\S]';
    else source += escapeRegex(ch);
  }
  const re = new RegExp(`^${source}$`, 'u');
  return (value) => re.test(value);
}

function escapeRegex(ch: string): string {
  return ch.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
