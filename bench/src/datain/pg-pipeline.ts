import { parseArgs } from 'node:util';
import pg from 'pg';
import { connectorDefinition, defaultValues, fromExpandOf } from '@tscloud/contracts';
import { insertStatements, typedBodies, typedColumnBodies } from '../../../packages/server/src/region/replication/runner/engine-writer';
import { buildColumnTransform } from '../../../packages/server/src/region/replication/transform/columns';
import { sourceFor } from '../../../packages/server/src/region/replication/runner/sources';
import { buildTransform } from '../../../packages/server/src/region/replication/transform';
import { serveSourceGuard } from '../../../packages/server/src/region/replication/sources/guard-channel';
import { cpuMeter, loadAverage, PG, PG_READINGS, pipelineLine, readingsTable, runPipelineJob, withPipelineEngine } from './harness';

/**
 * The PostgreSQL data-in pipeline in process, for CPU a row (docs/benchmarks.md "Data in", fourth and fifth passes): the task
 * worker's `runJob` in this thread (no server, no store: the checkpoint is acknowledged at once) reads the bench's
 * table from the local PostgreSQL and writes through an engine process of its own. Prints this process's CPU and the
 * engine's CPU per row written; wall time swings with the machine's load, CPU a row much less.
 *
 *   npx tsx bench/src/datain/pg-pipeline.ts [--rows 500000] [--batch 100000] [--pieces [--columns]]
 *
 * `--pieces`: no engine and no pipeline; the worker's steps one after the other over the whole table, each timed by
 * this thread's CPU a row: reading (the source), the transform, the INSERT text, the typed write's body (the writer
 * sends one or the other). With `--columns` the pieces of the column path (sixth pass): column batches read, the column
 * transform, the typed bodies from the columns (the pipeline takes that path by itself: the bench's mapping allows it).
 */
async function main(): Promise<void> {
  const { values: args } = parseArgs({ options: { rows: { type: 'string', default: '500000' }, batch: { type: 'string', default: '100000' }, pieces: { type: 'boolean', default: false }, columns: { type: 'boolean', default: false } } });
  const rows = Number(args.rows);
  const batch = Number(args.batch);
  const client = new pg.Client({ host: PG.host, port: PG.port, database: PG.database, user: PG.username });
  await client.connect();
  const stopGuard = serveSourceGuard(async () => async (_connector, host) => host);
  let table: string | undefined;
  try {
    const source = await readingsTable(client, rows, batch);
    table = source.table;
    const definition = connectorDefinition('postgres')!;
    const config = fromExpandOf(definition, { ...defaultValues(definition), ...source.values } as never);
    const transform = { mapping: PG_READINGS };
    if (args.pieces) return await (args.columns ? columnPieces : pieces)(config, transform, batch, rows);
    await withPipelineEngine(async (engine) => {
      let written = 0;
      let failed = 0;
      const cpu = cpuMeter(engine.cpuSeconds);
      await runPipelineJob({ connector: 'postgres', config, transform, batchSize: batch }, engine.url, (report) => {
        written += report.written;
        failed += report.failed;
        return false;
      });
      console.log(pipelineLine(written, failed, cpu.perRow(written)));
      if (written !== rows) throw new Error(`${written} rows written, ${rows} expected`);
    });
  } finally {
    stopGuard();
    if (table) await client.query(`DROP TABLE IF EXISTS ${table}`);
    await client.end();
  }
}

const cpuMicros = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return used.user + used.system;
};

/** The worker's steps one after the other, batch by batch, each by CPU a row (no overlap, no engine). */
async function pieces(config: ReturnType<typeof fromExpandOf>, transformConfig: Record<string, unknown>, batch: number, rows: number): Promise<void> {
  const reader = await sourceFor('postgres', config, { taskId: 'pieces', connector: 'postgres', instanceId: 'bench' }, {});
  await reader.open(null);
  const transform = buildTransform(transformConfig as Parameters<typeof buildTransform>[0]);
  let read = 0;
  let bytes = 0;
  let typedBytes = 0;
  let [readMicros, transformMicros, textMicros, typedMicros] = [0, 0, 0, 0];
  for (;;) {
    let cpu = process.cpuUsage();
    const next = await reader.next(batch, 1_000);
    readMicros += cpuMicros(cpu);
    if (next === null) break;
    read += next.records.length;
    cpu = process.cpuUsage();
    const mapped = transform(next.records).rows;
    transformMicros += cpuMicros(cpu);
    cpu = process.cpuUsage();
    for (const statement of insertStatements('datain', mapped)) bytes += Buffer.byteLength(statement.sql);
    textMicros += cpuMicros(cpu);
    cpu = process.cpuUsage();
    for (const body of typedBodies(mapped)) typedBytes += body.length;
    typedMicros += cpuMicros(cpu);
  }
  await reader.close();
  const perRow = (micros: number) => (micros / read).toFixed(2);
  console.log(
    `pieces: ${read.toLocaleString('en')} rows; CPU a row: read ${perRow(readMicros)} µs, transform ${perRow(transformMicros)} µs, ` +
      `INSERT text ${perRow(textMicros)} µs (${(bytes / read).toFixed(0)} bytes a row), typed body ${perRow(typedMicros)} µs (${(typedBytes / read).toFixed(0)} bytes a row); load ${loadAverage()}`,
  );
  if (read !== rows) throw new Error(`${read} rows read, ${rows} expected`);
}

/** The column path's steps one after the other, batch by batch, each by CPU a row. */
async function columnPieces(config: ReturnType<typeof fromExpandOf>, transformConfig: Record<string, unknown>, batch: number, rows: number): Promise<void> {
  const reader = await sourceFor('postgres', config, { taskId: 'pieces', connector: 'postgres', instanceId: 'bench' }, {});
  reader.offerColumns?.();
  await reader.open(null);
  const transform = buildColumnTransform(transformConfig as Parameters<typeof buildColumnTransform>[0]);
  if (!transform) throw new Error('the mapping has no column transform');
  let read = 0;
  let typedBytes = 0;
  let [readMicros, transformMicros, typedMicros] = [0, 0, 0];
  for (;;) {
    let cpu = process.cpuUsage();
    const next = await reader.next(batch, 1_000);
    readMicros += cpuMicros(cpu);
    if (next === null) break;
    if (!next.columns) {
      if (next.records.length > 0) throw new Error('a batch of records, not columns');
      continue;
    }
    read += next.columns.length;
    cpu = process.cpuUsage();
    const mapped = transform(next.columns).columns;
    transformMicros += cpuMicros(cpu);
    cpu = process.cpuUsage();
    for (const body of typedColumnBodies(mapped)) typedBytes += body.length;
    typedMicros += cpuMicros(cpu);
  }
  await reader.close();
  const perRow = (micros: number) => (micros / read).toFixed(2);
  console.log(
    `column pieces: ${read.toLocaleString('en')} rows; CPU a row: read ${perRow(readMicros)} µs, transform ${perRow(transformMicros)} µs, ` +
      `typed body ${perRow(typedMicros)} µs (${(typedBytes / read).toFixed(0)} bytes a row); load ${loadAverage()}`,
  );
  if (read !== rows) throw new Error(`${read} rows read, ${rows} expected`);
}

await main();
