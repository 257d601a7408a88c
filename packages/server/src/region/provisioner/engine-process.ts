import { spawn, type ChildProcess } from 'node:child_process';

const LISTENING = /listening on (http:\/\/[^\s]+)/;
const TAIL_LINES = 20;

export interface EngineProcessOptions {
  binPath: string;
  dataDir: string;
  user: string;
  password: string;
  /** How long the engine may take to answer /-/ping. */
  readyTimeoutMs: number;
}

/**
 * One engine child process. It is started on port 0 and reports the port it bound in its first line, so no
 * port is guessed (and none raced for). `ready` settles once /-/ping answers or the process cannot start.
 */
export class EngineProcess {
  readonly ready: Promise<string>;
  /** Resolves with how the process ended. */
  readonly exited: Promise<string>;
  private readonly child: ChildProcess;
  private readonly tail: string[] = [];
  private stopping = false;

  constructor(options: EngineProcessOptions) {
    this.child = spawn(
      process.execPath,
      // the user as `--user=value` (a value starting with '-' stays a value); the password in the environment (not
      // in `ps`); `--data DIR` as two arguments, which is how local-provisioner.ts recognises a stray engine
      [options.binPath, '--data', options.dataDir, '--port', '0', '--host', '127.0.0.1', `--user=${options.user}`],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, TSCLOUD_ENGINE_PASSWORD: options.password } },
    );
    this.exited = new Promise((resolve) => {
      this.child.once('error', (error) => resolve(`engine could not be spawned: ${error.message}`));
      this.child.once('exit', (code, signal) => resolve(this.describeExit(code, signal)));
    });
    let announced: (url: string) => void = () => undefined;
    const url = new Promise<string>((resolve) => (announced = resolve));
    const collect = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line.trim()) continue;
        const match = LISTENING.exec(line);
        if (match) announced(match[1]);
        this.tail.push(line);
        if (this.tail.length > TAIL_LINES) this.tail.shift();
      }
    };
    this.child.stdout?.on('data', collect);
    this.child.stderr?.on('data', collect);
    this.ready = this.awaitReady(url, options.readyTimeoutMs);
    // Nobody may be waiting on `ready` when a stop cuts a start short.
    this.ready.catch(() => undefined);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  private describeExit(code: number | null, signal: NodeJS.Signals | null): string {
    const how = signal ? `killed by ${signal}` : `exited with code ${code}`;
    const last = this.tail.filter((l) => !/listening on|checkpointing/.test(l)).slice(-3).join(' | ');
    return last ? `engine ${how}: ${last}` : `engine ${how}`;
  }

  private async awaitReady(announcedUrl: Promise<string>, timeoutMs: number): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`engine did not answer /-/ping within ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
    });
    const ended = this.exited.then((reason) => Promise.reject(new Error(reason)));
    try {
      const url = await Promise.race([announcedUrl, ended, timeout]);
      await Promise.race([this.ping(url), ended, timeout]);
      return url;
    } catch (error) {
      if (!this.stopping) await this.stop();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Waits until the announced address answers /-/ping with 200. */
  private async ping(url: string): Promise<void> {
    for (;;) {
      try {
        const res = await fetch(`${url}/-/ping`, { signal: AbortSignal.timeout(2_000) });
        if (res.ok) return;
      } catch {
        // not yet
      }
      if (this.stopping) throw new Error('engine stopped while starting');
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  /** SIGTERM (the engine checkpoints and exits), SIGKILL if it does not go within the grace time. */
  async stop(graceMs = 15_000): Promise<void> {
    this.stopping = true;
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}
