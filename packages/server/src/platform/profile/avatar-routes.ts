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
import { deleteFile, loadFile, saveFile } from './file-store';
import { imageTypeOf } from './image-type';

const AVATAR_KIND = 'avatar';

/** Avatar upload (jpg/jpeg/png/gif ≤ AVATAR_MAX_BYTES, checked by name and by content) and download. */
export const avatarRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5 } });

  app.post('/api/user/avatar', { config: { policy: { access: 'user', write: true } } }, async (request) => {
    const { user } = authOf(request);
    const part = await request.file();
    if (!part) throw ApiError.badRequest('validation.formFormat');
    if (!AVATAR_FILE_PATTERN.test(part.filename)) throw ApiError.badRequest('validation.avatarType');
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw ApiError.badRequest('validation.fileTooLarge');
      throw error;
    }
    const mimeType = imageTypeOf(bytes);
    if (!mimeType) throw ApiError.badRequest('validation.avatarType');
    const fileId = await saveFile(deps, { kind: AVATAR_KIND, ownerUserId: user.id, originalName: part.filename, mimeType, bytes });
    await updateUser(deps.store.db, deps.clock, user.id, { avatarFileId: fileId });
    if (user.avatarFileId) await deleteFile(deps, user.avatarFileId);
    return ok<AvatarResponse>({ fileId, url: avatarUrl(fileId) });
  });

  // Public: <img> tags send no Authorization header; the id is an unguessable uuid.
  app.get('/api/files/avatar/:id', { config: { policy: { access: 'public' } } }, async (request, reply) => {
    const { id } = parseWith(z.object({ id: z.uuid() }), request.params);
    const file = await loadFile(deps, id, AVATAR_KIND);
    if (!file) throw new ApiError(ApiCode.NOT_FOUND, 'error.notFound');
    return reply.type(file.mimeType).header('cache-control', 'private, max-age=86400').send(file.bytes);
  });
};
