import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { postSql } from './http-client';
import { STABLE_SQL, createChildrenSql, insertSql, type MetersShape } from './meters';


/** Starts `tscloud-engine` as a user would, on a free port; resolves with its URL and a stop function. */
export async function startEngine(dataDir: string): Promise<{ url: string; stop: () => Promise<void>; cpuSeconds: () => number | undefined }> {
  const bin = fileURLToPath(new URL('../../../packages/engine/bin/tscloud-engine.mjs', import.meta.url));
  // BENCH_ENGINE_NODE_ARGS: extra node flags for the engine process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
  const nodeArgs = (process.env.BENCH_ENGINE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const proc = spawn(process.execPath, [...nodeArgs, bin, '--data', dataDir, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (d) => {
      // BENCH_ENGINE_STDOUT=1: the engine's output (e.g. of --trace-gc) on this process's stderr
      if (process.env.BENCH_ENGINE_STDOUT) process.stderr.write(d);
      out += String(d);
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    proc.once('exit', (code) => reject(new Error(`engine exited with ${code}`)));
  });
  return {
    url,
    cpuSeconds: () => processCpuSeconds(proc.pid),
    stop: async () => {
      proc.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * CPU seconds (user + system, all threads) a process has used so far, from /proc (Linux); undefined elsewhere. Load
 * from other work on the machine stretches wall time far more than CPU time, so CPU per row is the steadier figure.
 */
export function processCpuSeconds(pid: number | undefined): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the fields after the command name (which may hold spaces): utime and stime are the 12th and 13th
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

const post = (url: string, sql: string) => postSql(url, sql);

/**
 * (b): the engine over REST, one INSERT of `rowsPerTable` rows per child table,
 * `connections` concurrent clients. Returns rows per second (wall time of the inserts, SQL generation included).
 */
export async function restInsert(shape: MetersShape, connections: number): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-rest-'));
  const engine = await startEngine(dir);
  try {
    await post(engine.url, 'CREATE DATABASE IF NOT EXISTS test');
    await post(engine.url, STABLE_SQL);
    // Child tables first (untimed), as taosBenchmark does; the timed part is the data.
    for (let t = 0; t < shape.tables; t += 100) await post(engine.url, createChildrenSql(t, Math.min(shape.tables, t + 100)));
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      for (let t = next++; t < shape.tables; t = next++) await post(engine.url, insertSql(t, shape.rowsPerTable));
    };
    await Promise.all(Array.from({ length: connections }, worker));
    const seconds = (performance.now() - started) / 1000;
    return (shape.tables * shape.rowsPerTable) / seconds;
  } finally {
    await engine.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
