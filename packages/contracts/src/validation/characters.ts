/**
 * Characters refused in text that the server stores or shows (issue 12 items 11 and 15), shared by server and web.
 */

/**
 * The path ('a.b.0', '' for the value itself) of the first string holding a NUL character (U+0000) in a JSON-like
 * value — keys included — or null. PostgreSQL text cannot store it, and no form field needs it.
 */
export function pathOfNulCharacter(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return itemPath;
    const found = pathOfNulCharacter(item, itemPath);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Characters that render invisibly or reorder the text around them, refused in names so that a name shows what it
 * is (issue 12 item 15; Trojan Source, CVE-2021-42574): control characters (Cc), format characters (Cf: the bidi
 * embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069, the marks U+200E, U+200F and U+061C, the zero
 * widths U+200B–U+200D and U+2060, U+FEFF, the soft hyphen, tag characters …), line and paragraph separators, and
 * Unicode's other default-ignorable code points (the combining grapheme joiner, Hangul fillers, variation selectors).
 */
const HIDDEN_CHARACTER = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;

/** Whether the text has none of the invisible or direction-changing characters above. */
export function isVisibleText(value: string): boolean {
  return !HIDDEN_CHARACTER.test(value);
}
