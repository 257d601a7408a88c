import { mkdtempSync, rmSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FromExpand } from '@tscloud/contracts';
import { Engine } from 'tscloud-engine';
import { createRestServer } from '../../../engine/src/server/http-server';
import { runJob } from '../../src/region/replication/runner/task-worker';
import type { BatchReport, FromWorker, ToWorker } from '../../src/region/replication/runner/messages';
import { fakeTask } from './task-helpers';

/**
 * The worker writes source batches that are ready together as one write (fewer, larger INSERTs: the engine's cost a
 * row falls with more rows a child table), yet reports, checkpoints and acknowledges each batch on its own, with
 * its own counts — refused rows included (docs/data-in.md "The runner"). Real engine, in process; the test-only
 * fake source has every batch ready at once.
 */
describe('the task worker with batches ready together', () => {
  const dir = mkdtempSync(join(tmpdir(), 'runner-combined-'));
  let engine: Engine;
  let server: http.Server;
  let url = '';
  /** Writes the engine answered: INSERT text and typed writes (POST /rest/insert). */
  let inserts = 0;

  beforeAll(async () => {
    engine = await Engine.open({ dataDir: dir, limits: {} });
    server = createRestServer(engine).server;
    server.on('request', (request: http.IncomingMessage) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => (inserts += body.startsWith('INSERT') || request.url?.startsWith('/rest/insert/') ? 1 : 0));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await engine.execute('CREATE DATABASE combined', { user: 'root' });
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Runs a fake-source task to its end; the runner's store is left out (each report is stored at once). */
  async function run(name: string, fake: { total: number; badEvery: number; batch: number }): Promise<BatchReport[]> {
    const body = fakeTask(name, 'combined', { ...fake, stable: name, tablePrefix: `${name}_` });
    const reports: BatchReport[] = [];
    let listener: ((message: ToWorker) => void) | undefined;
    await new Promise<void>((resolve, reject) => {
      void runJob(
        {
          taskId: name,
          instanceId: 'test',
          connector: 'mqtt',
          config: body.from_expand as FromExpand,
          transform: body.transform as Record<string, unknown>,
          targetDb: 'combined',
          engine: { url, authorization: `Basic ${Buffer.from('root:taosdata').toString('base64')}` },
          checkpoint: null,
          batchSize: fake.batch,
          sourceModules: { mqtt: new URL('./fake-source.ts', import.meta.url).href },
        },
        {
          onMessage: (l) => (listener = l),
          post: (message: FromWorker) => {
            if (message.kind === 'batch') {
              reports.push(message);
              setImmediate(() => listener?.({ kind: 'stored', position: message.position }));
            } else if (message.kind === 'done') {
              if (message.outcome === 'completed') resolve();
              else reject(new Error(`${message.outcome}: ${message.message}`));
            }
          },
        },
      );
    });
    return reports;
  }

  const count = async (stable: string) => {
    const result = await engine.execute(`SELECT COUNT(*) FROM combined.${stable}`, { user: 'root' });
    if (!('rows' in result)) throw new Error('the count answered no rows');
    return Number(result.rows[0][0]);
  };

  it('ten batches of 500 in fewer INSERTs, each batch reported in order with its own counts', async () => {
    inserts = 0;
    const reports = await run('plain', { total: 5_000, badEvery: 0, batch: 500 });
    expect(reports.map((report) => report.position)).toEqual(Array.from({ length: 10 }, (_, i) => String((i + 1) * 500)));
    for (const report of reports) expect(report).toMatchObject({ read: 500, written: 500, failed: 0, lastError: null });
    expect(await count('plain')).toBe(5_000);
    // Batches the source had ready were joined: one write per batch would be ten.
    expect(inserts).toBeGreaterThan(0);
    expect(inserts).toBeLessThan(10);
  });

  it('rows the engine refuses are counted in the batch they came in', async () => {
    // Every 300th record's note (40 characters) is too long for its column: batches of 500 hold one or two of them.
    await engine.execute('CREATE STABLE combined.refusing (ts TIMESTAMP, v INT, note VARCHAR(8)) TAGS (device VARCHAR(16))', { user: 'root' });
    const reports = await run('refusing', { total: 3_000, badEvery: 300, batch: 500 });
    const refusedIn = (from: number) => Array.from({ length: 500 }, (_, i) => from + i).filter((i) => i % 300 === 299).length;
    expect(reports.map((report) => [report.read, report.failed])).toEqual(Array.from({ length: 6 }, (_, b) => [500, refusedIn(b * 500)]));
    for (const report of reports) {
      expect(report.written).toBe(500 - report.failed);
      expect(report.lastError === null).toBe(report.failed === 0);
    }
    expect(await count('refusing')).toBe(3_000 - 10);
  });
});
