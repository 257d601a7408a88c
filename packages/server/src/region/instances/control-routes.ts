import type { FastifyPluginAsync } from 'fastify';
import { MfaOperation, Privilege, ok, type InstanceStatusInfo, type InstanceStatusValue, type PrivilegeName } from '@tscloud/contracts';
import { ApiError } from '../../http/api-error';
import type { DesiredState } from '../../store/schema';
import type { AppDeps } from '../../deps';
import { instanceInRegion } from './instance-access';
import { requestState } from './instance-repo';

type ControlParams = { Params: { regionId: string; id: string } };

interface Control {
  method: 'PUT' | 'DELETE';
  url: string;
  privilege: PrivilegeName;
  operation: string;
  /** The statuses the action is allowed from. */
  from: readonly InstanceStatusValue[];
  desired: DesiredState;
  /** The status shown right away; the lifecycle moves on from there. */
  status: InstanceStatusValue;
  refusal: 'error.instanceStateConflict' | 'error.instanceNotSuspended';
  mfa?: typeof MfaOperation.INSTANCE_DELETE;
}

/**
 * Start, suspend, delete (§4: start and suspend are explicit; an instance must be suspended before deletion).
 * A call only records what is wanted, atomically from an allowed status, and nudges the lifecycle; the answer
 * carries the status right after (Starting, Suspending, or Suspended until the data is gone and it is Deleted).
 */
const CONTROLS: readonly Control[] = [
  {
    method: 'PUT',
    url: '/api/region/:regionId/cluster/start/:id',
    privilege: Privilege.INSTANCE_CONTROL,
    operation: 'start',
    from: ['Suspended', 'Failed', 'Error'],
    desired: 'running',
    status: 'Starting',
    refusal: 'error.instanceStateConflict',
  },
  {
    method: 'PUT',
    url: '/api/region/:regionId/cluster/suspend/:id',
    privilege: Privilege.INSTANCE_CONTROL,
    operation: 'suspend',
    from: ['Running', 'Starting', 'Failed', 'Error', 'Warning', 'Ready'],
    desired: 'suspended',
    status: 'Suspending',
    refusal: 'error.instanceStateConflict',
  },
  {
    method: 'DELETE',
    url: '/api/region/:regionId/app/remove/:id',
    privilege: Privilege.INSTANCE_DELETE,
    operation: 'delete',
    from: ['Suspended'],
    desired: 'deleted',
    status: 'Suspended',
    refusal: 'error.instanceNotSuspended',
    mfa: MfaOperation.INSTANCE_DELETE,
  },
];

export const controlRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { lifecycle } = app.region;
  for (const control of CONTROLS) {
    app.route<ControlParams>({
      method: control.method,
      url: control.url,
      config: {
        policy: {
          access: 'instance',
          privileges: { allOf: [control.privilege] },
          write: true,
          activity: { type: 'instance', operation: control.operation },
          // stopped for unpaid arrears, an instance starts again by itself once paid (platform/billing/arrears)
          arrearsRefusal: 'error.instanceSuspendedFunds',
          ...(control.mfa ? { mfa: control.mfa } : {}),
        },
      },
      handler: async (request) => {
        const row = await instanceInRegion(deps, request, request.params.id, request.params.regionId);
        const changed = await requestState(deps.store.db, deps.clock.now(), row.id, control.from, control.desired, control.status);
        if (!changed) throw ApiError.conflict(control.refusal);
        lifecycle.nudge();
        const info: InstanceStatusInfo = { id: changed.id, cluster_status: changed.status, status_reason: null };
        return ok(info);
      },
    });
  }
};
