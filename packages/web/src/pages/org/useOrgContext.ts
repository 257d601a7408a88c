import { satisfies, type PrivilegeName } from '@tscloud/contracts';
import { useShell } from '../../routes/shell';

/**
 * The current organization as the organization screens need it: its id, whether it is read-only (orgStatus not
 * ACTIVE: every write button is disabled) and which write actions the caller's privileges allow.
 */
export function useOrgContext() {
  const { org, readOnly } = useShell();
  const held = org?.privileges ?? [];
  return {
    org,
    orgId: org?.orgId ?? null,
    readOnly,
    isOwner: org?.isOwner ?? false,
    /** A write action is offered when the organization is writable and the caller holds the privilege. */
    canWrite: (privilege: PrivilegeName) => !readOnly && satisfies(held, { allOf: [privilege] }),
  };
}
