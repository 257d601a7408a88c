import { mkdtempSync, rmSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from 'tscloud-engine';
// The engine's own REST + /rest/tmq server, in-process (another instance's engine as the source).
import { createRestServer } from '../../../engine/src/server/http-server';
import { checkSource, sampleSource, sourceFor } from '../../src/region/replication/sources';
import type { SourceReader } from '../../src/region/replication/pipeline/types';

/** The tmq source over a real engine's /rest/tmq: earliest/latest, a group that resumes at its commit, the checks. */
describe('tmq source', () => {
  const dir = mkdtempSync(join(tmpdir(), 'datain-tmq-'));
  let engine: Engine;
  let server: http.Server;
  let endpoint: string;
  const T0 = 1_767_225_600_000;
  const sql = (text: string) => engine.execute(text, { user: 'root' });
  const insert = (from: number, count: number) =>
    sql(`INSERT INTO src.d1 USING src.meters TAGS ('sf') VALUES ${Array.from({ length: count }, (_, i) => `(${T0 + (from + i) * 1000}, ${from + i})`).join(' ')}`);
  const values = (over: Record<string, unknown> = {}) => ({ endpoint, topic: 'meters_topic', username: 'root', password: 'taosdata', 'client.id': 'task-1', ...over });

  async function readAll(reader: SourceReader, count: number, max = 1_000) {
    const rows: Array<Record<string, unknown>> = [];
    let position = '{}';
    for (let i = 0; i < 50 && rows.length < count; i++) {
      const batch = (await reader.next(max, 200))!;
      rows.push(...batch.records.map((record) => record.fields));
      if (batch.records.length) position = batch.position;
    }
    return { rows, position };
  }

  beforeAll(async () => {
    engine = await Engine.open({ dataDir: dir, limits: {} });
    server = createRestServer(engine).server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await sql('CREATE DATABASE src WAL_RETENTION_PERIOD 3600');
    await sql('CREATE STABLE src.meters (ts TIMESTAMP, v INT) TAGS (location VARCHAR(16))');
    await insert(0, 5);
    await sql('CREATE TOPIC meters_topic AS SELECT ts, v, location FROM src.meters');
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('earliest: the rows so far, with tbname; a restart of the group resumes after the committed position only', async () => {
    await insert(5, 5);
    const first = sourceFor('tmq', values({ 'group.id': 'g_resume' }));
    await first.open(null);
    const { rows, position } = await readAll(first, 10, 4);
    expect(rows.map((row) => Number(row.v)).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(rows[0]).toMatchObject({ tbname: 'd1', location: 'sf' });
    await first.committed(position);
    await first.close();

    await insert(10, 3);
    const second = sourceFor('tmq', values({ 'group.id': 'g_resume' }));
    await second.open(null);
    const again = await readAll(second, 3);
    await second.close();
    expect(again.rows.map((row) => Number(row.v))).toEqual([10, 11, 12]);
  });

  it('latest: only rows written after the subscription', async () => {
    const reader = sourceFor('tmq', values({ 'group.id': 'g_latest', 'auto.offset.reset': 'latest' }));
    await reader.open(null);
    expect((await reader.next(100, 300))!.records).toEqual([]);
    await insert(100, 2);
    const { rows } = await readAll(reader, 2);
    await reader.close();
    expect(rows.map((row) => Number(row.v))).toEqual([100, 101]);
  });

  it('check connection: the topic must exist; a wrong password or endpoint fails', async () => {
    await expect(checkSource('tmq', values())).resolves.toBeUndefined();
    await expect(checkSource('tmq', values({ topic: 'nope' }))).rejects.toThrow(/Topic not exist/);
    await expect(checkSource('tmq', values({ password: 'wrong' }))).rejects.toThrow();
    await expect(checkSource('tmq', values({ endpoint: 'http://127.0.0.1:1' }))).rejects.toThrow(/ws:\/\//);
  });

  it('group.id and client.id: at most 192 characters (§5)', () => {
    expect(() => sourceFor('tmq', values({ 'client.id': 'c'.repeat(192) }))).not.toThrow();
    expect(() => sourceFor('tmq', values({ 'group.id': 'g'.repeat(193) }))).toThrow('group.id: At most 192 characters');
    expect(() => sourceFor('tmq', values({ 'client.id': 'c'.repeat(193) }))).toThrow('client.id: At most 192 characters');
  });

  it('sample: the first rows from a throwaway group', async () => {
    const sample = await sampleSource('tmq', values(), 3, {}, 3_000);
    expect(sample).toHaveLength(3);
  });
});
