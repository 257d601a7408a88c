/** RFC 4180 CSV: fields with a comma, quote or line break are quoted, quotes doubled; lines end with CRLF. */

function field(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(field).join(',')}\r\n`;
}
