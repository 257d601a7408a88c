import { useShell } from '../../routes/shell';
import { useInstanceUsers } from '../../data/instanceUsers/list';
import { useCurrentInstance } from '../instances/useCurrentInstance';

/** The current instance, its users and groups, and whether the organization is read-only. */
export function useInstanceAccess() {
  const { instance, loading } = useCurrentInstance();
  const { readOnly } = useShell();
  const users = useInstanceUsers(instance);
  return { instance, loading, readOnly, users };
}
