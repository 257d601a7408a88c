/**
 * SQL text for the ASCII-only case mapping that both the string functions and LIKE/MATCH use (string-functions.ts,
 * pattern-match.ts); kept apart from both, which compile expressions, so that neither imports the other's compiler.
 */

/**
 * TDengine maps case byte by byte with the C library's toupper/tolower: ASCII letters only (`upper('café')` = 'CAFé').
 * Pure ASCII text (as many bytes as characters) takes DuckDB's own upper/lower; other text is cut into ASCII and
 * non-ASCII runs and only the ASCII runs are mapped (translate() costs ~1 µs a row, ten times this).
 */
function asciiCase(fn: 'upper' | 'lower'): (sql: string) => string {
  return (sql) => {
    const runs = `regexp_extract_all(${sql}, '[\\x00-\\x7F]+|[^\\x00-\\x7F]+')`;
    const mapped = `array_to_string(list_transform(${runs}, r -> CASE WHEN unicode(r) < 128 THEN ${fn}(r) ELSE r END), '')`;
    return `(CASE WHEN strlen(${sql}) = length(${sql}) THEN ${fn}(${sql}) ELSE ${mapped} END)`;
  };
}

export const asciiUpper = asciiCase('upper');
export const asciiLower = asciiCase('lower');
