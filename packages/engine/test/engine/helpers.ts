import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Engine } from '../../src/engine';
import type { StatementResult } from '../../src/format/result';
import { physicalNames, quoteIdent } from '../../src/storage/names';

/** An engine on a temp directory plus helpers that read what storage holds (SELECT is the query layer's). */
export interface TestEngine {
  engine: Engine;
  dir: string;
  run(sql: string, opts?: { db?: string; user?: string; tz?: string }): Promise<StatementResult>;
  /** rows of a child/normal table as [ts, ...columns] ordered by ts */
  rows(db: string, table: string): Promise<unknown[][]>;
  /** tag values of a child table in declaration order */
  tags(db: string, table: string): Promise<unknown[]>;
  close(): Promise<void>;
}

export async function openTestEngine(): Promise<TestEngine> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-lib-'));
  const engine = await Engine.open({ dataDir: dir });
  return {
    engine,
    dir,
    run: (sql, opts = {}) => engine.execute(sql, { user: opts.user ?? 'root', db: opts.db, tz: opts.tz }),
    async rows(db, table) {
      const found = engine.catalog.table(db, table);
      if (found.kind === 'stable') throw new Error('rows() needs a child or normal table');
      const columns = found.kind === 'child' ? found.stable.columns : found.table.columns;
      const physical = found.kind === 'child' ? physicalNames.dataTable(db, found.stable.id) : physicalNames.normalTable(db, found.table.tid);
      const tid = found.kind === 'child' ? found.child.tid : found.table.tid;
      const list = columns.map((c) => quoteIdent(c.name)).join(', ');
      const { rows } = await engine.storage.query(`SELECT ${list} FROM ${physical} WHERE __tid = ${tid} ORDER BY 1`);
      return rows;
    },
    async tags(db, table) {
      const found = engine.catalog.table(db, table);
      if (found.kind !== 'child') throw new Error('tags() needs a child table');
      const list = found.stable.tags.map((t) => quoteIdent(t.name)).join(', ');
      const { rows } = await engine.storage.query(
        `SELECT ${list} FROM ${physicalNames.tagTable(db, found.stable.id)} WHERE __tid = ${found.child.tid}`,
      );
      return rows[0];
    },
    async close() {
      await engine.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const OK = { kind: 'affected', affectedRows: 0 };
