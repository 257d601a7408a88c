import { Privilege, satisfies, type PrivilegeName } from '@tscloud/contracts';

/** Which actions a row offers: the caller's privileges inside the instance (the list carries them), the status (§4). */
export interface RowRights {
  start: boolean;
  suspend: boolean;
  remove: boolean;
  rename: boolean;
  resetToken: boolean;
}

const STARTABLE = ['Suspended', 'Failed', 'Error'];
const SUSPENDABLE = ['Running', 'Starting', 'Failed', 'Error', 'Warning', 'Ready'];

export function rowRights(instance: { cluster_status: string; privileges: readonly string[] }, readOnly: boolean): RowRights {
  const has = (p: PrivilegeName) => !readOnly && satisfies([...instance.privileges], { allOf: [p] });
  const status = instance.cluster_status;
  return {
    start: has(Privilege.INSTANCE_CONTROL) && STARTABLE.includes(status),
    suspend: has(Privilege.INSTANCE_CONTROL) && SUSPENDABLE.includes(status),
    // §4: an instance must be suspended before deletion.
    remove: has(Privilege.INSTANCE_DELETE) && status === 'Suspended',
    rename: has(Privilege.INSTANCE_UPDATE) && status !== 'Deleted',
    resetToken: has(Privilege.INSTANCE_TOKEN_RESET) && status !== 'Deleted',
  };
}
