import { useMutation } from '@tanstack/react-query';
import type { InstanceStatusInfo } from '@tscloud/contracts';
import { http } from '../../api/http';
import { withVerification } from '../mfa/verification';
import { refreshInstances } from './refresh';

export interface InstanceRef {
  id: string;
  region_id: string;
}

const region = (i: InstanceRef) => `/region/${encodeURIComponent(i.region_id)}`;

/** PUT /api/region/{r}/cluster/start/{id}: Suspended/Failed/Error → Starting. */
export function startInstance(instance: InstanceRef): Promise<InstanceStatusInfo> {
  return http.put<InstanceStatusInfo>(`${region(instance)}/cluster/start/${encodeURIComponent(instance.id)}`);
}

/** PUT /api/region/{r}/cluster/suspend/{id}: → Suspending. */
export function suspendInstance(instance: InstanceRef): Promise<InstanceStatusInfo> {
  return http.put<InstanceStatusInfo>(`${region(instance)}/cluster/suspend/${encodeURIComponent(instance.id)}`);
}

/** DELETE /api/region/{r}/app/remove/{id}: only a Suspended instance; a protected operation (multi-factor). */
export function removeInstance(instance: InstanceRef): Promise<InstanceStatusInfo> {
  return withVerification((silent) => http.delete<InstanceStatusInfo>(`${region(instance)}/app/remove/${encodeURIComponent(instance.id)}`, { silent }));
}

export type ControlAction = 'start' | 'suspend' | 'remove';
const ACTIONS: Record<ControlAction, (i: InstanceRef) => Promise<InstanceStatusInfo>> = { start: startInstance, suspend: suspendInstance, remove: removeInstance };

export function useInstanceControl() {
  return useMutation({
    mutationFn: ({ action, instance }: { action: ControlAction; instance: InstanceRef }) => ACTIONS[action](instance),
    onSettled: () => refreshInstances(),
  });
}
