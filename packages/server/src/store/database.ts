import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { DataDirLock } from './lock';
import { migrate, type SqlRunner } from './migrate';

export type Schema = typeof schema;
/** One query layer for both stores: drizzle's PostgreSQL database type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Store {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Plain SQL for the few places drizzle does not cover (migrations, locks, operator commands). */
  sql: SqlRunner;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** A PostgreSQL URL; without it, embedded PGlite. */
  databaseUrl?: string | null;
  /** PGlite's data directory; undefined means in memory (tests). */
  pgliteDir?: string;
  /** A dumped PGlite data directory to start from (tests start from a migrated template). */
  pgliteTemplate?: Blob;
  /** The directory whose lock guards the embedded store (DATA_DIR). */
  lockDir?: string;
  runMigrations?: boolean;
}

export async function openStore(options: StoreOptions): Promise<Store> {
  const store = options.databaseUrl ? await openPostgres(options.databaseUrl) : await openPglite(options);
  if (options.runMigrations !== false) await migrate(store.sql);
  return store;
}

async function openPglite(options: StoreOptions): Promise<Store> {
  const lock = options.lockDir ? DataDirLock.acquire(options.lockDir) : null;
  try {
    if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
    const client = await PGlite.create({
      dataDir: options.pgliteDir,
      loadDataDir: options.pgliteTemplate,
    });
    const runner: SqlRunner = {
      exec: async (sql) => {
        await client.exec(sql);
      },
      query: async <T>(sql: string, params?: unknown[]) => (await client.query<T>(sql, params)).rows,
    };
    return {
      kind: 'pglite',
      db: drizzlePglite(client, { schema }) as unknown as Db,
      sql: runner,
      close: async () => {
        await client.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

async function openPostgres(url: string): Promise<Store> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server closes (restart, failover, a dropped test database) must not crash the
  // process: the pool replaces it on the next query.
  pool.on('error', (error) => console.warn(`[tscloud] idle PostgreSQL connection lost: ${error.message}`));
  // Migrations run their BEGIN/COMMIT on one connection.
  const migrationClient = await pool.connect();
  const runner: SqlRunner = {
    exec: async (sql) => {
      await migrationClient.query(sql);
    },
    query: async <T>(sql: string, params?: unknown[]) => (await migrationClient.query(sql, params)).rows as T[],
  };
  return {
    kind: 'postgres',
    db: drizzlePg(pool, { schema }) as unknown as Db,
    sql: runner,
    close: async () => {
      migrationClient.release();
      await pool.end();
    },
  };
}

export function pgliteDirFor(dataDir: string): string {
  return join(dataDir, 'store');
}
