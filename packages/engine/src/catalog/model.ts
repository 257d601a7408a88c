import type { TypeSpec } from '../types';
import type { DbOptions } from './db-options';

/** Catalog records. Names are stored lower-case (TDengine names are case-insensitive). */

export interface ColumnDef {
  name: string;
  type: TypeSpec;
  /** Compression metadata shown by DESCRIBE (3.3+); tags have none. */
  encode?: string;
  compress?: string;
  level?: string;
  /** Composite-key column (second column) */
  primaryKey?: boolean;
  /** Without the block-SMA flag: a column added to a super table by ALTER (SHOW CREATE lists the others in SMA(…)) */
  noSma?: boolean;
}

export interface DatabaseDef {
  name: string;
  createTime: number;
  options: DbOptions;
  /** the user who created it; owners have every privilege on it */
  owner: string;
}

export interface StableDef {
  /** Numeric id, unique in the database, that names the physical tables. */
  id: number;
  name: string;
  createTime: number;
  columns: ColumnDef[];
  tags: ColumnDef[];
  comment?: string;
  /** minutes, 0 = database KEEP */
  keep?: number;
  /**
   * Tag indexes. Absent (catalogs written before CREATE INDEX existed, and super tables never indexed since) means
   * TDengine's default: one index on the first tag (catalog/tag-indexes.ts).
   */
  tagIndexes?: TagIndexDef[];
}

/** A tag index; names are unique within the database. */
export interface TagIndexDef {
  name: string;
  tag: string;
  createTime: number;
}

export interface NormalTableDef {
  tid: number;
  name: string;
  createTime: number;
  columns: ColumnDef[];
  comment?: string;
  ttl?: number;
}

/** A child table's TTL and COMMENT (catalog.json; a child without them has no entry). */
export interface ChildOptions {
  /** days; 0 or absent: none */
  ttl?: number;
  comment?: string;
}

/** A child table as the in-memory index holds it; the row lives in the super table's tag table. */
export interface ChildTableRef {
  tid: number;
  name: string;
  stable: string;
  createTime: number;
}

export interface ViewDef {
  name: string;
  db: string;
  sql: string;
  createTime: number;
  owner: string;
}

export type Privilege = 'READ' | 'WRITE' | 'ALL' | 'ALTER' | 'SUBSCRIBE';

export interface GrantDef {
  privilege: Privilege;
  /** database name or '*' */
  db: string;
  /** table name or '*' */
  table: string;
  /** tag condition SQL text, empty when none */
  condition: string;
}

export interface UserDef {
  name: string;
  /** scrypt hash "salt:hash" hex */
  password: string;
  superuser: boolean;
  sysinfo: boolean;
  createdb: boolean;
  enable: boolean;
  createTime: number;
  hosts: string[];
  grants: GrantDef[];
}

/** Everything catalog.json holds. Child tables live in DuckDB (see docs/engine-storage.md). */
export interface CatalogData {
  version: 1;
  nextStableId: number;
  databases: Record<
    string,
    DatabaseDef & {
      stables: Record<string, StableDef>;
      tables: Record<string, NormalTableDef>;
      views: Record<string, ViewDef>;
      /** by child table name; absent in catalogs written before child tables kept options */
      childOptions?: Record<string, ChildOptions>;
    }
  >;
  users: Record<string, UserDef>;
}

export type DatabaseEntry = CatalogData['databases'][string];
