import { fileTypeFromBuffer } from 'file-type';

/**
 * The type of an upload from its bytes, never from its name or the browser's claim (docs/support.md "Attachments"):
 * a known signature (images, PDF, archives …) by file-type; otherwise text when the bytes are UTF-8 without NULs
 * (logs, configuration), else opaque bytes. Markup (HTML, SVG) is text here, so it is never served as a page.
 */
export async function contentTypeOf(head: Buffer): Promise<string> {
  const found = await fileTypeFromBuffer(head);
  if (found) return found.mime;
  return looksLikeText(head) ? 'text/plain; charset=utf-8' : 'application/octet-stream';
}

function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    // stream: the head may end inside a character
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}
