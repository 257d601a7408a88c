import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { listMigrations, migrate } from '../../src/store/migrate';

/**
 * PGlite's initdb takes seconds, so tests start from a migrated data directory dumped once per migration set
 * and loaded by every test store (dumpDataDir / loadDataDir).
 */
export function templatePath(): string {
  const hash = createHash('sha256');
  for (const m of listMigrations()) hash.update(m.version).update(m.sql);
  return join(tmpdir(), `tscloud-pglite-template-${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

export async function ensurePgliteTemplate(): Promise<string> {
  const path = templatePath();
  if (existsSync(path)) return path;
  const client = await PGlite.create();
  await migrate({
    exec: async (sql) => {
      await client.exec(sql);
    },
    query: async <T>(sql: string, params?: unknown[]) => (await client.query<T>(sql, params)).rows,
  });
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
  renameSync(temporary, path);
  return path;
}

export async function loadPgliteTemplate(): Promise<Blob> {
  const path = await ensurePgliteTemplate();
  return new Blob([readFileSync(path)]);
}
