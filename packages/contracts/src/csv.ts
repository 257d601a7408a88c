/**
 * RFC 4180 CSV: fields with a comma, quote or line break are quoted, quotes doubled; lines end with CRLF.
 *
 * Formula injection (OWASP "CSV Injection"): a spreadsheet runs a cell that starts with `=`, `+`, `-`, `@`, a tab or
 * a carriage return as a formula, so text from the database (`=HYPERLINK(…)`, `-2+3+cmd|' /C calc'!A0`) could run
 * on the downloader's machine. Such a cell is prefixed with a single quote, which the spreadsheet shows as text, and
 * quoted. Numbers are left exact: a number value, or text that is only a decimal number (`-1.5`, `+2e3`, a BIGINT
 * kept as text), cannot be a formula.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** One CSV field (not yet joined): empty for NULL, numbers as they are, text quoted and guarded as above. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  const formula = FORMULA_START.test(text) && !PLAIN_NUMBER.test(text);
  const cell = formula ? `'${text}` : text;
  return formula || /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
