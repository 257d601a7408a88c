import type { ServerConfig } from '../config';
import { openStore, pgliteDirFor, type Store } from '../store/database';

/**
 * Opens the store the server uses: DATABASE_URL when set, else the embedded PGlite under DATA_DIR. The embedded
 * store can only be held by one process: while the server runs, its lock refuses this command (stop the server,
 * or run server and commands against PostgreSQL with DATABASE_URL).
 */
export async function openOperatorStore(config: ServerConfig): Promise<Store> {
  try {
    return await openStore({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.databaseUrl ? undefined : pgliteDirFor(config.dataDir),
      lockDir: config.databaseUrl ? undefined : config.dataDir,
    });
  } catch (error) {
    const message = (error as Error).message;
    const hint = /in use by another tscloud process/.test(message)
      ? '\nThe embedded store is locked by the running server: stop it first, or use DATABASE_URL (PostgreSQL) for both.'
      : '';
    throw new Error(`cannot open the store: ${message}${hint}`, { cause: error });
  }
}
