import type { TypeSpec } from '../../types';
import type { Duration, Identifier, QualifiedName } from './common';
import type { Expression } from './expression';
import type { QueryExpression } from './select';

/** `name type [PRIMARY KEY | COMPOSITE KEY] [ENCODE '..'] [COMPRESS '..'] [LEVEL '..'] [COMMENT '..']` */
export interface ColumnDef {
  name: Identifier;
  type: TypeSpec;
  primaryKey?: boolean;
  encode?: string;
  compress?: string;
  level?: string;
  comment?: string;
}

/** Table/super-table options; each appears at most once in source. */
export interface TableOptions {
  comment?: string;
  /** `SMA(col, ...)` */
  sma?: Identifier[];
  /** `TTL n` (days) */
  ttl?: number;
  /** Super table `KEEP value` */
  keep?: Duration;
  /** Rollup super tables (deprecated feature; grammar kept). */
  watermark?: Duration[];
  maxDelay?: Duration[];
  rollup?: string[];
  deleteMark?: Duration[];
}

/**
 * `CREATE STABLE [IF NOT EXISTS] [db.]stb (cols) TAGS (tags) [options]`; also produced by
 * `CREATE TABLE ... (cols) TAGS (tags)`, which creates a super table in TDengine.
 */
export interface CreateStableStatement {
  kind: 'createStable';
  ifNotExists: boolean;
  name: QualifiedName;
  columns: ColumnDef[];
  tags: ColumnDef[];
  options: TableOptions;
}

/** `CREATE TABLE [IF NOT EXISTS] [db.]tb (cols) [options]` — a normal table. */
export interface CreateTableStatement {
  kind: 'createTable';
  ifNotExists: boolean;
  name: QualifiedName;
  columns: ColumnDef[];
  options: TableOptions;
}

/** One `[IF NOT EXISTS] tb USING stb [(tag cols)] TAGS (values) [TTL n] [COMMENT '..']`. */
export interface ChildTableDef {
  ifNotExists: boolean;
  name: QualifiedName;
  using: QualifiedName;
  tagColumns?: Identifier[];
  tags: Expression[];
  options: TableOptions;
}

/** `CREATE TABLE child USING ... [child2 USING ...]` (multi-create). */
export interface CreateChildTablesStatement {
  kind: 'createChildTables';
  tables: ChildTableDef[];
}

export type AlterTableAction =
  | { type: 'addColumn'; column: ColumnDef }
  | { type: 'dropColumn'; name: Identifier }
  /** `MODIFY COLUMN c type` — widen a VARCHAR/NCHAR/VARBINARY/GEOMETRY. */
  | { type: 'modifyColumn'; name: Identifier; dataType: TypeSpec }
  /** `MODIFY COLUMN c ENCODE '..' COMPRESS '..' LEVEL '..'` — compression settings (at least one given). */
  | { type: 'modifyColumnCompression'; name: Identifier; encode?: string; compress?: string; level?: string }
  | { type: 'renameColumn'; from: Identifier; to: Identifier }
  | { type: 'addTag'; tag: ColumnDef }
  | { type: 'dropTag'; name: Identifier }
  | { type: 'modifyTag'; name: Identifier; dataType: TypeSpec }
  | { type: 'renameTag'; from: Identifier; to: Identifier }
  /** `SET TAG a = 1[, b = 'x']` (child tables). */
  | { type: 'setTag'; assignments: TagAssignment[] }
  /** `COMMENT '..'`, `TTL n`, `KEEP v` ... */
  | { type: 'options'; options: TableOptions };

export interface TagAssignment {
  name: Identifier;
  value: Expression;
}

export interface AlterStableStatement {
  kind: 'alterStable';
  name: QualifiedName;
  action: AlterTableAction;
}

export interface AlterTableStatement {
  kind: 'alterTable';
  name: QualifiedName;
  action: AlterTableAction;
}

export interface DropTableItem {
  ifExists: boolean;
  name: QualifiedName;
}

/** `DROP TABLE [IF EXISTS] a [, [IF EXISTS] b ...]` */
export interface DropTableStatement {
  kind: 'dropTable';
  tables: DropTableItem[];
}

export interface DropStableStatement {
  kind: 'dropStable';
  ifExists: boolean;
  name: QualifiedName;
}

/** `CREATE [OR REPLACE] VIEW [db.]v AS query`; `queryText` is the query's source text. */
export interface CreateViewStatement {
  kind: 'createView';
  orReplace: boolean;
  name: QualifiedName;
  query: QueryExpression;
  queryText: string;
}

export interface DropViewStatement {
  kind: 'dropView';
  ifExists: boolean;
  name: QualifiedName;
}

/** `DESCRIBE | DESC [db.]tb` */
export interface DescribeStatement {
  kind: 'describe';
  name: QualifiedName;
}

/** `CREATE INDEX [IF NOT EXISTS] name ON [db.]stb (tag [, ...])`: a tag index (TDengine 3.0.3+). */
export interface CreateIndexStatement {
  kind: 'createIndex';
  ifNotExists: boolean;
  name: Identifier;
  table: QualifiedName;
  columns: Identifier[];
}

/** `DROP INDEX [IF EXISTS] [db.]name` */
export interface DropIndexStatement {
  kind: 'dropIndex';
  ifExists: boolean;
  name: QualifiedName;
}
