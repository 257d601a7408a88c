import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MetersShape } from './meters';
import { oracleChildrenSql, oracleInsertSql, oracleLines, oracleStableSql } from './oracle-meters';
import { ORACLE_QUERIES } from './queries';
import { startEngine } from './rest-insert';
import { post as httpPost, postSql } from './http-client';
import { median, onTdengine, tdengineIngest, tdengineQueryMs, tdengineStatementMs, type TdengineSide } from './tdengine-side';

const ROWS_PER_REQUEST = 10_000;

/** POSTs to the engine and answers the rows of a `/rest/sql` answer (none for 204). */
async function post(url: string, route: string, body: string | Uint8Array, expectStatus = 200): Promise<unknown[][]> {
  if (route === '/rest/sql') return postSql(url, body);
  await httpPost(`${url}${route}`, body, expectStatus);
  return [];
}

/** Sends every body over `connections` concurrent clients; answers rows/s (bodies were built before timing). */
async function timedSend(send: (body: Uint8Array) => Promise<unknown>, bodies: Uint8Array[], rows: number, connections: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (let i = next++; i < bodies.length; i = next++) await send(bodies[i]);
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return rows / ((performance.now() - started) / 1000);
}

function requests<T>(shape: MetersShape, make: (table: number, from: number, n: number) => T): T[] {
  const out: T[] = [];
  for (let t = 0; t < shape.tables; t++) {
    for (let from = 0; from < shape.rowsPerTable; from += ROWS_PER_REQUEST) out.push(make(t, from, Math.min(ROWS_PER_REQUEST, shape.rowsPerTable - from)));
  }
  return out;
}

/** The README's Q4 day on the oracle data set (rows 1 s apart from 2023-11-14 22:13:20). */
const Q4_ON_ORACLE_DATA =
  "select tbname, _wstart, avg(current) from test.meters where ts >= '2023-11-14 12:00:00' and ts < '2023-11-15 12:00:00' partition by tbname interval(10m)";

/**
 * The engine beside a real TDengine in one run (issue 25 "Speed"; ../shared/oracle/README.md): the same data set
 * (oracle-meters.ts, the native client's), ingest by the native client (multi-row SQL and schemaless line protocol,
 * `connections` threads, 10,000 rows a request) against the engine over REST and `/influxdb/v1/write` (bodies built
 * before timing, as the client builds its own, and sent as bytes with node's http client: http-client.ts), then the ten queries of the reference table, TDengine timed by its
 * shell (query and fetch, no start-up) and the engine over REST (request to parsed JSON), medians of 5 after a warm-up
 * of every query and the same 20 s settle on both sides.
 * Target: every ratio ≤ 1 for queries, ≥ 1 for ingest.
 */
export async function compareWithTdengine(shape: MetersShape, side: TdengineSide, connections: number): Promise<void> {
  const rows = shape.tables * shape.rowsPerTable;
  const tdSml = await tdengineIngest(side, shape, 'sml', connections);
  await tdengineStatementMs(side, 'drop database if exists bench_sml');
  const tdSql = await tdengineIngest(side, shape, 'sql', connections); // leaves `bench` loaded for the queries
  await tdengineStatementMs(side, 'flush database bench');
  // the flush returns before the vnodes have written their files and block statistics; queried at once, TDengine
  // answered Q5/Q8 from the memory tables 10-30× slower than once settled
  await new Promise((resolve) => setTimeout(resolve, 20_000));

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-vs-tdengine-'));
  const engine = await startEngine(dir);
  try {
    const sql = (text: string) => post(engine.url, '/rest/sql', text);
    await sql("CREATE DATABASE bench_sml");
    const lineBodies = requests(shape, (table, from, n) => Buffer.from(oracleLines(table, from, n)));
    const lp = await timedSend((body) => post(engine.url, '/influxdb/v1/write?db=bench_sml&precision=ms', body, 204), lineBodies, rows, connections);
    lineBodies.length = 0;
    await sql('DROP DATABASE bench_sml');

    await sql('CREATE DATABASE bench');
    await sql(oracleStableSql('bench'));
    for (let t = 0; t < shape.tables; t += 100) await sql(oracleChildrenSql('bench', t, Math.min(shape.tables, t + 100)));
    const insertBodies = requests(shape, (table, from, n) => Buffer.from(oracleInsertSql('bench', table, from, n)));
    const rest = await timedSend((body) => postSql(engine.url, body), insertBodies, rows, connections);
    insertBodies.length = 0;

    const ratio = (engineValue: number, tdValue: number) => (engineValue / tdValue).toFixed(2);
    console.log(`ingest vs TDengine ${rows.toLocaleString('en-US')} rows, ${connections} connections:`);
    console.log(`  multi-row SQL INSERT: engine over REST ${Math.round(rest).toLocaleString('en-US')} rows/s, TDengine native ${Math.round(tdSql).toLocaleString('en-US')} rows/s (ratio ${ratio(rest, tdSql)}, target ≥ 1)`);
    console.log(`  line protocol: engine /influxdb/v1/write ${Math.round(lp).toLocaleString('en-US')} rows/s, TDengine taos_schemaless_insert ${Math.round(tdSml).toLocaleString('en-US')} rows/s (ratio ${ratio(lp, tdSml)}, target ≥ 1)`);

    console.log('queries vs TDengine (median of 5 after a warm-up; TDengine by its shell, the engine over REST):');
    const texts = ORACLE_QUERIES.map((q) => onTdengine(q.name === 'Q4' ? Q4_ON_ORACLE_DATA : q.sql));
    // The engine builds its per-table copies (representative rows, per-minute sums) in the background when a query
    // first wants them, as TDengine writes its block statistics after a flush: each side gets the same settle time.
    for (const text of texts) await sql(text);
    await new Promise((resolve) => setTimeout(resolve, 20_000));
    for (const [i, q] of ORACLE_QUERIES.entries()) {
      const text = texts[i];
      const tdMs = await tdengineQueryMs(side, text);
      await sql(text);
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        await sql(text);
        times.push(performance.now() - started);
      }
      const engineMs = median(times);
      const verdict = engineMs <= tdMs ? 'at or under' : 'over';
      console.log(`  ${q.name}: engine ${engineMs.toFixed(1)} ms, TDengine ${tdMs.toFixed(1)} ms (ratio ${(engineMs / tdMs).toFixed(2)}, ${verdict} TDengine) — ${text}`);
    }
  } finally {
    await engine.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
