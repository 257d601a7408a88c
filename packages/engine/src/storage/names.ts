/** Physical DuckDB names of the storage layout (docs/engine-storage.md). */

/*
 * Quoting of DuckDB SQL, the one place for it. DuckDB follows standard SQL: a backslash is an ordinary character
 * and a doubled quote stands for one, so doubling is the whole rule here. TDengine SQL (what users, the server and
 * the web app write) has backslash escapes and is quoted by contracts' `@tscloud/contracts/sql` instead.
 */

/** A DuckDB identifier in double quotes. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** A DuckDB string literal. */
export function quoteString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** Attach alias of a TDengine database. */
export function dbAlias(db: string): string {
  return `db_${db}`;
}

/** File name part for a database: readable when safe, hex otherwise (back-quoted names may hold anything). */
export function dbFileName(db: string): string {
  return /^[A-Za-z0-9_]+$/.test(db) ? `${db}.duckdb` : `x_${Buffer.from(db).toString('hex')}.duckdb`;
}

export const stableDataName = (stableId: number): string => `stb_${stableId}_data`;
export const stableTagName = (stableId: number): string => `stb_${stableId}_tags`;
export const normalDataName = (tid: number): string => `ntb_${tid}_data`;

/** `"db_x".main."name"` */
export function qualified(db: string, table: string): string {
  return `${quoteIdent(dbAlias(db))}.main.${quoteIdent(table)}`;
}

/** Fully quoted physical names, as the query layer uses them. */
export const physicalNames = {
  dataTable: (db: string, stableId: number): string => qualified(db, stableDataName(stableId)),
  tagTable: (db: string, stableId: number): string => qualified(db, stableTagName(stableId)),
  normalTable: (db: string, tid: number): string => qualified(db, normalDataName(tid)),
};

/**
 * Physical names of the system columns. User columns (the timestamp included) keep their TDengine names; these
 * reserved names cannot be declared by users.
 */
export const TID_COLUMN = '__tid';
export const TBNAME_COLUMN = '__tbname';
export const CTIME_COLUMN = '__ctime';
export const RESERVED_COLUMNS = new Set([TID_COLUMN, TBNAME_COLUMN, CTIME_COLUMN]);
