/**
 * Names of uploaded files (docs/support.md "Attachments"): kept only for display and for the download's name, never
 * used as a path. The last path segment of what the browser sent, without control characters or characters that
 * other systems refuse in names.
 */
export function safeFileName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = last.normalize('NFC').replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '_').replace(/^[.\s]+/, '').trim();
  return cleaned.slice(0, 200) || 'file';
}

/** Content-Disposition for a download: always an attachment, with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function attachmentDisposition(name: string): string {
  const ascii = safeFileName(name).replace(/[^\x20-\x7e]/g, '_').replace(/[\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(safeFileName(name))}`;
}
