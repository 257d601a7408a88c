import type { CreatedInstance } from '@tscloud/contracts';
import { loadOrgScope } from '../../routes/rebuild';
import { session } from '../../state/session';

/**
 * After a create: the organization's instances are read again into the shell (the current instance stays, or the
 * new one becomes current when there was none), so the list shows the new instance Starting and the poll follows it.
 */
export async function afterCreate(created: CreatedInstance): Promise<void> {
  const { orgId, instanceId } = session.get().current;
  if (orgId) await loadOrgScope(orgId, instanceId ?? created.instance.id);
}
