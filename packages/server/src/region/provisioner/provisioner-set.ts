import type { EngineEndpoint, EngineSpec, Provisioner } from './provisioner';

/** A provisioner that knows, from the store, whether an instance is its own. */
export interface PlacingProvisioner extends Provisioner {
  places(instanceId: string): Promise<boolean>;
}

/**
 * The provisioner of each instance (docs/clusters.md decision 2): one on a TDengine cluster goes to the cluster
 * provisioner, any other to the local one (an engine process of ours). The lifecycle sees one provisioner.
 */
export class ProvisionerSet implements Provisioner {
  constructor(
    private readonly local: Provisioner,
    private readonly cluster: PlacingProvisioner,
  ) {}

  private async of(instanceId: string): Promise<Provisioner> {
    return (await this.cluster.places(instanceId)) ? this.cluster : this.local;
  }

  async start(spec: EngineSpec): Promise<EngineEndpoint> {
    return (await this.of(spec.instanceId)).start(spec);
  }

  async stop(instanceId: string): Promise<void> {
    // What this server runs is stopped where it runs, even if the store no longer says so.
    if (this.local.isActive(instanceId)) return this.local.stop(instanceId);
    return (await this.of(instanceId)).stop(instanceId);
  }

  async destroy(instanceId: string): Promise<void> {
    return (await this.of(instanceId)).destroy(instanceId);
  }

  async applyPlan(instanceId: string, planLevel: Parameters<Provisioner['applyPlan']>[1], ha: boolean): Promise<void> {
    return (await this.of(instanceId)).applyPlan(instanceId, planLevel, ha);
  }

  isActive(instanceId: string): boolean {
    return this.local.isActive(instanceId) || this.cluster.isActive(instanceId);
  }

  onUnexpectedExit(listener: (instanceId: string, reason: string) => void): void {
    this.local.onUnexpectedExit(listener);
    this.cluster.onUnexpectedExit(listener);
  }

  async shutdown(): Promise<void> {
    await Promise.all([this.local.shutdown(), this.cluster.shutdown()]);
  }
}
