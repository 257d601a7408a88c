import { isAscii } from 'node:buffer';

/**
 * A request body as text. Line protocol is almost always ASCII, and for ASCII bytes Latin-1 decoding gives the
 * same string as UTF-8 while only copying bytes (UTF-8 decoding checks every sequence).
 */
export function bodyText(body: Uint8Array): string {
  const buf = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  return buf.toString(isAscii(buf) ? 'latin1' : 'utf8');
}
