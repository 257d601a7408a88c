import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The official, unmodified TDengine REST connector.
import { connect, options } from '@tdengine/rest';
import { startEngine, tempDir, type EngineProcess } from './engine-process';

let engine: EngineProcess;
let dir: string;

beforeAll(async () => {
  dir = tempDir('engine-client-');
  engine = await startEngine(dir);
});

afterAll(async () => {
  await engine.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('@tdengine/rest against the engine', () => {
  it('runs DDL, INSERT, DESCRIBE and SELECT and reports errors', async () => {
    const url = new URL(engine.url);
    const cursor = connect({ ...options, host: url.hostname, port: Number(url.port), user: 'root', passwd: 'taosdata' }).cursor();

    const created = await cursor.query('CREATE DATABASE IF NOT EXISTS client_db');
    expect(created.getErrCode()).toBe(0);
    expect(created.getAffectRows()).toBe(0);
    await cursor.query('CREATE STABLE client_db.meters (ts TIMESTAMP, current FLOAT, voltage INT) TAGS (location BINARY(24))');

    const now = Date.now();
    const inserted = await cursor.query(
      `INSERT INTO client_db.d1 USING client_db.meters TAGS ('California.SanJose') VALUES (${now}, 10.3, 219) (${now + 1}, 12.6, 218)`,
    );
    expect(inserted.getErrCode()).toBe(0);
    expect(inserted.getAffectRows()).toBe(2);

    const described = await cursor.query('DESCRIBE client_db.d1');
    expect(described.getMeta()?.map((m) => [m.columnName, m.typeName, m.size])).toEqual([
      ['field', 'VARCHAR', 325],
      ['type', 'VARCHAR', 20],
      ['length', 'INT', 4],
      ['note', 'VARCHAR', 16],
      ['encode', 'VARCHAR', 12],
      ['compress', 'VARCHAR', 12],
      ['level', 'VARCHAR', 12],
    ]);
    expect(described.getData()?.map((r) => r[0])).toEqual(['ts', 'current', 'voltage', 'location']);

    const selected = await cursor.query('SELECT ts, voltage, location FROM client_db.meters');
    expect(selected.getErrCode()).toBe(0);
    expect(selected.getMeta()?.map((m) => [m.columnName, m.typeName, m.size])).toEqual([
      ['ts', 'TIMESTAMP', 8],
      ['voltage', 'INT', 4],
      ['location', 'VARCHAR', 24],
    ]);
    expect(selected.getData()).toEqual([
      [new Date(now).toISOString(), 219, 'California.SanJose'],
      [new Date(now + 1).toISOString(), 218, 'California.SanJose'],
    ]);

    const failed = await cursor.query('INSERT INTO client_db.nope VALUES (now, 1)');
    expect(failed.getErrCode()).toBe(9731);
    expect(failed.getErrStr()).toBe('Table does not exist : nope');
  });
});
