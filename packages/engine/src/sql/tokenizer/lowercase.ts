/**
 * TDengine's client lower-cases every statement before parsing (clientImpl.c buildRequest → strntolower):
 * ASCII A–Z outside quotes become a–z; text inside '...', "..." and `...` is kept, a backslash inside quotes
 * escapes the next character, and comments are not special. Result column names (`avg(current)`), aliases
 * and the near-text of syntax errors therefore come out lower-cased, and we do the same.
 * Lengths and offsets are unchanged.
 */
export function lowerOutsideQuotes(sql: string): string {
  const n = sql.length;
  let out = '';
  let copied = 0;
  let i = 0;
  while (i < n) {
    const c = sql.charCodeAt(i);
    if (c >= 65 && c <= 90) {
      // a run of upper-case letters: copy what precedes it, then the run lower-cased
      let k = i + 1;
      while (k < n && sql.charCodeAt(k) >= 65 && sql.charCodeAt(k) <= 90) k++;
      out += sql.slice(copied, i) + sql.slice(i, k).toLowerCase();
      i = copied = k;
    } else if (c === 39 || c === 34 || c === 96) {
      let k = i + 1;
      while (k < n) {
        const d = sql.charCodeAt(k);
        if (d === 92 /* \ */) k += 2;
        else if (d === c) break;
        else k++;
      }
      i = k < n ? k + 1 : n;
    } else {
      i++;
    }
  }
  return copied === 0 ? sql : out + sql.slice(copied);
}
