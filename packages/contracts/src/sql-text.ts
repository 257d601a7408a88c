/**
 * Literals and names in TDengine SQL, written once for the engine, the server and the web app, by the engine's own
 * rules (packages/engine/src/sql/tokenizer: findClosingQuote, unescapeString; TDengine's trimString):
 * - in '…' and "…" a backslash escapes the next character (`\'` `\"` `\\`; `\n` `\r` `\t` are control characters,
 *   `\%` `\_` stay escaped for LIKE), and a doubled delimiter stands for one;
 * - in `…` a backslash is an ordinary character and a doubled backquote stands for one.
 * Doubling quotes alone is not enough: a backslash before the closing quote would escape it and end the literal
 * early (SQL injection), so backslashes are escaped first.
 *
 * This file imports nothing, so the engine can use it (`@tscloud/contracts/sql-text`) without the rest.
 */

/** The text with backslash and both quote characters escaped: fits between single or double quotes. */
export function escapeText(text: string): string {
  return text.replace(/[\\'"]/g, (c) => `\\${c}`);
}

/** A string literal that the engine reads back as exactly `text`. */
export function quoteText(text: string): string {
  return `'${escapeText(text)}'`;
}

/** A name (database, table, column, alias, user …) in backquotes that the engine reads back as exactly `name`. */
export function quoteName(name: string): string {
  return `\`${name.replace(/`/g, '``')}\``;
}
