import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** The minimal SQL surface both PGlite and node-postgres offer, used to run migrations before drizzle. */
export interface SqlRunner {
  exec(sql: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export interface Migration {
  version: string;
  sql: string;
}

/**
 * Versioned migrations: plain SQL files `NNNN_name.sql` in ./migrations, applied in order, each once, in a
 * transaction, recorded in schema_migrations. Areas own number ranges (0100 accounts, 0200 organizations and
 * access, 0300 activity/alerts/banner, 0400 instances …) so that they can be written side by side.
 */
export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name))
    .sort()
    .map((name) => ({ version: name.replace(/\.sql$/, ''), sql: readFileSync(join(dir, name), 'utf8') }));
}

export async function migrate(runner: SqlRunner, migrations = listMigrations()): Promise<string[]> {
  await runner.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  // Several server processes may start together against one PostgreSQL: one migrates, the others wait.
  await runner.exec('SELECT pg_advisory_lock(727274)');
  try {
    const done = new Set((await runner.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version));
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await runner.exec(`BEGIN;\n${migration.sql}\n;INSERT INTO schema_migrations (version) VALUES ('${migration.version}');\nCOMMIT;`);
      applied.push(migration.version);
    }
    return applied;
  } catch (error) {
    await runner.exec('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await runner.exec('SELECT pg_advisory_unlock(727274)');
  }
}
