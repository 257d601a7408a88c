import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgentActivity, AgentAddress, AgentBody, AgentItem, AgentWithToken } from '@tscloud/contracts';
import { http } from '../../api/http';
import type { InstanceRef } from '../instances/control';
import { replicationPath } from './base';
import { dataInKeys } from './keys';

/** data-explorer.md §9: status polling every 10 s (the list shows connected / disconnected / pending live). */
export const AGENT_POLL_MS = 10_000;

/** The command that runs the agent program from a checkout of the repository (docs/data-in.md "Agents"). */
export const agentCommand = (address: string, token: string) => `npm run agent -- --endpoint ${address} --token ${token}`;

const agentKeys = {
  all: (instanceId: string) => [...dataInKeys.all, instanceId, 'agents'] as const,
  activities: (instanceId: string, agentId: string) => [...agentKeys.all(instanceId), 'activities', agentId] as const,
  address: (instanceId: string) => [...agentKeys.all(instanceId), 'address'] as const,
};

/** GET /agents, polled while the page is shown (the query client stops polling in a hidden page). */
export function useAgents(instance: InstanceRef | null) {
  return useQuery({
    queryKey: agentKeys.all(instance?.id ?? ''),
    queryFn: () => http.get<AgentItem[]>(replicationPath(instance!, 'agents')),
    enabled: !!instance,
    refetchInterval: AGENT_POLL_MS,
  });
}

/** GET /taosx/address: the websocket URL the agent program connects to. */
export function useAgentAddress(instance: InstanceRef) {
  return useQuery({
    queryKey: agentKeys.address(instance.id),
    queryFn: () => http.get<AgentAddress>(replicationPath(instance, 'taosx/address')),
    staleTime: Infinity,
  });
}

/** GET /agent/{id}/activities, polled with the list while the drawer is open. */
export function useAgentActivities(instance: InstanceRef, agentId: string | null) {
  return useQuery({
    queryKey: agentKeys.activities(instance.id, agentId ?? ''),
    queryFn: () => http.get<AgentActivity[]>(replicationPath(instance, `agent/${encodeURIComponent(agentId!)}/activities`)),
    enabled: !!agentId,
    refetchInterval: AGENT_POLL_MS,
  });
}

/**
 * POST, PUT (agent_id as query; renew_token for a new token) and DELETE /agents. Silent: the dialog shows refusals
 * (§8 'Agent name already exists') where they belong.
 */
export function useAgentMutations(instance: InstanceRef) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: agentKeys.all(instance.id) });
  const path = replicationPath(instance, 'agents');
  return {
    create: useMutation({ mutationFn: (body: AgentBody) => http.post<AgentWithToken>(path, body, { silent: true }), onSuccess: refresh }),
    update: useMutation({ mutationFn: (v: { agentId: string; body: AgentBody }) => http.put<AgentWithToken>(path, v.body, { query: { agent_id: v.agentId }, silent: true }), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (agentId: string) => http.delete<null>(path, { query: { agent_id: agentId }, silent: true }), onSuccess: refresh }),
  };
}
