import type { Identifier, QualifiedName } from './common';

/** SHOW forms without arguments (facts §2.7). */
export type SimpleShowObject =
  | 'dnodes'
  | 'mnodes'
  | 'qnodes'
  | 'snodes'
  | 'vnodes'
  | 'cluster'
  | 'clusterAlive'
  | 'clusterMachines'
  | 'users'
  | 'userPrivileges'
  | 'topics'
  | 'consumers'
  | 'subscriptions'
  | 'streams'
  | 'queries'
  | 'connections'
  | 'apps'
  | 'transactions'
  | 'functions'
  | 'grants'
  | 'licences'
  | 'compacts';

/** `SHOW [USER|SYSTEM] DATABASES` */
export interface ShowDatabases {
  kind: 'show';
  object: 'databases';
  scope?: 'user' | 'system';
}

/** `SHOW [db.]STABLES [LIKE '..']` */
export interface ShowStables {
  kind: 'show';
  object: 'stables';
  db?: Identifier;
  like?: string;
}

/** `SHOW [NORMAL|CHILD] [db.]TABLES [LIKE '..']` */
export interface ShowTables {
  kind: 'show';
  object: 'tables';
  tableKind?: 'normal' | 'child';
  db?: Identifier;
  like?: string;
}

/** `SHOW [db.]VIEWS [LIKE '..']` */
export interface ShowViews {
  kind: 'show';
  object: 'views';
  db?: Identifier;
  like?: string;
}

/** `SHOW [db.]VGROUPS` */
export interface ShowVgroups {
  kind: 'show';
  object: 'vgroups';
  db?: Identifier;
}

export interface ShowSimple {
  kind: 'show';
  object: SimpleShowObject;
  /** `SHOW db.STREAMS` (3.3.7: a stream belongs to a database); no other simple SHOW takes one. */
  db?: Identifier;
}

/** `SHOW db.ALIVE`, `SHOW db.DISK_INFO` */
export interface ShowDbInfo {
  kind: 'show';
  object: 'dbAlive' | 'dbDiskInfo';
  db: Identifier;
}

/** `SHOW CREATE DATABASE db` */
export interface ShowCreateDatabase {
  kind: 'show';
  object: 'createDatabase';
  name: Identifier;
}

/** `SHOW CREATE STABLE|TABLE|VIEW [db.]name` */
export interface ShowCreateTable {
  kind: 'show';
  object: 'createStable' | 'createTable' | 'createView';
  name: QualifiedName;
}

/**
 * `SHOW TABLE TAGS [tag, ...] FROM stb [FROM db]` (tableTags), `SHOW TAGS FROM child [FROM db]` (tags),
 * `SHOW INDEXES FROM t [FROM db]` (indexes). A trailing `FROM db` is folded into `from.db`.
 */
export interface ShowFromTable {
  kind: 'show';
  object: 'tableTags' | 'tags' | 'indexes';
  from: QualifiedName;
  /** SHOW TABLE TAGS' own column list (tag names, tbname); all tags after tbname when absent */
  columns?: Identifier[];
}

/** `SHOW TABLE DISTRIBUTED [db.]t` */
export interface ShowTableDistributed {
  kind: 'show';
  object: 'tableDistributed';
  name: QualifiedName;
}

/** `SHOW [CLUSTER | LOCAL | DNODE n] VARIABLES [LIKE '..']` */
export interface ShowVariables {
  kind: 'show';
  object: 'variables';
  scope: 'cluster' | 'local' | 'dnode';
  dnodeId?: number;
  like?: string;
}

export type ShowStatement =
  | ShowDatabases
  | ShowStables
  | ShowTables
  | ShowViews
  | ShowVgroups
  | ShowSimple
  | ShowDbInfo
  | ShowCreateDatabase
  | ShowCreateTable
  | ShowFromTable
  | ShowTableDistributed
  | ShowVariables;

export type ShowObject = ShowStatement['object'];
