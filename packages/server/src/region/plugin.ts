import { join } from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { and, eq, ne } from 'drizzle-orm';
import type { AppDeps } from '../deps';
import { provideInstanceDirectory } from '../platform/access';
import { instances } from '../store/schema';
import { cloudsFrom } from './catalog/clouds';
import { catalogRoutes } from './catalog/routes';
import type { RegionServices } from './services';
import { allowListRoutes } from './allowlist/routes';
import { instanceUsersRoutes, syncInstanceUsers, syncOrgInstances } from './instance-users';
import { explorerRoutes } from './explorer';
import { streamRoutes } from './streams';
import { topicsRoutes } from './topics';
import { replicationRoutes } from './replication';
import { gatewayPlugin } from './gateway/gateway-plugin';
import { TrafficCounter } from './gateway/traffic';
import { controlRoutes } from './instances/control-routes';
import { createRoutes } from './instances/create-routes';
import { countOrgInstances } from './instances/instance-repo';
import { InstanceLifecycle } from './instances/lifecycle';
import { sealStoredEnginePasswords } from './instances/engine-password';
import { secretBox } from '../secrets/secret-box';
import { manageRoutes } from './instances/manage-routes';
import { upgradeRoutes } from './instances/upgrade-routes';
import { billingAccountRoutes } from './billing-account/routes';
import { LocalProvisioner } from './provisioner/local-provisioner';
import { ProvisionerSet } from './provisioner/provisioner-set';
import { ClusterProvisioner } from './clusters/cluster-provisioner';
import { ClusterHealthMonitor } from './clusters/cluster-health';

/**
 * The region half for instances: clouds and plans, instance calls, the lifecycle that runs engines through the
 * provisioner, the gateway and the IP allow-list. It tells access control which organization owns an
 * instance (the 'instance' access level) and how many an organization has (organization deletion).
 */
const registerRegion: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;
  // Each instance on its own provisioner: a TDengine cluster's namespace, or an engine process of ours.
  const localProvisioner = new LocalProvisioner({ instancesDir: join(deps.config.dataDir, 'instances') });
  const provisioner = new ProvisionerSet(localProvisioner, new ClusterProvisioner(db));
  const lifecycle = new InstanceLifecycle(db, deps.clock, provisioner, {
    leaseMs: deps.config.instanceLeaseMs,
    log: (message, error) => app.log.error({ err: error }, message),
    // The engine users are made once the engine runs (again), not at the first SQL call (docs/instance-users.md).
    onRunning: (row) => void syncInstanceUsers(deps, row, app.log),
  });
  const traffic = new TrafficCounter(db);
  const clusterHealth = new ClusterHealthMonitor(db, deps.clock, deps.config.clusterHealthMs, (message, error) => app.log.warn({ err: error }, message));
  app.decorate('region', { clouds: cloudsFrom(), provisioner, localProvisioner, lifecycle, traffic, clusterHealth } satisfies RegionServices);

  // Engine passwords stored before encryption at rest, or sealed with a previous key, are sealed with the current
  // key now (before the lifecycle reads any); a sealed one no key opens is reported.
  const { sealed, unreadable } = await sealStoredEnginePasswords(db, secretBox(deps.config.secrets));
  if (sealed) app.log.info({ sealed }, 'instance engine passwords encrypted at rest');
  if (unreadable) app.log.error({ unreadable }, 'instance engine passwords that no configured secrets key can decrypt: set SECRETS_KEY_PREVIOUS to the key that sealed them');

  provideInstanceDirectory(app, {
    orgOf: async (instanceId) => {
      const rows = await db
        .select({ orgId: instances.orgId })
        .from(instances)
        .where(and(eq(instances.id, instanceId), ne(instances.status, 'Deleted')))
        .limit(1);
      return rows[0]?.orgId ?? null;
    },
    countByOrg: (orgId) => countOrgInstances(db, orgId),
  });

  // Every route plugin takes the app's dependencies; the region's services above are read from app.region.
  for (const routes of [
    catalogRoutes,
    createRoutes,
    manageRoutes,
    controlRoutes,
    upgradeRoutes,
    billingAccountRoutes,
    allowListRoutes,
    instanceUsersRoutes,
    explorerRoutes,
    streamRoutes,
    topicsRoutes,
    replicationRoutes,
    gatewayPlugin,
  ]) {
    await app.register(routes, deps);
  }

  // A change of who may do what (routes declaring policy.changesAccess) reaches the organization's engines now; a
  // member's next SQL call waits for it (engine-sync.ts). Started before the answer leaves, finished in the background.
  app.addHook('onSend', async (request, reply, payload) => {
    const orgId = request.orgActor?.orgId;
    if (orgId && reply.statusCode < 400 && request.routeOptions.config.policy?.changesAccess) {
      void syncOrgInstances(deps, orgId, request.log).catch((error) => request.log.error({ err: error, orgId }, 'instance users: engine reconcile failed'));
    }
    return payload;
  });

  app.addHook('onReady', async () => {
    lifecycle.start();
    traffic.start();
    clusterHealth.start();
  });
  app.addHook('onClose', async () => {
    await clusterHealth.stop();
    await lifecycle.shutdown();
    await traffic.stop();
  });
};

export const regionPlugin = fp(registerRegion, { name: 'region-instances', dependencies: ['access-extensions'] });
