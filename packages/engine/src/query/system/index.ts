/** information_schema, performance_schema and every SHOW (docs/engine-system-tables.md). */
export { systemTable, systemTableNames, isSystemDb, type SystemTableResult } from './system-table';
export { executeShow, SIMPLE_SHOW_SOURCES } from './show';
export { describeSystemTable } from './describe-system';
export { SERVER_VERSION } from './node';
export type { SystemDb } from './table-def';
export { trackQuery } from './running-queries';
