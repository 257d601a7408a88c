import { z } from 'zod';
import { accessCodeSchema, VISIBLE_NAME } from '../validation/schemas';
import { DB_NAME_PATTERN } from './explorer-views';

/**
 * The database mart and platform databases (data-explorer.md §3, §7 Database mart; platform-shell.md §2 routing
 * rule 6; docs/explorer-server.md). A member publishes one of their databases with a title, a description and a
 * generated 32-character access code; a member of any organization who has the code imports it into their
 * organization's tree, read-only. Platform databases are entries the platform publishes for every signed-in user.
 * A shared or platform database is read through POST /api/region/{r}/data/sql/token/{access_code} body {sql}
 * (read statements only), which runs as a read-only engine user of that entry on the publishing instance.
 *
 * - GET    /api/data/database/mart                    → MartLists (what my organization published and imported)
 * - GET    /api/data/database/mart?id=&code=          → MartEntry (rule 6: one entry by its id and access code)
 * - POST   /api/data/database/mart  body MartPublish  → MartEntry (with access_code)
 * - POST   /api/data/database/mart/import  body MartImport → MartEntry
 * - DELETE /api/data/database/mart/{id}               → { id } (publisher: unpublish; importer: remove import)
 * - GET    /api/data/database/platform[?db_id=]       → MartEntry[] (platform: true)
 * - GET    /api/config/platform/db                    → PlatformDbConfig
 * - POST   /api/region/{r}/data/sql/token/{code} body {sql} → SqlResult (envelope 200, like the SQL console)
 */

export const MART_TITLE_MAX = 64;
export const MART_DESCRIPTION_MAX = 512;

export interface MartEntry {
  id: string;
  title: string;
  description: string;
  db_name: string;
  /** The publishing instance's region: the path's {r} of the token SQL call. */
  region_id: string;
  /** Set for the publishing organization, for imported entries and for platform databases (it is the read token). */
  access_code: string | null;
  platform: boolean;
  /** The caller's organization published it (may unpublish). */
  owned: boolean;
  /** The caller's organization imported it. */
  imported: boolean;
  /** Publishing instance (only for the publishing organization). */
  app_id: string | null;
  created_at: number;
}

export interface MartLists {
  published: MartEntry[];
  imported: MartEntry[];
}

/** A tree node for a shared or platform database (read-only: privileges db:read only). */
export interface SharedDbItem {
  databaseName: string;
  name: string;
  privileges: Array<{ name: string }>;
  typeName: 'database';
  /** 'shared' or 'platform'. */
  parent: 'shared' | 'platform';
  key: string;
  entry_id: string;
  region_id: string;
  access_code: string;
}

/** The tree node of an entry (the web's shared/platform lists). */
export function sharedDbItem(entry: MartEntry): SharedDbItem {
  const parent = entry.platform ? 'platform' : 'shared';
  return {
    databaseName: entry.db_name,
    name: entry.db_name,
    privileges: [{ name: 'db:read' }],
    typeName: 'database',
    parent,
    key: `${parent}/${entry.id}`,
    entry_id: entry.id,
    region_id: entry.region_id,
    access_code: entry.access_code ?? '',
  };
}

export interface PlatformDbConfig {
  /** The platform database the shell opens by default (rule 6), or null. */
  db_id: string | null;
}

export const martPublishSchema = z.object({
  app_id: z.string({ message: 'validation.required' }).min(1, { message: 'validation.required' }),
  db_name: z.string({ message: 'validation.required' }).regex(DB_NAME_PATTERN, { message: 'validation.dbName' }),
  title: z.string({ message: 'validation.required' }).trim().refine(...VISIBLE_NAME).min(1, { message: 'validation.required' }).max(MART_TITLE_MAX, { message: 'validation.martTitle' }),
  description: z.string().trim().max(MART_DESCRIPTION_MAX, { message: 'validation.martDescription' }).optional().default(''),
});
export type MartPublish = z.input<typeof martPublishSchema>;

export const martImportSchema = z.object({ access_code: accessCodeSchema });
export type MartImport = z.infer<typeof martImportSchema>;

export const martLookupSchema = z.object({ id: z.string().min(1), code: accessCodeSchema });
