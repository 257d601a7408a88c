import { eq } from 'drizzle-orm';
import { nameSql, quoteName, quoteText } from '@tscloud/contracts/sql';
import type { Db } from '../../store/database';
import { instances, tdengineClusters } from '../../store/schema';
import { basicAuthorization, engineRestCall, type EngineTarget } from '../engine-client/rest-call';
import type { EngineEndpoint, EngineSpec, Provisioner } from '../provisioner/provisioner';
import { clusterTarget } from './cluster-repo';
import { TenantNamespace } from './tenant-guard';

const CLUSTER_CALL_MS = 30_000;
/** How long a re-enabled user may take to be served (the clients' heartbeat is a few seconds). */
const ENABLE_WAIT_MS = 20_000;

/** The cluster an instance lives on and its namespace there. */
interface Placement {
  target: EngineTarget;
  url: string;
  ns: TenantNamespace;
  user: string;
}

/**
 * The `tdengine-cluster` provisioner (issue 23; docs/clusters.md decision 6): an instance is a namespace of
 * databases, topics, streams and users on a shared TDengine cluster, driven over its REST protocol as the
 * cluster's superuser. Start makes (or enables again) the namespace's administrator, the user every statement of the
 * instance runs as; stop disables it (TDengine 3.3.7 then refuses its reads of any object with 9796, and the gateway
 * refuses the instance anyway); destroy drops what the namespace owns. Each step is idempotent, so a server that
 * takes over a lease mid-way finishes it. The cluster keeps running whatever the servers do: a server restart
 * finds its instances still there and starts them again without a bounce.
 */
export class ClusterProvisioner implements Provisioner {
  private readonly started = new Set<string>();
  private readonly exitListeners: Array<(instanceId: string, reason: string) => void> = [];

  constructor(private readonly db: Db) {}

  /** Whether the instance lives on a cluster (else another provisioner runs it). */
  async places(instanceId: string): Promise<boolean> {
    const [row] = await this.db.select({ clusterId: instances.clusterId }).from(instances).where(eq(instances.id, instanceId)).limit(1);
    return Boolean(row?.clusterId);
  }

  async start(spec: EngineSpec): Promise<EngineEndpoint> {
    const placement = await this.placementOf(spec.instanceId);
    const { target, user } = placement;
    const existing = await this.rows(target, `SELECT name FROM information_schema.ins_users WHERE name = ${quoteText(user)}`);
    if (existing.length === 0) {
      await this.run(target, `CREATE USER ${nameSql(user)} PASS ${quoteText(spec.adminPassword)} SYSINFO 1 CREATEDB 1`);
    } else {
      await this.run(target, `ALTER USER ${nameSql(user)} PASS ${quoteText(spec.adminPassword)}`);
      await this.run(target, `ALTER USER ${nameSql(user)} ENABLE 1`);
    }
    await this.untilServed({ url: target.url, authorization: basicAuthorization(user, spec.adminPassword) });
    this.started.add(spec.instanceId);
    return { url: placement.url };
  }

  /**
   * Disables the administrator, the user the gateway and the console reach the instance as. Members' users are left
   * as the reconcile keeps them (their passwords never leave the server, and every path to them goes through the
   * instance's status): TDengine's clients learn a re-enabled user only seconds later, so disabling them here would
   * refuse the members' first statements after each start.
   */
  async stop(instanceId: string): Promise<void> {
    this.started.delete(instanceId);
    const { target, user } = await this.placementOf(instanceId);
    await this.run(target, `ALTER USER ${nameSql(user)} ENABLE 0`);
  }

  /** Drops the namespace's consumer groups, topics, streams, databases and users, in that order (each depends on the next). */
  async destroy(instanceId: string): Promise<void> {
    const placement = await this.placementOf(instanceId);
    const { target, ns } = placement;
    const groups = await this.rows(target, 'SELECT topic_name, consumer_group FROM information_schema.ins_subscriptions');
    for (const [topic, group] of groups) {
      if (ns.owns(String(topic))) await this.run(target, `DROP CONSUMER GROUP IF EXISTS ${quoteName(String(group))} ON ${quoteName(String(topic))}`);
    }
    for (const topic of await this.namespaceNames(placement, 'SELECT topic_name FROM information_schema.ins_topics')) {
      await this.run(target, `DROP TOPIC IF EXISTS ${quoteName(topic)}`);
    }
    for (const stream of await this.namespaceNames(placement, 'SELECT stream_name FROM information_schema.ins_streams')) {
      await this.run(target, `DROP STREAM IF EXISTS ${quoteName(stream)}`);
    }
    for (const database of await this.namespaceNames(placement, 'SELECT name FROM information_schema.ins_databases')) {
      await this.run(target, `DROP DATABASE IF EXISTS ${quoteName(database)}`);
    }
    for (const user of await this.namespaceNames(placement, 'SELECT name FROM information_schema.ins_users')) {
      await this.run(target, `DROP USER ${nameSql(user)}`);
    }
  }

  /**
   * Until the administrator's statements are served: TDengine 3.3.7's clients learn a user's ENABLE from a cache
   * refreshed by heartbeat, so for a few seconds after ENABLE 1 a read of a system table is still refused (9796).
   */
  private async untilServed(asUser: EngineTarget): Promise<void> {
    const deadline = Date.now() + ENABLE_WAIT_MS;
    for (;;) {
      const answer = await engineRestCall(asUser, 'SELECT COUNT(*) FROM information_schema.ins_databases', { timeoutMs: CLUSTER_CALL_MS });
      if (answer.code === 0) return;
      if (Date.now() > deadline) throw new Error(`the TDengine cluster does not serve the instance's user yet: ${answer.desc ?? `code ${answer.code}`}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** Nothing to write on the cluster: a plan's limits are enforced by the tenant guard when statements pass. */
  async applyPlan(): Promise<void> {}

  isActive(instanceId: string): boolean {
    return this.started.has(instanceId);
  }

  onUnexpectedExit(listener: (instanceId: string, reason: string) => void): void {
    this.exitListeners.push(listener);
  }

  /** The cluster keeps running: a server shutting down leaves its instances as they are. */
  async shutdown(): Promise<void> {
    this.started.clear();
  }

  private async placementOf(instanceId: string): Promise<Placement> {
    const [row] = await this.db
      .select({ cluster: tdengineClusters, namespace: instances.clusterNamespace, user: instances.engineUser })
      .from(instances)
      .innerJoin(tdengineClusters, eq(instances.clusterId, tdengineClusters.id))
      .where(eq(instances.id, instanceId))
      .limit(1);
    if (!row?.namespace) throw new Error(`instance ${instanceId} is not placed on a TDengine cluster`);
    return { target: clusterTarget(row.cluster), url: row.cluster.restUrl, ns: new TenantNamespace(row.namespace), user: row.user };
  }

  /** The names a listing answers that the namespace owns. */
  private async namespaceNames(placement: Placement, sql: string): Promise<string[]> {
    return (await this.rows(placement.target, sql)).map((row) => String(row[0])).filter((name) => placement.ns.owns(name));
  }

  private async rows(target: EngineTarget, sql: string): Promise<unknown[][]> {
    return (await this.run(target, sql)) ?? [];
  }

  private async run(target: EngineTarget, sql: string): Promise<unknown[][] | undefined> {
    const answer = await engineRestCall(target, sql, { timeoutMs: CLUSTER_CALL_MS });
    if (answer.code !== 0) throw new Error(`the TDengine cluster refused ${sql.split(' ', 3).join(' ')}: ${answer.desc ?? `code ${answer.code}`}`);
    return answer.data;
  }
}
