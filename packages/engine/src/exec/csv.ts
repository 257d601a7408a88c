/** CSV of `INSERT ... FILE`: no header, fields separated by commas, strings in single or double quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: (string | null)[] = [];
  let field = '';
  let quote: string | null = null;
  let quoted = false;
  const endField = () => {
    row.push(quoted ? field : field.trim());
    field = '';
    quoted = false;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === quote) {
        if (text[i + 1] === quote) {
          field += ch;
          i++;
        } else quote = null;
      } else field += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      quoted = true;
      field = '';
    } else if (ch === ',') endField();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      if (row.length > 0 || field.trim() !== '' || quoted) {
        endField();
        rows.push(row as string[]);
      }
      row = [];
    } else field += ch;
  }
  if (row.length > 0 || field.trim() !== '' || quoted) {
    endField();
    rows.push(row as string[]);
  }
  return rows;
}
