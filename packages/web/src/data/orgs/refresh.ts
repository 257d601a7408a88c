import { queryClient } from '../queryClient';
import { patchBoot } from '../../state/boot';
import { orgKeys } from './keys';
import { fetchOrgList } from './list';

/**
 * After an organization is created, renamed, handed over or deleted: the list is fetched again and the shell's
 * copy (header switcher, read-only state, privileges) follows.
 */
export async function refreshOrgs() {
  const orgs = await queryClient.fetchQuery({ queryKey: orgKeys.list(), queryFn: fetchOrgList, staleTime: 0 });
  patchBoot({ orgs });
  return orgs;
}
