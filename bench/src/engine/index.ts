import { parseArgs } from 'node:util';
import { baselineAppend } from './baseline-append';
import { lineProtocolInsert } from './line-protocol';
import { streamUpkeep } from './stream-upkeep';
import { runQueryBench } from './queries';
import { restInsert } from './rest-insert';
import { compareWithTdengine } from './tdengine-comparison';

/** Prints one result line: `name: value unit (ratio R vs baseline)`. */
function report(name: string, value: number, unit: string, baseline?: number): void {
  const ratio = baseline ? ` (ratio ${(value / baseline).toFixed(2)} vs baseline)` : ' (baseline)';
  console.log(`${name}: ${Math.round(value).toLocaleString('en-US')} ${unit}${ratio}`);
}

/**
 * The meters demo of facts §5.1 at 1000 child tables × 10,000 rows (`--scale 0.1` → 100 tables).
 * (a) DuckDB appendDataChunk in process (baseline), (b) the engine over REST, INSERTs of 10,000 rows, 2 connections.
 * Target: (b) ≥ 0.5 × (a). Then (c) line protocol over HTTP (10,000 lines a request) vs (a), target ≥ 0.5, and
 * time-ordered ingestion with one per-minute stream vs the same without it, target ≥ 0.7 (docs/benchmarks.md).
 */
export async function runEngineBench(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      scale: { type: 'string', default: '1' },
      connections: { type: 'string', default: '2' },
      // only the insert comparison (quick iterations on the write path)
      'inserts-only': { type: 'boolean', default: false },
      // the insert comparisons, line protocol and stream upkeep, without the query benchmark
      'skip-queries': { type: 'boolean', default: false },
      // only the line-protocol comparison (quick iterations on the schemaless write path)
      'lp-only': { type: 'boolean', default: false },
      // a real TDengine beside the engine (../shared/oracle/README.md): the folder with its shell `taos` and the
      // native ingest client `tdengine_ingest`, and its client configuration folder; then the bench is the comparison
      'tdengine-bin': { type: 'string' },
      'tdengine-cfg': { type: 'string' },
      // only the query benchmark (quick iterations on the read path)
      'queries-only': { type: 'boolean', default: false },
    },
  });
  const scale = Number(values.scale);
  if (!(scale > 0 && scale <= 1)) throw new Error('--scale must be in (0, 1]');
  const shape = { tables: Math.max(1, Math.round(1000 * scale)), rowsPerTable: 10_000 };
  const connections = Number(values.connections);
  console.log(`engine bench: ${shape.tables} child tables × ${shape.rowsPerTable} rows = ${(shape.tables * shape.rowsPerTable).toLocaleString('en-US')} rows`);
  if (values['tdengine-bin'] || values['tdengine-cfg']) {
    if (!values['tdengine-bin'] || !values['tdengine-cfg']) throw new Error('--tdengine-bin and --tdengine-cfg go together');
    await compareWithTdengine(shape, { bin: values['tdengine-bin'], cfg: values['tdengine-cfg'] }, connections);
    return;
  }
  if (values['queries-only']) {
    await runQueryBench(shape);
    return;
  }
  const append = await baselineAppend(shape);
  const baseline = append.rowsPerSecond;
  report('insert, DuckDB appendDataChunk in process', baseline, 'rows/s');
  const lineProtocol = async (): Promise<void> => {
    const lp = await lineProtocolInsert(shape, connections);
    report(`insert, engine line protocol over HTTP (10,000 lines a request, ${connections} connections)`, lp.rowsPerSecond, 'rows/s', baseline);
    // CPU per row moves far less with other load on the machine than wall time does
    if (lp.cpu) console.log(`  CPU per row: baseline ${append.cpuPerRow.toFixed(2)} µs; line protocol: engine ${lp.cpu.engine.toFixed(2)} µs + client ${lp.cpu.client.toFixed(2)} µs`);
  };
  if (values['lp-only']) return lineProtocol();
  const rest = await restInsert(shape, connections);
  report(`insert, engine over REST (10,000-row INSERTs, ${connections} connections)`, rest, 'rows/s', baseline);
  if (values['inserts-only']) return;
  await lineProtocol();
  const plain = await streamUpkeep(shape, connections, false);
  report(`ingest in time order, line protocol, no stream`, plain.rowsPerSecond, 'rows/s');
  const kept = await streamUpkeep(shape, connections, true);
  report(`ingest in time order, line protocol, one per-minute stream on the super table`, kept.rowsPerSecond, 'rows/s', plain.rowsPerSecond);
  console.log(`  stream: ${kept.windows} windows written, last one ${kept.lagSeconds?.toFixed(2)} s after the last write`);
  if (!values['skip-queries']) await runQueryBench(shape);
}
