import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openStore, type Store } from '../../src/store/database';
import { loadPgliteTemplate } from './pglite-template';

export const TEST_STORE = (process.env.TEST_STORE ?? 'pglite') as 'pglite' | 'postgres';
export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A fresh, migrated store for one test file: PGlite in memory from the template, or (TEST_STORE=postgres)
 * a new database on the machine's PostgreSQL, dropped on close.
 */
export async function createTestStore(): Promise<Store> {
  if (TEST_STORE === 'pglite') return openStore({ pgliteTemplate: await loadPgliteTemplate() });

  const database = await createTestDatabase();
  const store = await openStore({ databaseUrl: database.url });
  return {
    ...store,
    close: async () => {
      await store.close();
      await database.drop();
    },
  };
}

/** A new, empty database on the machine's PostgreSQL: its URL, and how to drop it (connections are forced out). */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tscloud_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: PG_ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
