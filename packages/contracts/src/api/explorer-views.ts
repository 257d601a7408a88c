import { z } from 'zod';
import { SQL_MAX_LENGTH } from './explorer';

/**
 * Views (data-explorer.md §7 Views; "payload shapes: not shown" — ours, docs/explorer-server.md). Views live in
 * the instance's engine (CREATE [OR REPLACE] VIEW / DROP VIEW / information_schema.ins_views); every statement
 * runs as the member's engine user, so the engine decides (creating or replacing needs write on the database).
 *
 * - GET    /api/region/{r}/view/list/{instanceId}[?db=]   → ExplorerView[]
 * - POST   /api/region/{r}/view/create  body ViewCreate   → ExplorerView
 * - PUT    /api/region/{r}/view/update  body ViewUpdate   → ExplorerView
 * - DELETE /api/region/{r}/view/{viewId}                   → { id }
 * An engine refusal (no privilege, view exists, bad query) is envelope 400 with the engine's desc as the message
 * (`error.sqlFailed`) and `data = {code, desc}`, as the export does.
 */

/** View names: a letter or underscore, then letters, digits, underscores (at most 192, the engine's table name length). */
export const VIEW_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,191}$/;
export const DB_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export interface ExplorerView {
  /** Opaque: names the instance, database and view (base64url); the path's {viewId}. */
  id: string;
  app_id: string;
  db: string;
  name: string;
  /** The view's query (the text after AS). */
  sql: string;
  /** The engine user that created it. */
  owner: string;
  create_time: number | null;
}

const viewQuery = z
  .string({ message: 'validation.sql' })
  .max(SQL_MAX_LENGTH, { message: 'validation.sql' })
  .refine((s) => /^\s*(select|with)\b/i.test(s), { message: 'validation.viewQuery' });

export const viewCreateSchema = z.object({
  app_id: z.string({ message: 'validation.required' }).min(1, { message: 'validation.required' }),
  db: z.string({ message: 'validation.required' }).regex(DB_NAME_PATTERN, { message: 'validation.dbName' }),
  name: z.string({ message: 'validation.required' }).trim().regex(VIEW_NAME_PATTERN, { message: 'validation.viewName' }),
  sql: viewQuery,
});
export type ViewCreate = z.infer<typeof viewCreateSchema>;

export const viewUpdateSchema = z.object({
  id: z.string({ message: 'validation.required' }).min(1, { message: 'validation.required' }),
  sql: viewQuery,
});
export type ViewUpdate = z.infer<typeof viewUpdateSchema>;
