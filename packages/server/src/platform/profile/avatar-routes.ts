import type { FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { AVATAR_FILE_PATTERN, AVATAR_MAX_BYTES, ApiCode, ok, type AvatarResponse } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { parseWith } from '../../http/validate';
import { authOf } from '../auth/guard-plugin';
import { updateUser } from '../accounts/users';
import { avatarUrl } from '../accounts/user-info';
import { deleteFile, loadFile, saveFile } from '../files/file-store';
import { reencodeAvatar } from './avatar-image';
import { imageTypeOfName } from './image-type';

const AVATAR_KIND = 'avatar';

/** Avatar upload (jpg/jpeg/png/gif ≤ AVATAR_MAX_BYTES, checked by name, decoded and re-encoded: avatar-image.ts) and download. */
export const avatarRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5 } });

  app.post('/api/user/avatar', { config: { policy: { access: 'user', write: true } } }, async (request) => {
    const { user } = authOf(request);
    const part = await request.file();
    if (!part) throw ApiError.badRequest('validation.formFormat');
    const claimed = imageTypeOfName(part.filename);
    if (!claimed || !AVATAR_FILE_PATTERN.test(part.filename)) throw ApiError.badRequest('validation.avatarType');
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw ApiError.badRequest('validation.fileTooLarge');
      throw error;
    }
    const image = await reencodeAvatar(bytes, claimed);
    if (!image) throw ApiError.badRequest('validation.avatarType');
    const fileId = await saveFile(deps, { kind: AVATAR_KIND, ownerUserId: user.id, originalName: part.filename, mimeType: image.mimeType, bytes: image.bytes });
    await updateUser(deps.store.db, deps.clock, user.id, { avatarFileId: fileId });
    if (user.avatarFileId) await deleteFile(deps, user.avatarFileId);
    return ok<AvatarResponse>({ fileId, url: avatarUrl(fileId) });
  });

  // Public: <img> tags send no Authorization header; the id is an unguessable uuid.
  app.get('/api/files/avatar/:id', { config: { policy: { access: 'public' } } }, async (request, reply) => {
    const { id } = parseWith(z.object({ id: z.uuid() }), request.params);
    const file = await loadFile(deps, id, AVATAR_KIND);
    if (!file) throw new ApiError(ApiCode.NOT_FOUND, 'error.notFound');
    // Only ever an image: never sniffed as another type, never rendered as a page when opened directly (avatars
    // stored before re-encoding included), and with no rights if a browser does render it.
    return reply
      .type(file.mimeType)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'attachment; filename="avatar"')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, max-age=86400')
      .send(file.bytes);
  });
};
