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
