import { randomUUID } from 'node:crypto';
import type { AgentActivity, AgentBody, AgentItem, AgentWithToken } from '@tscloud/contracts';
import { instances } from '../../src/store/schema';
import type { Caller } from '../orgs/helpers';
import { createOrg } from '../orgs/helpers';
import { InstancesWorld, REGION, worldCaller } from '../instances/harness';

/**
 * A server with an organization and one instance row for the agent tests: agents need no engine, so the instance is
 * a stopped row (nothing starts it).
 */
export async function agentsWorld(prefix: string): Promise<{ world: InstancesWorld; owner: Caller; orgId: string; id: string }> {
  const world = new InstancesWorld();
  await world.open();
  const owner = await worldCaller(world, `${prefix}.owner@example.com`, 'Owner');
  const orgId = await createOrg(owner, `${prefix}org`);
  const id = `inst-${randomUUID().slice(0, 8)}`;
  const now = Date.now();
  await world.store.db.insert(instances).values({
    id, orgId, name: `tsdb-${id}`, alias: 'Agents', appType: 'TSDB', cloudId: 'local', regionId: REGION, planLevel: 1,
    desiredState: 'suspended', status: 'Suspended', engineUser: 'u', enginePassword: 'p', tokenHash: 'h', createdAt: now, updatedAt: now,
  } as typeof instances.$inferInsert);
  return { world, owner, orgId, id };
}

/** The agent calls of one instance, as a caller (data-explorer.md §7). */
export function agentCalls(caller: Caller, orgId: string, instanceId: string, region = REGION) {
  const base = `/api/region/${region}/replication/${instanceId}`;
  return {
    list: () => caller.call<AgentItem[]>('GET', `${base}/agents`, undefined, orgId),
    create: (body: AgentBody) => caller.call<AgentWithToken>('POST', `${base}/agents`, body, orgId),
    update: (agentId: string, body: AgentBody) => caller.call<AgentWithToken>('PUT', `${base}/agents?agent_id=${agentId}`, body, orgId),
    remove: (agentId: string) => caller.call('DELETE', `${base}/agents?agent_id=${agentId}`, undefined, orgId),
    address: () => caller.call<{ address: string }>('GET', `${base}/taosx/address`, undefined, orgId),
    activities: (agentId: string) => caller.call<AgentActivity[]>('GET', `${base}/agent/${agentId}/activities`, undefined, orgId),
  };
}

export const DAY_MS = 86_400_000;
