import { Button, Popconfirm, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Group } from '@tscloud/contracts';
import { openDialog } from '../../components/dialogs/dialogManager';
import { useDeleteGroup } from '../../data/access/deleteGroup';
import { useGroups } from '../../data/access/groups';
import { useUpdateGroup } from '../../data/access/updateGroup';
import { GrantDialog } from './GrantDialog';
import { GrantsTable } from './GrantsTable';
import { GroupDialog } from './GroupDialog';
import { GroupMembersDialog } from './GroupMembersDialog';

/** User groups with members; a row expands to the roles granted to the group. */
export function GroupsTable({ orgId, canManage, canGrant }: { orgId: string; canManage: boolean; canGrant: boolean }) {
  const { t } = useTranslation();
  const groups = useGroups(orgId);
  const update = useUpdateGroup(orgId);
  const remove = useDeleteGroup(orgId);
  return (
    <Table<Group>
      rowKey="id"
      loading={groups.isLoading}
      dataSource={groups.data ?? []}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      expandable={{ expandedRowRender: (g) => <GrantsTable orgId={orgId} filter={{ groupId: g.id }} writable={canGrant} /> }}
      columns={[
        { title: t('access.field.name'), dataIndex: 'name' },
        { title: t('access.field.description'), dataIndex: 'description' },
        { title: t('access.field.members'), render: (_, g) => g.members.map((m) => <Tag key={m.userId || m.email}>{m.email}</Tag>) },
        { title: t('common.status'), dataIndex: 'status', render: (s: Group['status']) => <Tag color={s === 'ACTIVE' ? 'green' : 'default'}>{t(`access.status.${s}`)}</Tag> },
        {
          title: t('access.field.actions'),
          render: (_, g) => (
            <Space size={0} wrap>
              <Button type="link" size="small" disabled={!canGrant} onClick={() => openDialog((close) => <GrantDialog orgId={orgId} target={{ kind: 'group', groupId: g.id, label: g.name }} onClose={close} />)}>
                {t('access.grant.open')}
              </Button>
              <Button type="link" size="small" disabled={!canManage} onClick={() => openDialog((close) => <GroupMembersDialog orgId={orgId} group={g} onClose={close} />)}>
                {t('access.field.members')}
              </Button>
              <Button type="link" size="small" disabled={!canManage} onClick={() => openDialog((close) => <GroupDialog orgId={orgId} group={g} onClose={close} />)}>
                {t('access.action.rename')}
              </Button>
              <Button type="link" size="small" disabled={!canManage} onClick={() => update.mutate({ id: g.id, body: { status: g.status === 'ACTIVE' ? 'DISABLED' : 'ACTIVE' } })}>
                {t(g.status === 'ACTIVE' ? 'access.action.disable' : 'access.action.active')}
              </Button>
              <Popconfirm title={t('access.group.confirmDelete', { name: g.name })} onConfirm={() => remove.mutate(g.id)} okText={t('access.action.delete')} cancelText={t('common.cancel')}>
                <Button type="link" size="small" danger disabled={!canManage}>{t('access.action.delete')}</Button>
              </Popconfirm>
            </Space>
          ),
        },
      ]}
    />
  );
}
