/**
 * `npm run bench -- <suite> [flags]`: runs one benchmark suite and prints `name: value unit (ratio R vs baseline)`.
 * Suites: engine (the meters demo: in-process DuckDB append vs the engine over REST), load (signed-in reads at a fixed
 * rate against a static file of the same server), export (a 1M-row super table exported through the server vs the
 * engine's own SELECT), datain (MQTT and PostgreSQL data-in tasks vs the engine's line-protocol writes).
 */
import { runEngineBench } from './engine';
import { runDatainBench } from './datain';
import { runExportBench } from './export';
import { runLoadBench } from './load';

const SUITES: Record<string, (args: string[]) => Promise<void>> = {
  engine: runEngineBench,
  load: runLoadBench,
  export: runExportBench,
  datain: runDatainBench,
};

async function main(): Promise<void> {
  const [suite, ...args] = process.argv.slice(2);
  const run = suite ? SUITES[suite] : undefined;
  if (!run) {
    console.error(`usage: npm run bench -- <${Object.keys(SUITES).join('|')}> [flags]`);
    process.exit(2);
  }
  await run(args);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
