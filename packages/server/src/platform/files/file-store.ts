import { randomUUID } from 'node:crypto';
import { createWriteStream, rmSync, writeFileSync } from 'node:fs';
import { buffer } from 'node:stream/consumers';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { storedFiles } from '../../store/schema';
import { fileStorageOf } from './storage';

/**
 * Uploaded files: the bytes in the configured storage (storage.ts: DATA_DIR/files/<id> or an S3-compatible bucket),
 * under a generated id, never a name from the user's path; the metadata (kind, owner, type, size, the original name
 * for display) in the store.
 */
type FileDeps = Pick<AppDeps, 'config' | 'store' | 'clock'>;

/** A part file of an upload in progress, beside the stored files (the local storage renames it into place). */
function partPathOf(deps: FileDeps, id: string): string {
  return join(deps.config.dataDir, 'files', `${id}.part`);
}

export interface StoredFileInfo {
  id: string;
  originalName: string;
  mimeType: string;
  sizeBytes: number;
}

interface NewFileMeta {
  kind: string;
  ownerUserId: string;
  originalName: string;
}

export interface NewFile extends NewFileMeta {
  mimeType: string;
  bytes: Buffer;
}

async function recordFile(deps: FileDeps, id: string, meta: NewFileMeta, mimeType: string, sizeBytes: number): Promise<StoredFileInfo> {
  const originalName = meta.originalName.slice(0, 255);
  await deps.store.db.insert(storedFiles).values({ id, kind: meta.kind, ownerUserId: meta.ownerUserId, originalName, mimeType, sizeBytes, createdAt: deps.clock.now() });
  return { id, originalName, mimeType, sizeBytes };
}

export async function saveFile(deps: FileDeps, file: NewFile): Promise<string> {
  const id = randomUUID();
  const storage = fileStorageOf(deps.config);
  writeFileSync(partPathOf(deps, id), file.bytes);
  await storage.put(id, partPathOf(deps, id), file.bytes.length);
  await recordFile(deps, id, file, file.mimeType, file.bytes.length);
  return id;
}

/** A streamed upload went past its limit; nothing of it is kept. */
export class FileTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`file larger than ${maxBytes} bytes`);
  }
}

/** How many leading bytes a type check may look at (file-type reads at most about 4 KB). */
const HEAD_BYTES = 4100;

/**
 * Saves a stream without holding it in memory: written to a part file while counted, refused (and removed) as soon
 * as it passes `maxBytes`, renamed into place once whole. `typeOf` decides the stored type from the first bytes.
 */
export async function saveFileStream(
  deps: FileDeps,
  meta: NewFileMeta,
  source: Readable,
  limits: { maxBytes: number; typeOf: (head: Buffer) => Promise<string> },
): Promise<StoredFileInfo> {
  const id = randomUUID();
  const storage = fileStorageOf(deps.config);
  const partPath = partPathOf(deps, id);
  let size = 0;
  const head: Buffer[] = [];
  let headLength = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > limits.maxBytes) return done(new FileTooLarge(limits.maxBytes));
      if (headLength < HEAD_BYTES) {
        head.push(chunk.subarray(0, HEAD_BYTES - headLength));
        headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
      }
      done(null, chunk);
    },
  });
  const writer = createWriteStream(partPath);
  try {
    await pipeline(source, counter, writer);
    const mimeType = await limits.typeOf(Buffer.concat(head));
    await storage.put(id, partPath, size);
    return await recordFile(deps, id, meta, mimeType, size);
  } catch (error) {
    // The pipeline gives up at once; the part file may still be opening then: removed once its stream closed.
    if (!writer.closed) await new Promise<void>((resolve) => writer.once('close', () => resolve()));
    rmSync(partPath, { force: true });
    // the rest of the request is not read: the client sees the refusal once it stops sending
    source.resume();
    throw error;
  }
}

async function fileRow(deps: FileDeps, id: string, kind: string) {
  const rows = await deps.store.db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.id, id), eq(storedFiles.kind, kind)))
    .limit(1);
  return rows[0] ?? null;
}

export async function loadFile(deps: FileDeps, id: string, kind: string): Promise<{ mimeType: string; bytes: Buffer } | null> {
  const opened = await openFile(deps, id, kind);
  return opened ? { mimeType: opened.info.mimeType, bytes: await buffer(opened.stream) } : null;
}

/** A stored file as a stream (downloads of any size), with its metadata; null when it is not there. */
export async function openFile(deps: FileDeps, id: string, kind: string): Promise<{ info: StoredFileInfo; stream: Readable } | null> {
  const row = await fileRow(deps, id, kind);
  if (!row) return null;
  const stream = await fileStorageOf(deps.config).open(id);
  return stream ? { info: { id: row.id, originalName: row.originalName, mimeType: row.mimeType, sizeBytes: row.sizeBytes }, stream } : null;
}

export async function deleteFile(deps: FileDeps, id: string): Promise<void> {
  await deps.store.db.delete(storedFiles).where(eq(storedFiles.id, id));
  await fileStorageOf(deps.config).remove(id);
}
