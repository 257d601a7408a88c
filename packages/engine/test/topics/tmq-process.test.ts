import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEngine, tempDir, type EngineProcess } from '../server/engine-process';
import { TmqClient } from '../../src/topics/ws-client';

let dir: string;
let running: EngineProcess | undefined;
const clients: TmqClient[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) c.kill();
  if (running && running.proc.exitCode === null) await running.kill9();
  running = undefined;
  fs.rmSync(dir, { recursive: true, force: true });
});

async function sql(text: string): Promise<void> {
  const r = await running!.sql(text);
  const body = JSON.parse(r.body) as { code: number; desc?: string };
  if (body.code !== 0) throw new Error(`${text}: ${body.code} ${body.desc}`);
}

async function client(): Promise<TmqClient> {
  const c = await TmqClient.connect(running!.url);
  clients.push(c);
  return c;
}

const T0 = Date.now() - 60_000;
const TABLES = ['d0', 'd1', 'd2'];

/** Writes rows n..n+count-1 into every table: voltage = n, ts = T0 + n. */
async function write(from: number, count: number): Promise<void> {
  const parts = TABLES.map((tb, i) => {
    const values = Array.from({ length: count }, (_, k) => `(${T0 + from + k}, ${from + k}.5, ${from + k})`).join(' ');
    return `db1.${tb} USING db1.meters TAGS (${i}, 'site${i}') VALUES ${values}`;
  });
  await sql(`INSERT INTO ${parts.join(' ')}`);
}

/** voltage values per table, in delivery order */
function perTable(rows: unknown[][]): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const r of rows) (out[r[0] as string] ??= []).push(r[3] as number);
  return out;
}

const range = (from: number, count: number): number[] => Array.from({ length: count }, (_, k) => from + k);

describe('consume protocol against an engine process', () => {
  it('a killed consumer is resumed from its commit by a new one, across an engine kill too, with no loss and no duplicates', async () => {
    dir = tempDir('engine-tmq-');
    running = await startEngine(dir);
    await sql('CREATE DATABASE db1 VGROUPS 2 WAL_RETENTION_PERIOD 3600');
    await sql('CREATE STABLE db1.meters (ts TIMESTAMP, current FLOAT, voltage INT) TAGS (groupid INT, location VARCHAR(24))');
    await sql('CREATE TOPIC tp AS STABLE db1.meters');

    const c1 = await client();
    await c1.subscribe('g1', ['tp']);
    await write(0, 10);
    await write(10, 10);
    const first = await c1.drain();
    expect(perTable(first)).toEqual({ d0: range(0, 20), d1: range(0, 20), d2: range(0, 20) });
    await c1.ok('commit', {});
    const assignment = (await c1.ok('assignment', { topic: 'tp' })).assignment as { vgroup_id: number; offset: number; end: number }[];
    expect(assignment).toHaveLength(2);
    const committed = await c1.ok('committed', { topic_vgroup_ids: assignment.map((a) => ({ topic: 'tp', vgroup_id: a.vgroup_id })) });
    expect(committed.committed).toEqual(assignment.map((a) => a.offset));
    c1.kill();

    await write(20, 5);
    const c2 = await client();
    await c2.subscribe('g1', ['tp']);
    const second = await c2.drain({ commit: true });
    expect(perTable(second)).toEqual({ d0: range(20, 5), d1: range(20, 5), d2: range(20, 5) });

    // the engine itself is killed: committed offsets and the change log survive
    await running.kill9();
    running = await startEngine(dir);
    await write(25, 3);
    const c3 = await client();
    await c3.subscribe('g1', ['tp']);
    const third = await c3.drain({ commit: true });
    expect(perTable(third)).toEqual({ d0: range(25, 3), d1: range(25, 3), d2: range(25, 3) });

    // a new group reading from the start sees everything still retained, once
    const c4 = await client();
    await c4.subscribe('g2', ['tp'], { offset_reset: 'earliest' });
    expect(perTable(await c4.drain())).toEqual({ d0: range(0, 28), d1: range(0, 28), d2: range(0, 28) });
    const subs = JSON.parse((await running.sql('SHOW SUBSCRIPTIONS')).body) as { data: unknown[][] };
    expect(subs.data.filter((r) => r[1] === 'g1').every((r) => typeof r[6] === 'string' && (r[6] as string).startsWith('log:'))).toBe(true);
  });

  it('a consumer process killed with SIGKILL after its commit is resumed exactly by the next member of its group', async () => {
    dir = tempDir('engine-tmq-kill-');
    running = await startEngine(dir);
    await sql('CREATE DATABASE db1 VGROUPS 2 WAL_RETENTION_PERIOD 3600');
    await sql('CREATE STABLE db1.meters (ts TIMESTAMP, current FLOAT, voltage INT) TAGS (groupid INT, location VARCHAR(24))');
    await sql('CREATE TOPIC tq AS SELECT ts, voltage FROM db1.meters WHERE voltage >= 0');
    await write(0, 8);
    const proc = spawn(process.execPath, [path.join(__dirname, 'consumer-process.mjs'), running.url, 'gk', 'tq'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    let out = '';
    let err = '';
    proc.stderr.on('data', (d) => (err += String(d)));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`consumer did not commit: ${err}`)), 30_000);
      proc.stdout.on('data', (d) => {
        out += String(d);
        if (out.includes('COMMITTED\n')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    proc.kill('SIGKILL');
    await exited;
    const seen = out
      .split('\n')
      .filter((l) => l.startsWith('ROW '))
      .map((l) => JSON.parse(l.slice(4)) as unknown[]);
    // query topic: [table, ts, voltage]
    const byTable = (rows: unknown[][]): Record<string, number[]> => {
      const o: Record<string, number[]> = {};
      for (const r of rows) (o[r[0] as string] ??= []).push(r[2] as number);
      return o;
    };
    expect(byTable(seen)).toEqual({ d0: range(0, 8), d1: range(0, 8), d2: range(0, 8) });

    await write(8, 4);
    const next = await client();
    await next.subscribe('gk', ['tq']);
    expect(byTable((await next.drain()).map((r) => [r[0], r[1], r[2]]))).toEqual({ d0: range(8, 4), d1: range(8, 4), d2: range(8, 4) });
  });
  it('a snapshot position committed before a kill of the consumer and of the engine is resumed exactly', async () => {
    dir = tempDir('engine-tmq-snap-');
    running = await startEngine(dir);
    await sql('CREATE DATABASE db1 VGROUPS 1 WAL_RETENTION_PERIOD 3600');
    await sql('CREATE STABLE db1.meters (ts TIMESTAMP, current FLOAT, voltage INT) TAGS (groupid INT, location VARCHAR(24))');
    // written before the topic exists: only the snapshot has them
    for (let n = 0; n < 3000; n += 1000) await write(n, 1000);
    await sql('CREATE TOPIC ts1 AS STABLE db1.meters');
    const c1 = await client();
    await c1.subscribe('gs', ['ts1']);
    const p = await c1.ok('poll', { blocking_time: 500 });
    expect(p).toMatchObject({ snapshot: true, rows: 4096 });
    const first: unknown[][] = [];
    for (let f = await c1.ok('fetch', { message_id: p.message_id }); !f.completed; f = await c1.ok('fetch', { message_id: p.message_id })) {
      for (const row of f.data as unknown[][]) first.push([f.table_name, ...row]);
    }
    await c1.ok('commit', { message_id: p.message_id });
    await c1.ok('poll', { blocking_time: 0 }); // read further but not committed
    c1.kill();
    await running.kill9();
    running = await startEngine(dir);
    await write(3000, 2);
    const c2 = await client();
    await c2.subscribe('gs', ['ts1']);
    const rest = await c2.drain({ commit: true });
    expect(perTable([...first, ...rest])).toEqual({ d0: range(0, 3002), d1: range(0, 3002), d2: range(0, 3002) });
  });
});
