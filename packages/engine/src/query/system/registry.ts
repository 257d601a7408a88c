import { configsTable, dnodeVariablesTable, grantsTable } from './tables/config';
import { databasesTable } from './tables/databases';
import { diskUsageTable } from './tables/disk-usage';
import { clusterTable, dnodesTable, machinesTable, mnodesTable, qnodesTable, snodesTable, vgroupsTable, vnodesTable } from './tables/nodes';
import {
  compactsTable,
  functionsTable,
  indexesTable,
  streamsTable,
  viewsTable,
} from './tables/objects';
import { subscriptionsTable, topicsTable } from './tables/topics';
import { PERFORMANCE_TABLES } from './tables/performance';
import { columnsTable, stablesTable, tablesTable } from './tables/schema-tables';
import { tagsTable } from './tables/tags';
import { userPrivilegesTable, usersTable } from './tables/users';
import type { SystemDb, SystemDirectory, SystemTableDef } from './table-def';

/** Every system table, in TDengine's order (systable.c infosMeta / perfsMeta). */
const directory: SystemDirectory = {
  tables: (db, sysInfo) => (db === 'information_schema' ? INFORMATION_TABLES : PERFORMANCE_TABLES).filter((t) => sysInfo || !t.sysInfo),
};

const INFORMATION_TABLES: SystemTableDef[] = [
  dnodesTable,
  mnodesTable,
  qnodesTable,
  snodesTable,
  clusterTable,
  machinesTable,
  databasesTable(directory),
  functionsTable,
  indexesTable,
  stablesTable,
  tablesTable(directory),
  tagsTable,
  columnsTable(directory),
  usersTable,
  grantsTable,
  vgroupsTable,
  configsTable,
  dnodeVariablesTable,
  topicsTable,
  subscriptionsTable,
  streamsTable,
  vnodesTable,
  userPrivilegesTable,
  viewsTable,
  compactsTable,
  diskUsageTable,
];

export function findSystemTable(db: SystemDb, name: string): SystemTableDef | undefined {
  return directory.tables(db, true).find((t) => t.name === name);
}

/** The tables of a system database a user may see (SYSINFO 0 users do not see the sysinfo tables). */
export function listSystemTables(db: SystemDb, sysInfo: boolean): SystemTableDef[] {
  return directory.tables(db, sysInfo);
}
