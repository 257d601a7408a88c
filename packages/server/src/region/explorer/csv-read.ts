/** One CSV record with the line it starts on (1-based), for messages. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export class CsvQuoteError extends Error {
  constructor(readonly line: number) {
    super(`unclosed quote at line ${line}`);
  }
}

/**
 * RFC 4180 reading (the export's format): fields separated by commas, optionally quoted with `"` (a doubled quote
 * inside is one quote; commas and line breaks inside quotes are data), records end with CRLF or LF; a UTF-8 BOM
 * and blank lines are skipped. An unclosed quote is a CsvQuoteError naming the line it opened on.
 */
export function readCsv(text: string): CsvRecord[] {
  const out: CsvRecord[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  const n = text.length;
  while (i < n) {
    const start = line;
    const fields: string[] = [];
    let field = '';
    let quotedOnce = false;
    for (;;) {
      if (i >= n) {
        fields.push(field);
        break;
      }
      const c = text[i];
      if (c === '"' && field === '' && !quotedOnce) {
        const opened = line;
        i++;
        for (;;) {
          if (i >= n) throw new CsvQuoteError(opened);
          const q = text[i];
          if (q === '"') {
            if (text[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          if (q === '\n') line++;
          field += q;
          i++;
        }
        quotedOnce = true;
        continue;
      }
      if (c === ',') {
        fields.push(field);
        field = '';
        quotedOnce = false;
        i++;
        continue;
      }
      if (c === '\r' || c === '\n') {
        fields.push(field);
        i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
        line++;
        break;
      }
      field += c;
      i++;
    }
    if (!(fields.length === 1 && fields[0] === '' && !quotedOnce)) out.push({ line: start, fields });
  }
  return out;
}
