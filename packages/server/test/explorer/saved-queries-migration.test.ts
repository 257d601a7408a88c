import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedQueryNameFromSql } from '@tscloud/contracts';
import { openStore, type Store } from '../../src/store/database';
import { listMigrations, migrate } from '../../src/store/migrate';
import { createTestDatabase, TEST_STORE } from '../support/store';

/**
 * Migration 0620 on favorites saved before names existed (on the test run's store kind): each gets its SQL's first
 * line as its name, numbered where that repeats in its list, exactly as the server names a query saved without one.
 */
describe('migration 0620_saved_queries', () => {
  let store: Store;
  let dropDatabase = async () => {};

  beforeAll(async () => {
    if (TEST_STORE === 'postgres') {
      const database = await createTestDatabase();
      dropDatabase = database.drop;
      store = await openStore({ databaseUrl: database.url, runMigrations: false });
    } else {
      store = await openStore({ runMigrations: false });
    }
    const all = listMigrations();
    await migrate(store.sql, all.filter((m) => m.version < '0620'));
    await store.sql.exec(`
      INSERT INTO users (id, email, status, created_at, updated_at) VALUES ('u1', 'u1@example.com', 'ACTIVE', 0, 0);
      INSERT INTO organizations (id, name, owner_id, created_at, updated_at) VALUES ('o1', 'Org', 'u1', 0, 0);
      INSERT INTO explorer_favorites (id, org_id, instance_id, member_id, shared, sql, created_at) VALUES
        ('f1', 'o1', 'i1', 'm1', false, E'SELECT  *\\nFROM a', 1),
        ('f2', 'o1', 'i1', 'm1', false, E'\\n SELECT *   \\nFROM b', 2),
        ('f3', 'o1', 'i1', 'm2', false, 'SELECT *', 3),
        ('f4', 'o1', 'i1', 'm1', true, 'SELECT *', 4),
        ('f5', 'o1', 'i1', 'm2', true, 'SELECT *', 5),
        ('f6', 'o1', 'i1', 'm1', false, 'SELECT ${'x'.repeat(80)}', 6),
        ('f7', 'o1', 'i1', 'm1', false, 'SELECT ${'x'.repeat(80)}', 7);
    `);
    await migrate(store.sql, all);
  }, 120_000);
  afterAll(async () => {
    await store?.close();
    await dropDatabase();
  });

  it('names every older favorite after its first line, numbered within its list', async () => {
    const rows = await store.sql.query<{ id: string; name: string; folder: string; updated_at: string | number }>(
      'SELECT id, name, folder, updated_at FROM explorer_favorites ORDER BY id',
    );
    const long = `SELECT ${'x'.repeat(80)}`;
    expect(rows.map((r) => [r.id, r.name, r.folder, Number(r.updated_at)])).toEqual([
      ['f1', savedQueryNameFromSql('SELECT  *\nFROM a'), '', 1],
      ['f2', savedQueryNameFromSql('SELECT *', 2), '', 2],
      // Another member's personal list, and the shared list (one for everyone), count on their own.
      ['f3', 'SELECT *', '', 3],
      ['f4', 'SELECT *', '', 4],
      ['f5', 'SELECT * (2)', '', 5],
      ['f6', savedQueryNameFromSql(long), '', 6],
      ['f7', savedQueryNameFromSql(long, 2), '', 7],
    ]);
    expect(rows[1].name).toBe('SELECT * (2)');
  });

  it('holds the names unique from then on', async () => {
    await expect(
      store.sql.exec(`INSERT INTO explorer_favorites (id, org_id, instance_id, member_id, shared, name, sql, created_at, updated_at) VALUES ('f8', 'o1', 'i1', 'm3', true, 'SELECT *', 'SELECT 1', 8, 8)`),
    ).rejects.toThrow();
  });
});
