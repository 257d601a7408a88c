import { z } from 'zod';
import { VISIBLE_NAME } from '../validation/schemas';
import { isVisibleText } from '../validation/characters';
import { sqlTextSchema } from './explorer';

/**
 * Saved queries of the SQL console (data-explorer.md §3 "Favorite SQL", §7 favorite routes; issue 13): a name, an
 * optional folder (one level), the SQL, personal (`/data/favorite`) or shared with the organization
 * (`/data/shared_favorite`). docs/explorer-server.md "Saved queries" holds the rules.
 */

/** Characters (code points) of a name and of a folder. */
export const SAVED_QUERY_NAME_MAX = 64;
export const SAVED_QUERY_FOLDER_MAX = 64;

const codePoints = (value: string) => Array.from(value).length;

/** A name: trimmed, 1–64 characters, nothing invisible. */
export const savedQueryNameSchema = z
  .string({ message: 'validation.savedQueryName' })
  .trim()
  .refine((s) => codePoints(s) >= 1 && codePoints(s) <= SAVED_QUERY_NAME_MAX, { message: 'validation.savedQueryName' })
  .refine(...VISIBLE_NAME);

/** A folder: trimmed, empty for none, at most 64 characters; one level, so no "/". */
export const savedQueryFolderSchema = z
  .string({ message: 'validation.savedQueryFolder' })
  .trim()
  .refine((s) => codePoints(s) <= SAVED_QUERY_FOLDER_MAX && !s.includes('/'), { message: 'validation.savedQueryFolder' })
  .refine(...VISIBLE_NAME);

const appIdSchema = z.string({ message: 'validation.required' }).min(1, { message: 'validation.required' });

export const favoriteListQuerySchema = z.object({ app_id: appIdSchema });

/** POST: the spec's body {app_id, sql}; without a name the server derives one from the SQL's first line. */
export const favoriteCreateSchema = z.object({
  app_id: appIdSchema,
  sql: sqlTextSchema,
  name: savedQueryNameSchema.optional(),
  folder: savedQueryFolderSchema.optional(),
});
export type FavoriteCreate = z.infer<typeof favoriteCreateSchema>;

/** PUT …/{id}: rename, move (folder '' is none) or replace the SQL; what is left out stays. */
export const favoriteUpdateSchema = z
  .object({ name: savedQueryNameSchema.optional(), folder: savedQueryFolderSchema.optional(), sql: sqlTextSchema.optional() })
  .refine((b) => b.name !== undefined || b.folder !== undefined || b.sql !== undefined, { message: 'validation.formFormat' });
export type FavoriteUpdate = z.infer<typeof favoriteUpdateSchema>;

/** The console's save and rename dialogs: the same name and folder rules; `shared` picks the list. */
export const savedQueryFormSchema = z.object({ name: savedQueryNameSchema, folder: savedQueryFolderSchema, shared: z.boolean() });
export type SavedQueryFormInput = z.input<typeof savedQueryFormSchema>;
export type SavedQueryForm = z.output<typeof savedQueryFormSchema>;

/** One saved query as the list calls answer it. */
export interface Favorite {
  id: string;
  app_id: string;
  name: string;
  /** '' when it is in no folder. */
  folder: string;
  sql: string;
  shared: boolean;
  /** The member who saved it, as an email (shown on shared ones). */
  creator: string;
  /** Whether the caller may change (rename, move, edit) and delete it: its author, or an admin on a shared one. */
  deletable: boolean;
  created_at: number;
  updated_at: number;
}

/**
 * Whether `name` in `folder` is already taken in a list of one kind (the server's unique rule: per author,
 * instance and folder for personal ones; per instance and folder for shared ones), leaving out the query `exceptId`.
 */
export function isSavedQueryNameTaken(list: readonly Pick<Favorite, 'id' | 'name' | 'folder'>[], name: string, folder: string, exceptId?: string): boolean {
  return list.some((f) => f.id !== exceptId && f.name === name.trim() && f.folder === folder.trim());
}

/**
 * The name of a query saved without one: its first line, blanks collapsed, invisible characters dropped, cut to
 * 64 characters; `n` > 1 numbers it ("… (2)") when that name is taken.
 */
export function savedQueryNameFromSql(sql: string, n = 1): string {
  const firstLine = sql.trim().split(/\r\n|\r|\n/, 1)[0] ?? '';
  const visible = Array.from(firstLine.replace(/\s+/g, ' ').trim())
    .filter((c) => isVisibleText(c))
    .join('')
    .trim();
  const base = visible || 'SQL';
  const suffix = n > 1 ? ` (${n})` : '';
  return Array.from(base).slice(0, SAVED_QUERY_NAME_MAX - suffix.length).join('').trimEnd() + suffix;
}
