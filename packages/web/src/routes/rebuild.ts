import type { OrgSummary } from '@tscloud/contracts';
import { queryClient } from '../data/queryClient';
import { orgKeys } from '../data/orgs/keys';
import { fetchOrgList } from '../data/orgs/list';
import { fetchOrgMenus } from '../data/orgs/menus';
import { instanceKeys } from '../data/instances/keys';
import { fetchInstanceList } from '../data/instances/list';
import { fetchInstanceMenus } from '../data/instances/menus';
import { acceptInvitation, takePendingInvitation } from '../data/auth/invitation';
import type { Instance } from '../data/types';
import { patchBoot } from '../state/boot';
import { notifier } from '../components/feedback/notifier';
import { i18n } from '../i18n';
import { selectOrg, session } from '../state/session';

/** Healthy first: the current instance falls back to the first running one, then the first (§4). */
export function chooseInstance(instances: readonly Instance[], stored: string | null): Instance | null {
  return instances.find((i) => i.id === stored) ?? instances.find((i) => i.cluster_status === 'Running') ?? instances[0] ?? null;
}

export function chooseOrg(orgs: readonly OrgSummary[], stored: string | null): OrgSummary | null {
  return orgs.find((o) => o.orgId === stored) ?? orgs[0] ?? null;
}

/** Loads what belongs to the current organization: its menus, instances and the current instance's menus. */
export async function loadOrgScope(orgId: string | null, storedInstance: string | null): Promise<void> {
  if (!orgId) {
    selectOrg(null, null);
    patchBoot({ orgMenus: {}, instances: [], instanceMenus: {} });
    return;
  }
  // The Account-Id header of the calls below is the new organization.
  selectOrg(orgId, null);
  const [orgMenus, instances] = await Promise.all([
    queryClient.fetchQuery({ queryKey: orgKeys.menus(orgId), queryFn: fetchOrgMenus }).catch(() => ({})),
    queryClient.fetchQuery({ queryKey: instanceKeys.list(orgId), queryFn: fetchInstanceList }),
  ]);
  const instance = chooseInstance(instances, storedInstance);
  selectOrg(orgId, instance?.id ?? null);
  const instanceMenus = instance
    ? await queryClient.fetchQuery({ queryKey: instanceKeys.menus(instance.id), queryFn: () => fetchInstanceMenus(instance.id) })
    : {};
  patchBoot({ orgMenus, instances, instanceMenus });
}

/** Rule 4 at status 2: organization list, instance list, the user's other data; then the routes are rebuilt. */
export async function rebuild(): Promise<void> {
  const invitation = takePendingInvitation();
  let joined: string | null = null;
  if (invitation) {
    // Joined now, or already (the sign-up link's activation came first): either way the console goes there.
    const accepted = await acceptInvitation({ token: invitation }).catch(() => null);
    if (accepted) notifier.info(i18n.t(accepted.alreadyMember ? 'auth.invitation.alreadyMember' : 'auth.invitation.joined', { name: accepted.name }), 5);
    joined = accepted?.orgId ?? null;
  }
  const orgs = await queryClient.fetchQuery({ queryKey: orgKeys.list(), queryFn: fetchOrgList, staleTime: 0 });
  const stored = session.get().current;
  const org = chooseOrg(orgs, joined ?? stored.orgId);
  patchBoot({ orgs });
  await loadOrgScope(org?.orgId ?? null, joined ? null : stored.instanceId);
  patchBoot({ rebuilt: true, justRebuilt: true });
}

/** After an organization is deleted: when it was the current one, the first one left becomes current. */
export async function leaveRemovedOrg(orgId: string, orgsLeft: readonly OrgSummary[]): Promise<void> {
  if (session.get().current.orgId === orgId) await loadOrgScope(orgsLeft[0]?.orgId ?? null, null);
}

/** The organization switcher: the new organization's scope, then the console root (rule 5 picks the page). */
export async function switchOrg(orgId: string): Promise<void> {
  await loadOrgScope(orgId, null);
}
