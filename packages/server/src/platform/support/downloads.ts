import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import type { StoredFileInfo } from '../files/file-store';
import { attachmentDisposition } from './file-names';

/** Types a download may carry as they are; any other is sent as opaque bytes. */
const INERT_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/bmp',
  'application/pdf',
  'application/zip',
  'application/gzip',
  'application/x-tar',
  'text/plain; charset=utf-8',
]);

/**
 * Sends an attachment so that no browser ever renders it as a page (docs/support.md "Attachments"): always a download
 * (Content-Disposition: attachment), its type from the bytes and only when inert, no type guessing (nosniff), and a
 * sandbox with no rights should anything open it anyway.
 */
export function sendAttachment(reply: FastifyReply, file: { info: StoredFileInfo; stream: Readable }) {
  return reply
    .type(INERT_TYPES.has(file.info.mimeType) ? file.info.mimeType : 'application/octet-stream')
    .header('content-length', file.info.sizeBytes)
    .header('content-disposition', attachmentDisposition(file.info.originalName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(file.stream);
}
