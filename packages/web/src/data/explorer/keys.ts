/** Query keys of the explorer's reads, per instance then database. */
export const explorerKeys = {
  all: ['explorer'] as const,
  instance: (appId: string) => [...explorerKeys.all, appId] as const,
  dblist: (appId: string) => [...explorerKeys.instance(appId), 'dblist'] as const,
  database: (appId: string, db: string) => [...explorerKeys.instance(appId), 'db', db] as const,
  databaseInfo: (appId: string, db: string) => [...explorerKeys.database(appId, db), 'info'] as const,
  stables: (appId: string, db: string) => [...explorerKeys.database(appId, db), 'stables'] as const,
  stableAccess: (appId: string, db: string) => [...explorerKeys.database(appId, db), 'stableAccess'] as const,
  describe: (appId: string, db: string, table: string) => [...explorerKeys.database(appId, db), 'describe', table] as const,
  tagValues: (appId: string, db: string, stable: string, tag: string, page: number) => [...explorerKeys.database(appId, db), 'tagValues', stable, tag, page] as const,
  tables: (appId: string, db: string, stable: string | null, page: number, matcher = '') => [...explorerKeys.database(appId, db), 'tables', stable ?? '', page, matcher] as const,
  childTags: (appId: string, db: string, table: string) => [...explorerKeys.database(appId, db), 'childTags', table] as const,
  filter: (appId: string, db: string, stable: string, where: string, page: number) => [...explorerKeys.database(appId, db), 'filter', stable, where, page] as const,
};
