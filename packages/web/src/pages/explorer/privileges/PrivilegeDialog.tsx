import { useState } from 'react';
import { Alert, Button, Form, Select, Space, Table, Tabs, Tag, Tooltip } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Privilege, type Group, type OrgMember, type ResourcePrivilegeAction, type ResourcePrivilegeGroup, type ResourcePrivilegeUser } from '@tscloud/contracts';
import { privilegeLabel, roleLabel } from '../../../components/access/accessLabels';
import { AppModal } from '../../../components/dialogs/AppModal';
import { notifier } from '../../../components/feedback/notifier';
import { formatDateTime } from '../../../config/format';
import { useGroups } from '../../../data/access/groups';
import { accessKeys } from '../../../data/access/keys';
import { fetchMembers } from '../../../data/access/members';
import { usePrivilegeMutations, usePrivileges, type PrivilegeSubject, type PrivilegeTarget } from '../../../data/explorer/privileges';
import { failureText } from '../../../data/sql/run';
import { translateMessage } from '../../../i18n';
import type { WebKey } from '../../../i18n/keys';
import { useShell } from '../../../routes/shell';
import type { ExplorerInstance } from '../context';
import { allowedActions } from './rules';
import { ExpiryPicker } from '../../access/ExpiryPicker';

/**
 * Manage the privileges on a database or a super table (data-explorer.md §6): users and groups with their codes,
 * status and expiry; activate, disable, delete (a user reached only through groups is managed via the group; an
 * expired entry can only be deleted); grant or change a role for a user or group, with an optional expiry (later than now plus the minimum lead).
 */
export function PrivilegeDialog(props: { instance: ExplorerInstance; target: PrivilegeTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const { users, groups, codes } = usePrivileges(props.instance, props.target);
  // A first grant goes to any active member or group of the organization (the lists above hold only those with
  // grants here). Members are read afresh when the dialog opens: someone who joined a moment ago must be offered.
  const { org } = useShell();
  const orgPrivileges = org?.privileges ?? [];
  const membersOrg = org && orgPrivileges.includes(Privilege.USER_READ) ? org.orgId : null;
  const members = useQuery({ queryKey: accessKeys.members(membersOrg), queryFn: fetchMembers, enabled: membersOrg !== null, staleTime: 0 });
  const orgGroups = useGroups(org && orgPrivileges.includes(Privilege.GROUP_READ) ? org.orgId : null);
  const subjectOptions = privilegeSubjects(users.data ?? [], groups.data ?? [], members.data ?? [], orgGroups.data ?? [], t('explorer.priv.groups'));
  const { action, update } = usePrivilegeMutations(props.instance, props.target);
  const [failure, setFailure] = useState<string | null>(null);
  const [subject, setSubject] = useState<string | undefined>();
  const [role, setRole] = useState<string | undefined>();
  const [expiration, setExpiration] = useState<number | null>(null);
  const name = props.target.kind === 'database' ? props.target.db : `${props.target.db}.${props.target.stable}`;

  const run = async (act: ResourcePrivilegeAction, s: PrivilegeSubject) => {
    setFailure(null);
    try {
      await action.mutateAsync({ action: act, subject: s });
      notifier.success(t('explorer.priv.applied'));
    } catch (error) {
      setFailure(translateMessage(failureText(error)));
    }
  };
  const grant = async () => {
    if (!subject || !role) {
      setFailure(translateMessage('error.groupOrRoleRequired'));
      return;
    }
    const [kind, id] = subject.split(':') as ['user' | 'group', string];
    const group = subjectOptions.find((o) => o.value === subject);
    setFailure(null);
    try {
      await update.mutateAsync({ subject: kind === 'user' ? { kind, id } : { kind, id, name: group?.name ?? '' }, role_id: role, expiration });
      notifier.success(t('explorer.priv.applied'));
    } catch (error) {
      setFailure(translateMessage(failureText(error)));
    }
  };

  const status = (s: string) => <Tag color={s === 'ACTIVE' ? 'green' : s === 'EXPIRED' ? 'red' : 'default'}>{t(`explorer.priv.status.${s}` as WebKey)}</Tag>;
  const actions = (entry: ResourcePrivilegeUser | ResourcePrivilegeGroup, s: PrivilegeSubject, viaGroup: boolean) => {
    if (viaGroup) return <Tooltip title={t('explorer.priv.viaGroup')}><span>—</span></Tooltip>;
    return (
      <Space size={0}>
        {allowedActions(entry).map((a) => (
          <Button key={a} size="small" type="link" danger={a === 'delete'} onClick={() => void run(a, s)}>{t(`explorer.priv.${a}`)}</Button>
        ))}
      </Space>
    );
  };
  const common = [
    { key: 'codes', title: t('explorer.priv.codes'), render: (_: unknown, r: ResourcePrivilegeUser | ResourcePrivilegeGroup) => r.codes.map((c) => <Tooltip key={c} title={c}><Tag>{privilegeLabel(c)}</Tag></Tooltip>) },
    { key: 'status', title: t('explorer.priv.status'), render: (_: unknown, r: ResourcePrivilegeUser | ResourcePrivilegeGroup) => status(r.status) },
    { key: 'exp', title: t('explorer.priv.expiration'), render: (_: unknown, r: ResourcePrivilegeUser | ResourcePrivilegeGroup) => (r.expiration ? formatDateTime(r.expiration) : t('explorer.priv.never')) },
  ];

  return (
    <AppModal open width={900} footer={null} title={t(props.target.kind === 'database' ? 'explorer.priv.dbTitle' : 'explorer.priv.stableTitle', { name })} onCancel={props.onClose}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        {failure && <Alert type="error" showIcon title={failure} />}
        <Form layout="inline">
          <Form.Item label={t('explorer.priv.subject')}>
            <Select
              style={{ width: 240 }}
              value={subject}
              onChange={setSubject}
              aria-label={t('explorer.priv.subject')}
              options={subjectOptions}
            />
          </Form.Item>
          <Form.Item label={t('explorer.priv.role')}>
            <Select style={{ width: 200 }} value={role} onChange={setRole} aria-label={t('explorer.priv.role')} options={(codes.data?.roles ?? []).filter((r) => r.grantable).map((r) => ({ value: r.id, label: t('explorer.priv.roleOption', { role: roleLabel(r.name), privileges: r.codes.map(privilegeLabel).join(', ') }) }))} />
          </Form.Item>
          <Form.Item label={t('explorer.priv.expiration')}>
            <div style={{ width: 220 }}><ExpiryPicker value={expiration} onChange={setExpiration} /></div>
          </Form.Item>
          <Button type="primary" loading={update.isPending} onClick={() => void grant()}>{t('explorer.priv.update')}</Button>
        </Form>
        <Tabs
          items={[
            {
              key: 'users',
              label: t('explorer.priv.users'),
              children: (
                <Table<ResourcePrivilegeUser> rowKey="id" size="small" loading={users.isLoading} dataSource={users.data ?? []} pagination={{ pageSize: 10, hideOnSinglePage: true }}
                  columns={[{ key: 'email', title: t('explorer.priv.users'), dataIndex: 'email' }, ...common, { key: 'a', render: (_, u) => actions(u, { kind: 'user', id: u.id }, u.via_group) }]} />
              ),
            },
            {
              key: 'groups',
              label: t('explorer.priv.groups'),
              children: (
                <Table<ResourcePrivilegeGroup> rowKey="id" size="small" loading={groups.isLoading} dataSource={groups.data ?? []} pagination={{ pageSize: 10, hideOnSinglePage: true }}
                  columns={[{ key: 'name', title: t('explorer.priv.groups'), render: (_, g) => `${g.name} (${t('explorer.priv.members', { count: g.members })})` }, ...common, { key: 'a', render: (_, g) => actions(g, { kind: 'group', id: g.id, name: g.name }, false) }]} />
              ),
            },
          ]}
        />
      </Space>
    </AppModal>
  );
}

/** The users and groups a grant can go to: those with grants here, then every other active member and group. */
function privilegeSubjects(
  users: ResourcePrivilegeUser[],
  groups: ResourcePrivilegeGroup[],
  members: OrgMember[],
  orgGroups: Group[],
  groupWord: string,
): Array<{ value: string; label: string; name?: string }> {
  const out = new Map<string, { value: string; label: string; name?: string }>();
  for (const u of users) if (!u.via_group) out.set(`user:${u.id}`, { value: `user:${u.id}`, label: u.email });
  for (const m of members) if (m.status === 'ACTIVE' && m.userId && !m.isOwner && !out.has(`user:${m.userId}`)) out.set(`user:${m.userId}`, { value: `user:${m.userId}`, label: m.email });
  for (const g of [...groups, ...orgGroups]) if (!out.has(`group:${g.id}`)) out.set(`group:${g.id}`, { value: `group:${g.id}`, label: `${groupWord}: ${g.name}`, name: g.name });
  return [...out.values()];
}
