/** Query keys of the console's catalog reads (per instance; databases, then tables of a database, then columns). */
export const consoleKeys = {
  all: ['console'] as const,
  instance: (appId: string) => [...consoleKeys.all, appId] as const,
  databases: (appId: string) => [...consoleKeys.instance(appId), 'databases'] as const,
  tables: (appId: string, db: string) => [...consoleKeys.instance(appId), 'tables', db] as const,
  columns: (appId: string, db: string, table: string) => [...consoleKeys.instance(appId), 'columns', db, table] as const,
  /** The member's running queries (SHOW QUERIES), polled while the panel is open. */
  runningQueries: (appId: string) => [...consoleKeys.all, 'running', appId] as const,
};
