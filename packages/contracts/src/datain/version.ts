/**
 * A short content hash (FNV-1a, 64 bits, hex) of a JSON-able value, computed the same in Node and the browser
 * (no crypto module needed). Not for security: it only tells two contents apart.
 */
export function contentVersion(value: unknown): string {
  const text = JSON.stringify(value);
  let hash = 0xcbf29ce484222325n;
  const prime = 0x100000001b3n;
  const mask = 0xffffffffffffffffn;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= BigInt(text.charCodeAt(i));
    hash = (hash * prime) & mask;
  }
  return hash.toString(16).padStart(16, '0');
}
