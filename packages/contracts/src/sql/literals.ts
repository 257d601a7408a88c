/**
 * Literals and names in TDengine SQL, written once for the engine, the server and the web app, by the engine's own
 * rules (packages/engine/src/sql/tokenizer: findClosingQuote, unescapeString; TDengine's trimString):
 * - in '…' and "…" a backslash escapes the next character (`\'` `\"` `\\`; `\n` `\r` `\t` are control characters,
 *   `\%` `\_` stay escaped for LIKE), and a doubled delimiter stands for one;
 * - in `…` a backslash is an ordinary character and a doubled backquote stands for one.
 * Doubling quotes alone is not enough: a backslash before the closing quote would escape it and end the literal
 * early (SQL injection), so backslashes are escaped first.
 *
 * Nothing else in the workspace quotes engine SQL by hand: contracts/test/sql/hand-quoting.test.ts fails the build
 * when it finds another place. (The engine's DuckDB SQL, a different dialect without backslash escapes, is quoted
 * in packages/engine/src/storage/names.ts.)
 */

/** The text with backslash and both quote characters escaped: fits between single or double quotes. */
export function escapeText(text: string): string {
  return text.replace(/[\\'"]/g, (c) => `\\${c}`);
}

/**
 * A string literal that the engine reads back as exactly `text`; in single quotes unless `delimiter` asks for
 * double quotes (SHOW CREATE TABLE writes tag values as TDengine does, `"O'Hare"`: inside double quotes only the
 * backslash and `"` are escaped).
 */
export function quoteText(text: string, delimiter: "'" | '"' = "'"): string {
  if (delimiter === '"') return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  return `${delimiter}${escapeText(text)}${delimiter}`;
}

/** A name (database, table, column, alias, user …) in backquotes that the engine reads back as exactly `name`. */
export function quoteName(name: string): string {
  return `\`${name.replace(/`/g, '``')}\``;
}

/**
 * A name as a statement writes it: as it is when it is a plain name (letters, digits, underscores, not starting with
 * a digit), back-quoted otherwise. TDengine counts a user name's length as written, quotes included.
 */
export function nameSql(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : quoteName(name);
}

/** The name a backquoted name (`` `a``b` ``) stands for: a doubled backquote is one. The inverse of quoteName. */
export function readName(quoted: string): string {
  return quoted.slice(1, -1).replace(/``/g, '`');
}

/** Backslash escapes that stand for a control character. */
const CONTROL_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t' };

/**
 * The text of a quoted literal ('…' or "…") as the engine reads it (its tokenizer's unescapeString): a doubled
 * delimiter is one, backslash + n r t a control character, `\%` and `\_` stay escaped (LIKE), backslash + any other
 * character that character. The inverse of quoteText.
 */
export function readText(literal: string): string {
  const delimiter = literal[0];
  const body = literal.slice(1, -1);
  let out = '';
  for (let k = 0; k < body.length; k++) {
    const ch = body[k];
    if (ch === delimiter && body[k + 1] === delimiter) {
      out += delimiter;
      k++;
    } else if (ch === '\\' && k + 1 < body.length) {
      const next = body[++k];
      out += CONTROL_ESCAPES[next] ?? (next === '%' || next === '_' ? `\\${next}` : next);
    } else out += ch;
  }
  return out;
}

/** `db`.`name` for an object of a database, both parts in backquotes. */
export function quoteQualified(db: string, name: string): string {
  return `${quoteName(db)}.${quoteName(name)}`;
}

/** The text with LIKE's wildcards `%` `_` and its escape character (backslash) matched literally. */
export function likeEscape(text: string): string {
  return text.replace(/[%_\\]/g, (c) => `\\${c}`);
}

/**
 * A LIKE pattern (a quoted literal) matching `text` anywhere: `%`, `_` and backslash in the text are matched
 * literally (a bare backslash would escape the next character, so `a\b` would find `ab`).
 */
export function quoteContains(text: string): string {
  return quoteText(`%${likeEscape(text)}%`);
}
