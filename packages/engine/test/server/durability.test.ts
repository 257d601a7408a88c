import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine';
import { physicalNames } from '../../src/storage/names';
import { WriteLog } from '../../src/storage/write-buffer/write-log';
import { startEngine, tempDir, type EngineProcess } from './engine-process';

let dir: string;
let running: EngineProcess | undefined;

afterEach(async () => {
  if (running && running.proc.exitCode === null) await running.kill9();
  running = undefined;
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Reads the stored rows of a data table straight from the engine library (SELECT belongs to the query layer). */
async function storedTimestamps(dataDir: string, db: string, table: string): Promise<bigint[]> {
  const engine = await Engine.open({ dataDir });
  try {
    const found = engine.catalog.table(db, table);
    const tid = found.kind === 'child' ? found.child.tid : found.kind === 'normal' ? found.table.tid : -1;
    const physical =
      found.kind === 'normal' ? physicalNames.normalTable(db, tid) : physicalNames.dataTable(db, found.stable.id);
    const { rows } = await engine.storage.query(`SELECT ts FROM ${physical} WHERE __tid = ${tid} ORDER BY ts`);
    return rows.map((r) => r[0] as bigint);
  } finally {
    await engine.close();
  }
}

describe('durability', () => {
  it('keeps catalog and data across a graceful restart', async () => {
    dir = tempDir('engine-restart-');
    running = await startEngine(dir);
    await running.sql("CREATE DATABASE db1 PRECISION 'us' KEEP 100d");
    await running.sql('CREATE STABLE db1.st (ts TIMESTAMP, v INT) TAGS (site VARCHAR(10))');
    // microsecond timestamps inside KEEP (100 days)
    const t0 = BigInt(Date.now() - 86_400_000) * 1000n;
    const ins = await running.sql(`INSERT INTO db1.c1 USING db1.st TAGS ('a') VALUES (${t0}, 1) (${t0 + 1n}, 2)`);
    expect(ins.body).toContain('"data":[[2]]');
    await running.sql("CREATE USER reader PASS 'secret1_pw'");
    expect(await running.stop()).toBe(0);

    running = await startEngine(dir);
    const desc = await running.sql('DESCRIBE db1.c1');
    expect(desc.body).toContain('["site","VARCHAR",10,"TAG","disabled","disabled","disabled"]');
    const create = await running.sql('SHOW CREATE DATABASE db1');
    expect(create.body).toContain("KEEP 100d,100d,100d");
    expect(create.body).toContain("PRECISION 'us'");
    // the child table and its tags came back from the tag table
    expect((await running.sql('SHOW CREATE TABLE db1.c1')).body).toContain('TAGS (\\"a\\")');
    // the user survived with its password
    const auth = `Basic ${Buffer.from('reader:secret1_pw').toString('base64')}`;
    expect(JSON.parse((await running.sql('DESCRIBE db1.c1', { auth })).body).code).toBe(0x2644);
    // a re-insert at an existing timestamp still replaces after restart
    expect((await running.sql(`INSERT INTO db1.c1 VALUES (${t0 + 1n}, 20) (${t0 + 2n}, 3)`)).body).toContain('"data":[[2]]');
    expect(await running.stop()).toBe(0);
    running = undefined;
    expect(await storedTimestamps(dir, 'db1', 'c1')).toEqual([t0, t0 + 1n, t0 + 2n]);
  });

  it('loses no acknowledged row when killed with SIGKILL during writes', async () => {
    dir = tempDir('engine-kill-');
    running = await startEngine(dir);
    await running.sql('CREATE DATABASE k');
    await running.sql('CREATE TABLE k.t (ts TIMESTAMP, v INT)');
    const acked: number[] = [];
    let stop = false;
    const writerLoop = async (offset: number) => {
      for (let i = 0; !stop; i++) {
        const ts = 1_600_000_000_000 + (i * 2 + offset) * 10;
        const rows = Array.from({ length: 10 }, (_, k) => `(${ts + k}, ${k})`).join(' ');
        try {
          const r = await running!.sql(`INSERT INTO k.t VALUES ${rows}`);
          if (r.body.startsWith('{"code":0')) for (let k = 0; k < 10; k++) acked.push(ts + k);
        } catch {
          return; // connection refused / reset once killed
        }
      }
    };
    const loops = [writerLoop(0), writerLoop(1)];
    await new Promise((r) => setTimeout(r, 1500));
    await running.kill9();
    stop = true;
    await Promise.all(loops);
    running = undefined;
    expect(acked.length).toBeGreaterThan(100);
    // the last answered writes were still in the write buffer: the restart below brings them back from its log
    expect(WriteLog.read(path.join(dir, 'db', 'k.duckdb.wlog')).length).toBeGreaterThan(0);
    const stored = new Set((await storedTimestamps(dir, 'k', 't')).map(Number));
    const missing = acked.filter((ts) => !stored.has(ts));
    expect(missing).toEqual([]);
  });
});
