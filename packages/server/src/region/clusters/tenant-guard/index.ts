export { guardStatement, type GuardContext, type GuardedStatement, type SystemColumns } from './tenant-guard';
export { newNamespaceId, TenantNamespace } from './namespace';
export { stripAnswer, type RestAnswer } from './result-names';
export { clusterSystemColumns, describedSystemColumns } from './system-columns';
export { systemTableView, tenantReadable } from './system-views';
