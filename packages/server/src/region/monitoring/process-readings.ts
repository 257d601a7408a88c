import { readFile, readdir, lstat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * What the sampler reads about an engine process from Linux's /proc and from its data directory. Linux reports
 * CPU time in clock ticks of USER_HZ, which the kernel fixes at 100 for user space on every architecture.
 */
const USER_HZ = 100;

/** Total CPU time (user + system) the process has used, in ms; null when the process is gone. */
export async function cpuTimeMs(pid: number): Promise<number | null> {
  const text = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (text === null) return null;
  // The command name (field 2) is in parentheses and may hold spaces: count fields after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // After the name, fields start at 3 (state); utime is field 14 and stime field 15.
  const utime = Number(fields[14 - 3]);
  const stime = Number(fields[15 - 3]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) return null;
  return ((utime + stime) * 1000) / USER_HZ;
}

/** Resident memory (VmRSS) in bytes; null when the process is gone. */
export async function residentBytes(pid: number): Promise<number | null> {
  const text = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => null);
  const match = text ? /^VmRSS:\s+(\d+)\s+kB/m.exec(text) : null;
  return match ? Number(match[1]) * 1024 : null;
}

/** Bytes a directory takes on disk (allocated blocks, so sparse and pre-allocated files count as they are). */
export async function directoryBytes(dir: string): Promise<number> {
  let total = 0;
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      total += await directoryBytes(path);
      continue;
    }
    // A file may vanish between the listing and the stat (DuckDB's WAL, temporary files).
    const stat = await lstat(path).catch(() => null);
    if (stat) total += stat.blocks * 512;
  }
  return total;
}

/** The engine's own counters (GET /-/stats of the engine's REST server). */
export interface EngineCounters {
  /** Rows written (INSERT rows and schemaless points), not statements: the dashboard's insert rate is in rows. */
  rowsInserted: number;
  queries: number;
  uptimeMs: number;
  databases: number;
  stables: number;
  tables: number;
}

export async function engineCounters(engineUrl: string, timeoutMs = 5_000): Promise<EngineCounters | null> {
  try {
    const res = await fetch(`${engineUrl}/-/stats`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) return null;
    const body = (await res.json()) as Record<string, unknown>;
    const n = (key: string) => (typeof body[key] === 'number' ? (body[key] as number) : 0);
    return { rowsInserted: n('rowsWritten'), queries: n('queries'), uptimeMs: n('uptimeMs'), databases: n('databases'), stables: n('stables'), tables: n('tables') };
  } catch {
    return null;
  }
}
