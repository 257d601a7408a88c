import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PrivilegeCodes, ResourcePrivilegeAction, ResourcePrivilegeGroup, ResourcePrivilegeUser } from '@tscloud/contracts';
import { http } from '../../api/http';
import type { InstanceRef } from '../instances/control';
import { explorerKeys } from './keys';

/**
 * Database and super table privileges (data-explorer.md §6, §7; contracts api/explorer-privileges.ts): users and
 * groups with their codes, active / disable / delete, and update (grant a role).
 */
export type PrivilegeTarget = { kind: 'database'; db: string } | { kind: 'stable'; db: string; stable: string };
export type PrivilegeSubject = { kind: 'user'; id: string } | { kind: 'group'; id: string; name: string };

const e = encodeURIComponent;
const dbBase = (i: InstanceRef) => `/region/${e(i.region_id)}/db/privilege`;

function listPath(i: InstanceRef, target: PrivilegeTarget, what: 'users' | 'groups' | 'codes'): string {
  return target.kind === 'database' ? `${dbBase(i)}/${what}/${e(i.id)}/${e(target.db)}` : `/stable/${what}/${e(i.id)}/${e(`${target.db}.${target.stable}`)}`;
}

export function actionPath(i: InstanceRef, target: PrivilegeTarget, action: ResourcePrivilegeAction, subject: PrivilegeSubject): string {
  if (target.kind === 'database') return `${dbBase(i)}/${action}/${e(i.id)}/${e(target.db)}/${subject.kind}/${e(subject.id)}`;
  return `/stable/${action}-${subject.kind}/${e(i.id)}/${e(target.db)}/${e(target.stable)}/${e(subject.id)}`;
}

const targetKey = (t: PrivilegeTarget) => (t.kind === 'database' ? t.db : `${t.db}.${t.stable}`);
export const privilegeKeys = (i: InstanceRef, t: PrivilegeTarget) => [...explorerKeys.instance(i.id), 'privileges', t.kind, targetKey(t)] as const;

export function usePrivileges(instance: InstanceRef, target: PrivilegeTarget) {
  const key = privilegeKeys(instance, target);
  return {
    users: useQuery({ queryKey: [...key, 'users'], queryFn: () => http.get<ResourcePrivilegeUser[]>(listPath(instance, target, 'users')) }),
    groups: useQuery({ queryKey: [...key, 'groups'], queryFn: () => http.get<ResourcePrivilegeGroup[]>(listPath(instance, target, 'groups')) }),
    codes: useQuery({ queryKey: [...key, 'codes'], queryFn: () => http.get<PrivilegeCodes>(listPath(instance, target, 'codes')) }),
  };
}

export function usePrivilegeMutations(instance: InstanceRef, target: PrivilegeTarget) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: privilegeKeys(instance, target) });
  return {
    action: useMutation({
      mutationFn: ({ action, subject }: { action: ResourcePrivilegeAction; subject: PrivilegeSubject }) =>
        http.put<{ id: string }>(actionPath(instance, target, action, subject), undefined, subject.kind === 'group' ? { query: { group_name: subject.name } } : {}),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ subject, role_id, expiration }: { subject: PrivilegeSubject; role_id: string; expiration: number | null }) => {
        const who = subject.kind === 'user' ? { user_id: subject.id } : { group_id: subject.id };
        return target.kind === 'database'
          ? http.put<{ grantId: string }>(`${dbBase(instance)}/update`, { instanceId: instance.id, db: target.db, ...who, role_id, expiration })
          : http.put<{ grantId: string }>('/stable/update', { appId: instance.id, db: target.db, stable: target.stable, ...who, role_id, expiration });
      },
      onSuccess: refresh,
    }),
  };
}
