import { mkdirSync, rmSync, writeFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { engineLimitsFor } from '../catalog/plans';
import type { EngineEndpoint, EngineSpec, Provisioner } from './provisioner';
import { EngineProcess } from './engine-process';
import { engineBinPath } from './engine-bin';

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
    const limitsFile = join(dir, 'limits.json');
    writeFileSync(`${limitsFile}.tmp`, JSON.stringify(engineLimitsFor(spec.planLevel), null, 2));
    renameSync(`${limitsFile}.tmp`, limitsFile);

    const engine = new EngineProcess({ binPath: this.binPath, dataDir: dir, user: spec.adminUser, password: spec.adminPassword, readyTimeoutMs: this.readyTimeoutMs });
    this.processes.set(spec.instanceId, engine);
    void engine.exited.then((reason) => {
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
    await Promise.all([...this.processes.keys()].map((id) => this.stop(id)));
  }
}
