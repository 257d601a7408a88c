import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const BIN = path.resolve(__dirname, '../../bin/tscloud-engine.mjs');

/** A running `tscloud-engine` process on a free port, as a user starts it. */
export interface EngineProcess {
  url: string;
  dataDir: string;
  proc: ChildProcess;
  /** POST /rest/sql[/{db}] as root; returns HTTP status and raw body */
  sql(sql: string, opts?: { db?: string; query?: string; auth?: string | null }): Promise<{ status: number; body: string }>;
  /** SIGTERM and wait for exit; resolves with the exit code */
  stop(): Promise<number | null>;
  /** SIGKILL and wait */
  kill9(): Promise<void>;
}

export const ROOT_AUTH = `Basic ${Buffer.from('root:taosdata').toString('base64')}`;

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export async function startEngine(dataDir: string, extraArgs: string[] = []): Promise<EngineProcess> {
  const proc = spawn(process.execPath, [BIN, '--data', dataDir, '--port', '0', ...extraArgs], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  let stderr = '';
  proc.stderr!.on('data', (d) => (stderr += String(d)));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`engine did not start: ${stderr}`)), 30_000);
    proc.stdout!.on('data', (d) => {
      out += String(d);
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    proc.once('exit', (code) => reject(new Error(`engine exited with ${code}: ${stderr}`)));
  });
  return {
    url,
    dataDir,
    proc,
    async sql(sql, opts = {}) {
      const headers: Record<string, string> = {};
      const auth = opts.auth === undefined ? ROOT_AUTH : opts.auth;
      if (auth !== null) headers.Authorization = auth;
      const res = await fetch(`${url}/rest/sql${opts.db ? `/${opts.db}` : ''}${opts.query ? `?${opts.query}` : ''}`, {
        method: 'POST',
        headers,
        body: sql,
      });
      return { status: res.status, body: await res.text() };
    },
    async stop() {
      proc.kill('SIGTERM');
      return exited;
    },
    async kill9() {
      proc.kill('SIGKILL');
      await exited;
    },
  };
}

/** Error bodies carry a varying `timing`; tests compare everything else byte for byte. */
export function withoutTiming(body: string): string {
  return body.replace(/,"timing":\d+/, ',"timing":T');
}
