import type { PlanLevelValue } from '@tscloud/contracts';

/** What a provisioner needs to bring up one instance's engine. */
export interface EngineSpec {
  instanceId: string;
  planLevel: PlanLevelValue;
  /** A high-availability instance: its databases may (and by default do) keep three replicas. */
  ha: boolean;
  /** The engine superuser the server (and the gateway) talk to the engine as. */
  adminUser: string;
  adminPassword: string;
}

/** Where a started engine answers the TDengine REST protocol (base URL, no trailing slash). */
export interface EngineEndpoint {
  url: string;
}

/**
 * Runs instances' engines. The lifecycle (region/instances/lifecycle.ts) decides WHEN an engine should run and
 * persists the statuses; a provisioner only does it and reports the truth. The local provisioner starts engine
 * processes beside the server; another one (engines on other hosts, an external TDengine cluster) implements
 * the same interface and nothing else changes.
 */
export interface Provisioner {
  /**
   * Starts the engine of an instance with its data (created empty the first time) and resolves once it answers
   * /-/ping; rejects with an Error whose message is the reason it could not start.
   */
  start(spec: EngineSpec): Promise<EngineEndpoint>;
  /** Stops the engine (also one still starting); resolves once it is gone. Its data stays. */
  stop(instanceId: string): Promise<void>;
  /** Removes everything the instance has; the engine must be stopped. */
  destroy(instanceId: string): Promise<void>;
  /**
   * Applies a plan to an instance's engine (plan upgrade): its limits are written where the engine reads them. A
   * running engine takes them without a restart (it re-reads its limits file when it changes); a stopped one at its
   * next start (start writes them too).
   */
  applyPlan(instanceId: string, planLevel: PlanLevelValue, ha: boolean): Promise<void>;
  /** Whether an engine of this instance is started or starting here. */
  isActive(instanceId: string): boolean;
  /** Called when a started engine ends without being asked to (crash, kill): the reason says how. */
  onUnexpectedExit(listener: (instanceId: string, reason: string) => void): void;
  /** Stops every engine this provisioner runs (server shutdown). */
  shutdown(): Promise<void>;
}
