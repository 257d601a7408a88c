import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../console-process';

/**
 * A Mosquitto of the bench's own, on a free port: the broker's defaults (max_inflight_messages 20, max_queued_messages
 * 1000) cap a QoS 1 persistent session at 20 unacknowledged messages — and the task acknowledges a message only once
 * the engine wrote it, a batch at a time — so the bench lifts both (docs/benchmarks.md "Data in").
 */
export async function startMosquitto(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-mosquitto-'));
  const port = await freePort();
  const config = join(dir, 'mosquitto.conf');
  writeFileSync(config, [`listener ${port} 127.0.0.1`, 'allow_anonymous true', 'max_inflight_messages 0', 'max_queued_messages 10000000', 'persistence false', ''].join('\n'));
  const broker = spawn('mosquitto', ['-c', config], { stdio: 'ignore' });
  const stop = async () => {
    broker.kill('SIGTERM');
    await new Promise((resolve) => (broker.exitCode !== null ? resolve(null) : broker.once('exit', resolve)));
    rmSync(dir, { recursive: true, force: true });
  };
  for (const deadline = Date.now() + 10_000; ; ) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => resolve(socket.end() && true)).on('error', () => resolve(false));
    });
    if (open) return { url: `mqtt://127.0.0.1:${port}`, stop };
    if (broker.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error('mosquitto did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
