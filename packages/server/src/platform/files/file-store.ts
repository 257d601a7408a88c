import { randomUUID } from 'node:crypto';
import { createReadStream, mkdirSync, readFileSync, rmSync, renameSync, writeFileSync, type ReadStream } from 'node:fs';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { storedFiles } from '../../store/schema';

/**
 * Uploaded files: the bytes under DATA_DIR/files/<id> (a generated id, never a name from the user's path),
 * the metadata (kind, owner, type, size, the original name for display) in the store.
 */
type FileDeps = Pick<AppDeps, 'config' | 'store' | 'clock'>;

function directoryOf(deps: FileDeps): string {
  return join(deps.config.dataDir, 'files');
}

function pathOf(deps: FileDeps, id: string): string {
  return join(directoryOf(deps), id);
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
  mkdirSync(directoryOf(deps), { recursive: true });
  writeFileSync(pathOf(deps, id), file.bytes);
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
  mkdirSync(directoryOf(deps), { recursive: true });
  const partPath = `${pathOf(deps, id)}.part`;
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
  try {
    await pipeline(source, counter, createWriteStream(partPath));
    const mimeType = await limits.typeOf(Buffer.concat(head));
    renameSync(partPath, pathOf(deps, id));
    return await recordFile(deps, id, meta, mimeType, size);
  } catch (error) {
    rmSync(partPath, { force: true });
    rmSync(pathOf(deps, id), { force: true });
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
  const row = await fileRow(deps, id, kind);
  if (!row) return null;
  try {
    return { mimeType: row.mimeType, bytes: readFileSync(pathOf(deps, id)) };
  } catch {
    return null;
  }
}

/** A stored file as a stream (downloads of any size), with its metadata; null when it is not there. */
export async function openFile(deps: FileDeps, id: string, kind: string): Promise<{ info: StoredFileInfo; stream: ReadStream } | null> {
  const row = await fileRow(deps, id, kind);
  if (!row) return null;
  const stream = createReadStream(pathOf(deps, id));
  try {
    await new Promise<void>((resolve, reject) => stream.once('open', () => resolve()).once('error', reject));
  } catch {
    return null;
  }
  return { info: { id: row.id, originalName: row.originalName, mimeType: row.mimeType, sizeBytes: row.sizeBytes }, stream };
}

export async function deleteFile(deps: FileDeps, id: string): Promise<void> {
  await deps.store.db.delete(storedFiles).where(eq(storedFiles.id, id));
  rmSync(pathOf(deps, id), { force: true });
}
