import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MetricsDb } from '../../src/region/monitoring/metrics-db';
import { InProcessMetricsSql } from '../../src/region/monitoring/metrics-sql';
import { sample } from './fixtures';

/**
 * A metrics database made before metering (no plan columns) gains them at the next start: its old samples read back
 * without a plan (metering leaves them out), new ones with it.
 */
describe('the plan columns of the metrics database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tscloud-metrics-plan-'));
  let sql: InProcessMetricsSql;
  afterAll(async () => {
    await sql?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // Within the database's KEEP of 400 days.
  const T = Math.floor(Date.now() / 1000) * 1000 - 60_000;

  it('adds plan_level and ha to an older table and reads both kinds of samples', async () => {
    sql = await InProcessMetricsSql.open(dir);
    // The table as the sampler made it before billing.
    await sql.run('CREATE DATABASE IF NOT EXISTS platform_metrics KEEP 400d');
    await sql.run(
      'CREATE STABLE IF NOT EXISTS platform_metrics.metrics (ts TIMESTAMP, span_ms INT, cpu DOUBLE, mem_bytes BIGINT, disk_bytes BIGINT, ' +
        'inserts BIGINT, selects BIGINT, ingress BIGINT, egress BIGINT) TAGS (instance_id VARCHAR(64))',
    );
    await sql.run(`INSERT INTO platform_metrics.i_old USING platform_metrics.metrics TAGS ('old') VALUES (${T}, 500, 1, 1, 7, 0, 0, 3, 4)`);

    const db = new MetricsDb(sql);
    await db.init();
    await db.init();
    await db.write([sample('old', T + 1000, 1000, 2, 1, { diskBytes: 9, ingress: 5, egress: 6 })]);
    expect(await db.usageSamples(T, T + 2000)).toEqual([
      { instanceId: 'old', at: T, spanMs: 500, diskBytes: 7, ingress: 3, egress: 4, planLevel: null, ha: null },
      { instanceId: 'old', at: T + 1000, spanMs: 1000, diskBytes: 9, ingress: 5, egress: 6, planLevel: 2, ha: 1 },
    ]);
  });
});
