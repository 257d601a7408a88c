import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { PlanLevelValue } from '@tscloud/contracts';
import { engineLimitsFor } from '../catalog/plans';
import type { EngineEndpoint, EngineSpec, Provisioner } from './provisioner';
import { EngineProcess } from './engine-process';
import { engineBinPath } from './engine-bin';

const PID_FILE = 'engine.pid';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * An engine left running on this directory by a server process that died without stopping it (its children
 * outlive it) still holds the DuckDB files: stop it before starting a new one. Only a process whose command line
 * names this very data directory is touched (a reused pid of another program is left alone).
 */
async function reapStray(dir: string): Promise<void> {
  let pid: number;
  try {
    pid = Number(readFileSync(join(dir, PID_FILE), 'utf8').trim());
  } catch {
    return;
  }
  let cmdline = '';
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    // gone, or no /proc: nothing to stop
  }
  if (pid > 0 && cmdline.includes(`--data\0${dir}\0`)) {
    process.kill(pid, 'SIGTERM');
    for (let waited = 0; alive(pid) && waited < 15_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    if (alive(pid)) process.kill(pid, 'SIGKILL');
    for (let waited = 0; alive(pid) && waited < 5_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
  }
  rmSync(join(dir, PID_FILE), { force: true });
}

/** The plan's limits.json, replaced atomically (the engine watches the file and must never read half of it). */
function writeLimits(dir: string, planLevel: PlanLevelValue, ha: boolean): void {
  const limitsFile = join(dir, 'limits.json');
  writeFileSync(`${limitsFile}.tmp`, JSON.stringify(engineLimitsFor(planLevel, ha), null, 2));
  renameSync(`${limitsFile}.tmp`, limitsFile);
}

export interface LocalProvisionerOptions {
  /** DATA_DIR/instances: each instance gets DATA_DIR/instances/{id}. */
  instancesDir: string;
  readyTimeoutMs?: number;
  binPath?: string;
}

/**
 * The default provisioner: one engine process per running instance on this machine, its data in
 * DATA_DIR/instances/{id}, the plan's limits written to its limits.json before every start (the engine re-reads
 * the file when it changes, so a plan change needs no restart).
 */
export class LocalProvisioner implements Provisioner {
  private readonly processes = new Map<string, EngineProcess>();
  private readonly listeners: Array<(instanceId: string, reason: string) => void> = [];
  private readonly binPath: string;
  private readonly readyTimeoutMs: number;
  /** Set by shutdown: a start still in flight then (waiting on a stray's reaping) spawns nothing. */
  private closed = false;

  constructor(private readonly options: LocalProvisionerOptions) {
    this.binPath = options.binPath ?? engineBinPath();
    this.readyTimeoutMs = options.readyTimeoutMs ?? 120_000;
  }

  dataDirOf(instanceId: string): string {
    if (!/^[\w-]+$/.test(instanceId)) throw new Error(`invalid instance id ${instanceId}`);
    return join(this.options.instancesDir, instanceId);
  }

  async start(spec: EngineSpec): Promise<EngineEndpoint> {
    if (this.processes.has(spec.instanceId)) throw new Error('engine already started');
    const dir = this.dataDirOf(spec.instanceId);
    mkdirSync(dir, { recursive: true });
    writeLimits(dir, spec.planLevel, spec.ha);

    await reapStray(dir);
    // shutdown came while the stray was reaped: the engine it stopped did not exist yet, so none is made now
    if (this.closed) throw new Error('the provisioner is shut down');

    const engine = new EngineProcess({ binPath: this.binPath, dataDir: dir, user: spec.adminUser, password: spec.adminPassword, readyTimeoutMs: this.readyTimeoutMs });
    this.processes.set(spec.instanceId, engine);
    if (engine.pid) writeFileSync(join(dir, PID_FILE), String(engine.pid));
    void engine.exited.then((reason) => {
      rmSync(join(dir, PID_FILE), { force: true });
      if (this.processes.get(spec.instanceId) !== engine) return;
      this.processes.delete(spec.instanceId);
      if (!engine.isStopping) for (const listener of this.listeners) listener(spec.instanceId, reason);
    });
    return { url: await engine.ready };
  }

  async stop(instanceId: string): Promise<void> {
    const engine = this.processes.get(instanceId);
    if (!engine) return;
    await engine.stop();
    if (this.processes.get(instanceId) === engine) this.processes.delete(instanceId);
  }

  async destroy(instanceId: string): Promise<void> {
    if (this.processes.has(instanceId)) throw new Error('stop the engine before destroying its data');
    rmSync(this.dataDirOf(instanceId), { recursive: true, force: true });
  }

  async applyPlan(instanceId: string, planLevel: PlanLevelValue, ha: boolean): Promise<void> {
    const dir = this.dataDirOf(instanceId);
    // Never started here yet: its first start writes the limits.
    if (existsSync(dir)) writeLimits(dir, planLevel, ha);
  }

  isActive(instanceId: string): boolean {
    return this.processes.has(instanceId);
  }

  /** The process id of a running engine (tests kill it to see Failed). */
  pidOf(instanceId: string): number | undefined {
    return this.processes.get(instanceId)?.pid;
  }

  onUnexpectedExit(listener: (instanceId: string, reason: string) => void): void {
    this.listeners.push(listener);
  }

  async shutdown(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.processes.keys()].map((id) => this.stop(id)));
  }
}
