import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { storedFiles } from '../../store/schema';

/**
 * Uploaded files: the bytes under DATA_DIR/files/<id> (a generated id, never a name from the user's path),
 * the metadata (kind, owner, type, size, the original name for display) in the store.
 */
function pathOf(deps: AppDeps, id: string): string {
  return join(deps.config.dataDir, 'files', id);
}

export interface NewFile {
  kind: string;
  ownerUserId: string;
  originalName: string;
  mimeType: string;
  bytes: Buffer;
}

export async function saveFile(deps: AppDeps, file: NewFile): Promise<string> {
  const id = randomUUID();
  mkdirSync(join(deps.config.dataDir, 'files'), { recursive: true });
  writeFileSync(pathOf(deps, id), file.bytes);
  await deps.store.db.insert(storedFiles).values({
    id,
    kind: file.kind,
    ownerUserId: file.ownerUserId,
    originalName: file.originalName.slice(0, 255),
    mimeType: file.mimeType,
    sizeBytes: file.bytes.length,
    createdAt: deps.clock.now(),
  });
  return id;
}

export async function loadFile(deps: AppDeps, id: string, kind: string): Promise<{ mimeType: string; bytes: Buffer } | null> {
  const rows = await deps.store.db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.id, id), eq(storedFiles.kind, kind)))
    .limit(1);
  if (!rows[0]) return null;
  try {
    return { mimeType: rows[0].mimeType, bytes: readFileSync(pathOf(deps, id)) };
  } catch {
    return null;
  }
}

export async function deleteFile(deps: AppDeps, id: string): Promise<void> {
  await deps.store.db.delete(storedFiles).where(eq(storedFiles.id, id));
  rmSync(pathOf(deps, id), { force: true });
}
