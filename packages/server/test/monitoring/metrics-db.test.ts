import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MetricsDb, type Sample } from '../../src/region/monitoring/metrics-db';
import { InProcessMetricsSql, RestSql, type MetricsSql } from '../../src/region/monitoring/metrics-sql';
import { EngineProcess } from '../../src/region/provisioner/engine-process';
import { engineBinPath } from '../../src/region/provisioner/engine-bin';

const T0 = Date.UTC(2026, 2, 1, 12, 0, 0);
const MIN = 60_000;

function sample(instanceId: string, at: number, fields: Partial<Sample>): Sample {
  return { instanceId, at, spanMs: 10_000, cpu: null, memBytes: null, diskBytes: null, inserts: null, queries: null, ingress: null, egress: null, ...fields };
}

/**
 * The metrics database's SQL, run both ways it is reached: the engine opened in this process (the default) and an
 * engine process over the REST protocol (METRICS_ENGINE_URL, several servers).
 */
const ways: Array<[string, (dir: string) => Promise<{ sql: MetricsSql; stop: () => Promise<void> }>]> = [
  ['in process', async (dir) => ({ sql: await InProcessMetricsSql.open(dir), stop: async () => undefined })],
  [
    'over REST',
    async (dir) => {
      const engine = new EngineProcess({ binPath: engineBinPath(), dataDir: dir, user: 'root', password: 'metrics-secret', readyTimeoutMs: 60_000 });
      const url = new URL(await engine.ready);
      url.username = 'root';
      url.password = 'metrics-secret';
      return { sql: new RestSql(url.toString()), stop: () => engine.stop() };
    },
  ],
];

for (const [way, open] of ways) {
  describe(`the metrics database (${way})`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'tscloud-metrics-'));
    let db: MetricsDb;
    let stop: () => Promise<void>;

    beforeAll(async () => {
      const opened = await open(dir);
      stop = opened.stop;
      db = new MetricsDb(opened.sql);
      await db.init();
      // Initialising twice (every server start) changes nothing.
      await db.init();
      await db.write([
        // A first sample: a baseline without deltas.
        sample('inst-a', T0, { spanMs: null, memBytes: 100, diskBytes: 1_000 }),
        sample('inst-b', T0, { spanMs: null, memBytes: 999_999 }),
      ]);
      await db.write([
        sample('inst-a', T0 + 10_000, { cpu: 10, memBytes: 200, diskBytes: 1_500, inserts: 30, queries: 5, ingress: 4_000, egress: 100 }),
        sample('inst-a', T0 + 20_000, { cpu: 30, memBytes: 300, diskBytes: 1_200, inserts: 10, queries: 0, ingress: 1_000, egress: 50 }),
        // The next minute: one sample covering 5 s.
        sample('inst-a', T0 + MIN + 5_000, { spanMs: 5_000, cpu: 50, memBytes: 400, diskBytes: 2_000, inserts: 5, queries: 20, ingress: 0, egress: 0 }),
      ]);
    }, 90_000);
    afterAll(async () => {
      await db?.close();
      await stop?.();
      rmSync(dir, { recursive: true, force: true });
    }, 30_000);

    const range = (metric: Parameters<MetricsDb['series']>[1]) => db.series('inst-a', metric, T0 - MIN, T0 + 10 * MIN, MIN);

    it('averages gauges and takes the highest disk figure per bucket', async () => {
      expect(await range('cpu')).toEqual([
        [T0, 20],
        [T0 + MIN, 50],
      ]);
      expect(await range('mem')).toEqual([
        [T0, 200],
        [T0 + MIN, 400],
      ]);
      expect(await range('disk-used')).toEqual([
        [T0, 1_500],
        [T0 + MIN, 2_000],
      ]);
    });

    it('turns statement counts into rates over the time the samples covered', async () => {
      // 40 inserts in 20 s; 5 inserts in 5 s.
      expect(await range('qps-insert')).toEqual([
        [T0, 2],
        [T0 + MIN, 1],
      ]);
      expect(await range('qps-query')).toEqual([
        [T0, 0.25],
        [T0 + MIN, 4],
      ]);
    });

    it('adds up traffic per bucket, and keeps instances apart', async () => {
      expect(await range('ingress')).toEqual([
        [T0, 5_000],
        [T0 + MIN, 0],
      ]);
      expect(await db.series('inst-a', 'egress', T0 - MIN, T0 + 10 * MIN, 10 * MIN)).toEqual([[T0 - (T0 % (10 * MIN)), 150]]);
      expect(await db.series('inst-b', 'mem', T0 - MIN, T0 + MIN, MIN)).toEqual([[T0, 999_999]]);
      expect(await db.series('inst-c', 'mem', T0 - MIN, T0 + MIN, MIN)).toEqual([]);
    });

    it('reads only the asked range and the latest sample', async () => {
      expect(await db.series('inst-a', 'cpu', T0 + MIN, T0 + 2 * MIN, MIN)).toEqual([[T0 + MIN, 50]]);
      expect(await db.latest('inst-a')).toEqual({ at: T0 + MIN + 5_000, cpu: 50, memBytes: 400, diskBytes: 2_000 });
      expect(await db.latest('inst-c')).toBeNull();
      await expect(db.series("x' OR '1'='1", 'cpu', 0, 1, MIN)).rejects.toThrow(/invalid instance id/);
    });
  });
}
