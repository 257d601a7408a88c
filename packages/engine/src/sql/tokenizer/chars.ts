/** Character classes shared by the lexer and the insert fast path (char codes). */

/** Characters that may continue a name (TDengine's isIdChar: letters, digits, `_`), plus any non-ASCII byte. */
export function isIdChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c >= 128;
}
export const isDigit = (c: number): boolean => c >= 48 && c <= 57;
export const isHexDigit = (c: number): boolean => isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
export const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11;
