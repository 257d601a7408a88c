import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { ApiCode, savedQueryNameFromSql } from '@tscloud/contracts';
import { likeEscape } from '@tscloud/contracts/sql';
import { ApiError } from '../../http/api-error';
import type { Db } from '../../store/database';
import { explorerFavorites, type ExplorerFavoriteRow } from '../../store/schema';
import { isUniqueViolation } from '../../store/unique-violation';

/**
 * The store side of saved queries (docs/explorer-server.md "Saved queries"). A name is unique in its list's folder:
 * per author for personal ones, per instance for shared ones. The unique indexes of migration 0620 decide; a
 * refusal names the field so the form marks it.
 */

export interface SavedQueryOwner {
  orgId: string;
  instanceId: string;
  memberId: string;
  shared: boolean;
}

const nameTaken = () => new ApiError(ApiCode.CONFLICT, 'error.savedQueryNameTaken', [], { field: 'name' });

/** Rows of the list `owner` sees in `folder` whose name starts with `prefix` (candidates for numbering). */
function namesInFolder(db: Db, owner: SavedQueryOwner, folder: string, prefix: string) {
  const escaped = likeEscape(prefix);
  return db
    .select({ name: explorerFavorites.name })
    .from(explorerFavorites)
    .where(
      and(
        eq(explorerFavorites.instanceId, owner.instanceId),
        eq(explorerFavorites.shared, owner.shared),
        owner.shared ? undefined : eq(explorerFavorites.memberId, owner.memberId),
        eq(explorerFavorites.folder, folder),
        like(explorerFavorites.name, `${escaped}%`),
      ),
    );
}

/** Inserts the row; false when its name is taken (nothing written). */
async function insertIfFree(db: Db, row: ExplorerFavoriteRow): Promise<boolean> {
  const written = await db.insert(explorerFavorites).values(row).onConflictDoNothing().returning({ id: explorerFavorites.id });
  return written.length === 1;
}

/**
 * Saves a query. With a name, a taken one is refused (409, field `name`); without one (the spec's body {app_id, sql})
 * it is named after the SQL's first line, numbered "… (2)" when that is taken.
 */
export async function createSavedQuery(
  db: Db,
  owner: SavedQueryOwner,
  body: { sql: string; name?: string; folder?: string },
  now: number,
): Promise<ExplorerFavoriteRow> {
  const folder = body.folder ?? '';
  const row = (name: string): ExplorerFavoriteRow => ({ id: randomUUID(), ...owner, name, folder, sql: body.sql, createdAt: now, updatedAt: now });
  if (body.name !== undefined) {
    const named = row(body.name);
    if (!(await insertIfFree(db, named))) throw nameTaken();
    return named;
  }
  // A few rounds cover someone saving the same first line at the same moment.
  for (let round = 0; round < 5; round++) {
    const base = savedQueryNameFromSql(body.sql);
    const taken = new Set((await namesInFolder(db, owner, folder, Array.from(base).slice(0, 32).join(''))).map((r) => r.name));
    let n = 1;
    while (taken.has(savedQueryNameFromSql(body.sql, n))) n++;
    const named = row(savedQueryNameFromSql(body.sql, n));
    if (await insertIfFree(db, named)) return named;
  }
  throw nameTaken();
}

/** Renames, moves or edits a saved query; a name taken in the target folder is refused (409, field `name`). */
export async function updateSavedQuery(db: Db, current: ExplorerFavoriteRow, change: { name?: string; folder?: string; sql?: string }, now: number): Promise<ExplorerFavoriteRow> {
  const next = { ...current, ...change, updatedAt: now };
  try {
    await db
      .update(explorerFavorites)
      .set({ name: next.name, folder: next.folder, sql: next.sql, updatedAt: now })
      .where(eq(explorerFavorites.id, current.id));
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  return next;
}
