import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { MultipartFile } from '@fastify/multipart';
import { TICKET_FILE_MAX_BYTES, type TicketAttachment } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import type { Db } from '../../store/database';
import { storedFiles, supportComments, supportFiles } from '../../store/schema';
import { ApiError } from '../../http/api-error';
import { deleteFile, FileTooLarge, openFile, saveFileStream } from '../files/file-store';
import { contentTypeOf } from './content-type';
import { safeFileName } from './file-names';

/** The stored-file kind of support attachments. */
export const SUPPORT_FILE_KIND = 'support';

/** Who uploads or reads: a member in her organization, or support staff (no organization of their own here). */
export type SupportReader = { kind: 'customer'; userId: string; orgId: string } | { kind: 'staff'; userId: string };

/**
 * An upload (POST /files): streamed to disk, refused past 10 MB while it streams, typed from its bytes, named safely.
 * It belongs to nobody's issue until an issue or comment names it.
 */
export async function storeUpload(deps: AppDeps, uploader: SupportReader, part: MultipartFile): Promise<TicketAttachment> {
  const name = safeFileName(part.filename);
  let info;
  try {
    info = await saveFileStream(deps, { kind: SUPPORT_FILE_KIND, ownerUserId: uploader.userId, originalName: name }, part.file, {
      maxBytes: TICKET_FILE_MAX_BYTES,
      typeOf: contentTypeOf,
    });
  } catch (error) {
    if (error instanceof FileTooLarge) throw ApiError.badRequest('validation.fileTooLarge');
    throw error;
  }
  await deps.store.db.insert(supportFiles).values({
    fileId: info.id,
    orgId: uploader.kind === 'customer' ? uploader.orgId : null,
    uploaderId: uploader.userId,
    byStaff: uploader.kind === 'staff',
    createdAt: deps.clock.now(),
  });
  return { id: info.id, name: info.originalName, content_type: info.mimeType, size: info.sizeBytes };
}

/**
 * Names uploads as an issue's (commentId null) or a comment's attachments. Only the uploader's own files not yet
 * attached can be named (a customer's also from the issue's organization); at most `maxCount` per issue or comment.
 */
export async function attachUploads(
  db: Db,
  fileIds: readonly string[],
  target: { orgId: string; issueId: string; commentId: string | null },
  uploader: SupportReader,
  maxCount: number,
): Promise<void> {
  const ids = [...new Set(fileIds)];
  if (ids.length === 0) return;
  const onTarget = target.commentId ? eq(supportFiles.commentId, target.commentId) : and(eq(supportFiles.issueId, target.issueId), isNull(supportFiles.commentId));
  const [{ held }] = await db.select({ held: count() }).from(supportFiles).where(onTarget);
  if (held + ids.length > maxCount) throw ApiError.badRequest('support.tooManyFiles', maxCount);
  const owned = await db
    .select({ fileId: supportFiles.fileId })
    .from(supportFiles)
    .where(
      and(
        inArray(supportFiles.fileId, ids),
        isNull(supportFiles.issueId),
        eq(supportFiles.uploaderId, uploader.userId),
        uploader.kind === 'customer' ? eq(supportFiles.orgId, uploader.orgId) : eq(supportFiles.byStaff, true),
      ),
    );
  if (owned.length !== ids.length) throw ApiError.badRequest('support.attachmentUnknown');
  await db.update(supportFiles).set({ orgId: target.orgId, issueId: target.issueId, commentId: target.commentId }).where(inArray(supportFiles.fileId, ids));
}

/** The attachments of some issues, keyed by comment id, or by '' for the issue's own. */
export async function attachmentsOf(db: Db, issueId: string): Promise<Map<string, TicketAttachment[]>> {
  const rows = await db
    .select({ id: storedFiles.id, name: storedFiles.originalName, type: storedFiles.mimeType, size: storedFiles.sizeBytes, commentId: supportFiles.commentId })
    .from(supportFiles)
    .innerJoin(storedFiles, eq(storedFiles.id, supportFiles.fileId))
    .where(eq(supportFiles.issueId, issueId))
    .orderBy(storedFiles.createdAt);
  const byOwner = new Map<string, TicketAttachment[]>();
  for (const row of rows) {
    const key = row.commentId ?? '';
    byOwner.set(key, [...(byOwner.get(key) ?? []), { id: row.id, name: row.name, content_type: row.type, size: row.size }]);
  }
  return byOwner;
}

/**
 * A file for download, when the reader may have it: a member reads her organization's attached files (never those of
 * staff notes) and her own uploads not yet attached; staff read attached files and their own uploads. Anything else
 * is not found, as if it did not exist.
 */
export async function openAttachment(deps: AppDeps, fileId: string, reader: SupportReader) {
  const rows = await deps.store.db
    .select({ file: supportFiles, commentKind: supportComments.kind })
    .from(supportFiles)
    .leftJoin(supportComments, eq(supportComments.id, supportFiles.commentId))
    .where(eq(supportFiles.fileId, fileId))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const { file, commentKind } = row;
  const mayRead =
    reader.kind === 'staff'
      ? file.issueId !== null || file.uploaderId === reader.userId
      : file.orgId === reader.orgId && (file.issueId !== null ? commentKind !== 'internal' : file.uploaderId === reader.userId);
  return mayRead ? openFile(deps, fileId, SUPPORT_FILE_KIND) : null;
}

/** Removes the files of an issue or of one comment, bytes included (before the rows that name them go). */
export async function deleteAttachments(deps: AppDeps, of: { issueId: string } | { commentId: string }): Promise<void> {
  const where = 'issueId' in of ? eq(supportFiles.issueId, of.issueId) : eq(supportFiles.commentId, of.commentId);
  const rows = await deps.store.db.select({ fileId: supportFiles.fileId }).from(supportFiles).where(where);
  for (const { fileId } of rows) await deleteFile(deps, fileId);
}
