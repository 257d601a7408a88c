import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import { CSV_UPLOAD_MAX_BYTES, csvFileNameRule, ok, type CsvFileItem } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/api-error';
import { csvFilesDir } from './sources';
import { csvFileUsers, refuseChangeOfFileInUse } from './csv-file-users';
import { REPLICATION_BASE, REPLICATION_READ_POLICY, replicationInstance, type ReplicationParams } from './route-base';

const BASE = `${REPLICATION_BASE}/csv/files`;
const READ = REPLICATION_READ_POLICY;
const WRITE = { ...READ, write: true } as const;

/** A name from a request: the §5 rule (letters, digits, space, _ - . ( ), .csv) also keeps path separators out. */
function checkedName(name: string | undefined): string {
  if (!name || csvFileNameRule(name)) throw ApiError.badRequest('datasource.validation.csvFileName');
  return name;
}

/**
 * The csvFiles area of an instance (Data In → CSV files; a CSV task imports from it): list (with the CSV tasks naming
 * each file), upload (multipart field `file`, streamed to disk, at most CSV_UPLOAD_MAX_BYTES; an existing name is
 * replaced), download and delete. A file an active task reads is neither replaced nor deleted (csv-file-users.ts).
 */
export const csvFilesRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  await app.register(multipart, { limits: { fileSize: CSV_UPLOAD_MAX_BYTES, files: 1, fields: 5 } });
  const dirOf = (appId: string) => csvFilesDir(deps.config.dataDir, appId);

  app.get<{ Params: ReplicationParams }>(BASE, { config: { policy: READ } }, async (request) => {
    await replicationInstance(deps, request);
    const dir = dirOf(request.params.appId);
    const names = await readdir(dir).catch(() => [] as string[]);
    const users = await csvFileUsers(deps.store.db, request.params.appId);
    const items: CsvFileItem[] = [];
    for (const name of names.filter((entry) => !csvFileNameRule(entry)).sort()) {
      const info = await stat(join(dir, name));
      items.push({ name, size: info.size, modified: info.mtimeMs, used_by: users.get(name) ?? [] });
    }
    return ok(items);
  });

  app.post<{ Params: ReplicationParams }>(BASE, { config: { policy: { ...WRITE, activity: { type: 'replication', operation: 'upload csv file' } } } }, async (request) => {
    await replicationInstance(deps, request);
    if (!request.isMultipart()) throw ApiError.badRequest('error.uploadFailed');
    const part = await request.file();
    if (!part || part.fieldname !== 'file') throw ApiError.badRequest('error.uploadFailed');
    const name = checkedName(part.filename);
    await refuseChangeOfFileInUse(deps.store.db, request.params.appId, name);
    const dir = dirOf(request.params.appId);
    await mkdir(dir, { recursive: true });
    // Written beside the target and renamed, so a task never reads half an upload.
    const partial = join(dir, `.${name}.${process.pid}.${Date.now()}.part`);
    try {
      await pipeline(part.file, createWriteStream(partial));
      if (part.file.truncated) throw ApiError.badRequest('error.importTooLarge', CSV_UPLOAD_MAX_BYTES / (1024 * 1024));
      await rename(partial, join(dir, name));
    } finally {
      await rm(partial, { force: true });
    }
    const info = await stat(join(dir, name));
    return ok<CsvFileItem>({ name, size: info.size, modified: info.mtimeMs });
  });

  app.get<{ Params: ReplicationParams & { name: string } }>(`${BASE}/:name`, { config: { policy: READ } }, async (request, reply) => {
    await replicationInstance(deps, request);
    const path = join(dirOf(request.params.appId), checkedName(request.params.name));
    const info = await stat(path).catch(() => {
      throw ApiError.notFound();
    });
    const name = request.params.name;
    // §5 names have no quote or separator but may have any letter: an ASCII fallback and the RFC 6266 UTF-8 form.
    const disposition = `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
    return reply.type('text/csv; charset=utf-8').header('content-length', info.size).header('content-disposition', disposition).send(createReadStream(path));
  });

  app.delete<{ Params: ReplicationParams & { name: string } }>(`${BASE}/:name`, { config: { policy: { ...WRITE, activity: { type: 'replication', operation: 'delete csv file' } } } }, async (request) => {
    await replicationInstance(deps, request);
    const name = checkedName(request.params.name);
    const path = join(dirOf(request.params.appId), name);
    await stat(path).catch(() => {
      throw ApiError.notFound();
    });
    await refuseChangeOfFileInUse(deps.store.db, request.params.appId, name);
    await rm(path);
    return ok(null);
  });
};
