/**
 * Token kinds of the TDengine SQL dialect:
 * - `word`: an unquoted name or keyword; `value` is the upper-cased text (keyword check is a set lookup)
 * - `quoted`: a back-quoted identifier; `value` is the name without back-quotes (case kept)
 * - `string`: '...' or "..." (TDengine treats double quotes as strings); `value` has escapes resolved
 * - `integer`, `float`: `value` is the source text; `hex` / `binary`: `value` is the decimal digits
 * - `duration`: an integer immediately followed by a unit letter (`10m`, `1H`); `value` is the source text
 * - `punct`: an operator or punctuation; `value` is its canonical text (`!=` → `<>`, `==` → `=`)
 * - `eof`: end of the statement (end of input or the first `;`)
 */
export type TokenKind =
  | 'word'
  | 'quoted'
  | 'string'
  | 'integer'
  | 'float'
  | 'hex'
  | 'binary'
  | 'duration'
  | 'ip'
  | 'punct'
  | 'eof';

export interface Token {
  kind: TokenKind;
  value: string;
  /** Offsets into the SQL text: [start, end). */
  start: number;
  end: number;
}
