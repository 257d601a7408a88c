import type { MonitorMetricValue } from '@tscloud/contracts';
import { quoteText } from '@tscloud/contracts/sql';
import type { MetricsSql } from './metrics-sql';

/** One sample of one instance. Counters are deltas since the previous sample (null on a first sample). */
export interface Sample {
  instanceId: string;
  at: number;
  /** Milliseconds the deltas cover. */
  spanMs: number | null;
  /** Percent of one core over the span. */
  cpu: number | null;
  memBytes: number | null;
  diskBytes: number | null;
  /** Rows inserted (not statements). */
  inserts: number | null;
  queries: number | null;
  ingress: number | null;
  egress: number | null;
  /** The plan and HA choice the instance ran on when sampled: what metering prices the span at (docs/billing.md). */
  planLevel?: number | null;
  ha?: 0 | 1 | null;
}

/** What metering reads of a sample (platform/billing/metering). */
export interface UsageSample {
  instanceId: string;
  at: number;
  spanMs: number | null;
  diskBytes: number | null;
  ingress: number | null;
  egress: number | null;
  planLevel: number | null;
  ha: 0 | 1 | null;
}

export interface LatestSample {
  at: number;
  cpu: number | null;
  memBytes: number | null;
  diskBytes: number | null;
}

const DB = 'platform_metrics';
/** Longer than the widest range the calls accept (MONITOR_MAX_RANGE_MS). */
const KEEP_DAYS = 400;

/**
 * How each chart is computed from the buckets: gauges are averaged (cpu, memory) or the bucket's highest value
 * (disk); rates divide the statements counted in the bucket by the time its samples covered, so a partly
 * filled bucket (the current minute, a gap) is not under-reported; traffic is the bytes of the bucket.
 */
const SELECTS: Record<MonitorMetricValue, { sql: string; value: (row: unknown[]) => number | null }> = {
  cpu: { sql: 'AVG(cpu)', value: (r) => round(r[1], 2) },
  mem: { sql: 'AVG(mem_bytes)', value: (r) => round(r[1], 0) },
  'disk-used': { sql: 'MAX(disk_bytes)', value: (r) => round(r[1], 0) },
  'qps-insert': { sql: 'SUM(inserts), SUM(span_ms)', value: (r) => rate(r[1], r[2]) },
  'qps-query': { sql: 'SUM(selects), SUM(span_ms)', value: (r) => rate(r[1], r[2]) },
  ingress: { sql: 'SUM(ingress)', value: (r) => round(r[1], 0) },
  egress: { sql: 'SUM(egress)', value: (r) => round(r[1], 0) },
};

function round(value: unknown, digits: number): number | null {
  if (value === null || value === undefined) return null;
  const factor = 10 ** digits;
  return Math.round(Number(value) * factor) / factor;
}

function rate(count: unknown, spanMs: unknown): number | null {
  if (count === null || spanMs === null || Number(spanMs) <= 0) return null;
  return round((Number(count) * 1000) / Number(spanMs), 3);
}

function sqlValue(value: number | null): string {
  return value === null || !Number.isFinite(value) ? 'NULL' : String(value);
}

/** Instance ids are UUIDs; anything else never reaches the SQL text. */
function checkedId(instanceId: string): string {
  if (!/^[\w-]{1,64}$/.test(instanceId)) throw new Error(`invalid instance id ${instanceId}`);
  return instanceId;
}

function tableOf(instanceId: string): string {
  return `${DB}.i_${checkedId(instanceId).replace(/-/g, '_')}`;
}

/**
 * The platform's metrics database: a super table `metrics` tagged by instance, one child table per instance,
 * written with INSERT … USING and read with INTERVAL windows (docs/monitoring.md).
 */
export class MetricsDb {
  constructor(private readonly sql: MetricsSql) {}

  /** `queries` is a keyword of the engine's SQL: the column of query statements is named `selects`. */
  async init(): Promise<void> {
    await this.sql.run(`CREATE DATABASE IF NOT EXISTS ${DB} KEEP ${KEEP_DAYS}d`);
    await this.sql.run(
      `CREATE STABLE IF NOT EXISTS ${DB}.metrics (ts TIMESTAMP, span_ms INT, cpu DOUBLE, mem_bytes BIGINT, disk_bytes BIGINT, ` +
        'inserts BIGINT, selects BIGINT, ingress BIGINT, egress BIGINT, plan_level INT, ha INT) TAGS (instance_id VARCHAR(64))',
    );
    // A metrics database made before metering recorded the plan gains its columns.
    const columns = new Set((await this.sql.run(`DESCRIBE ${DB}.metrics`)).map((row) => String(row[0])));
    for (const column of ['plan_level', 'ha']) {
      if (!columns.has(column)) await this.sql.run(`ALTER STABLE ${DB}.metrics ADD COLUMN ${column} INT`);
    }
  }

  /** Writes the samples of one round in one multi-table INSERT. */
  async write(samples: Sample[]): Promise<void> {
    if (samples.length === 0) return;
    const parts = samples.map((s) => {
      const values = [s.at, s.spanMs, s.cpu, s.memBytes, s.diskBytes, s.inserts, s.queries, s.ingress, s.egress, s.planLevel ?? null, s.ha ?? null]
        .map(sqlValue)
        .join(', ');
      // Positional: plan_level and ha are the last columns, also where init() added them to an older table.
      return `${tableOf(s.instanceId)} USING ${DB}.metrics TAGS (${quoteText(checkedId(s.instanceId))}) VALUES (${values})`;
    });
    await this.sql.run(`INSERT INTO ${parts.join(' ')}`);
  }

  /** [bucket start, value] for buckets holding samples, oldest first. */
  async series(instanceId: string, metric: MonitorMetricValue, start: number, end: number, intervalMs: number): Promise<Array<[number, number]>> {
    const select = SELECTS[metric];
    const rows = await this.sql.run(
      `SELECT _wstart, ${select.sql} FROM ${DB}.metrics WHERE instance_id = ${quoteText(checkedId(instanceId))} ` +
        `AND ts >= ${Math.floor(start)} AND ts < ${Math.floor(end)} INTERVAL(${Math.round(intervalMs / 1000)}s)`,
    );
    const points: Array<[number, number]> = [];
    for (const row of rows) {
      const value = select.value(row);
      if (value !== null) points.push([Number(row[0]), value]);
    }
    return points;
  }

  /** The most recent sample with gauges, or null when the instance was never sampled. */
  async latest(instanceId: string): Promise<LatestSample | null> {
    const rows = await this.sql.run(
      `SELECT ts, cpu, mem_bytes, disk_bytes FROM ${DB}.metrics WHERE instance_id = ${quoteText(checkedId(instanceId))} ORDER BY ts DESC LIMIT 1`,
    );
    const row = rows[0];
    if (!row) return null;
    const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    return { at: Number(row[0]), cpu: num(row[1]), memBytes: num(row[2]), diskBytes: num(row[3]) };
  }

  /** Every instance's samples taken in [start, end), oldest first (metering reads an hour and what follows it). */
  async usageSamples(start: number, end: number): Promise<UsageSample[]> {
    const rows = await this.sql.run(
      `SELECT instance_id, ts, span_ms, disk_bytes, ingress, egress, plan_level, ha FROM ${DB}.metrics ` +
        `WHERE ts >= ${Math.floor(start)} AND ts < ${Math.floor(end)} ORDER BY ts`,
    );
    const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    return rows.map((r) => ({
      instanceId: String(r[0]),
      at: Number(r[1]),
      spanMs: num(r[2]),
      diskBytes: num(r[3]),
      ingress: num(r[4]),
      egress: num(r[5]),
      planLevel: num(r[6]),
      ha: r[7] === null || r[7] === undefined ? null : Number(r[7]) === 1 ? 1 : 0,
    }));
  }

  close(): Promise<void> {
    return this.sql.close();
  }
}
