import { Button, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Role } from '@tscloud/contracts';
import { openDialog } from '../../components/dialogs/dialogManager';
import { useDeleteRole } from '../../data/access/deleteRole';
import { useRoles } from '../../data/access/roles';
import { RoleDialog } from './RoleDialog';
import { privilegeLabel, roleLabel } from '../../components/access/accessLabels';

/** Built-in and custom roles with their privileges; only custom roles can be edited or deleted. */
export function RolesTable({ orgId, canManage }: { orgId: string; canManage: boolean }) {
  const { t } = useTranslation();
  const roles = useRoles(orgId);
  const remove = useDeleteRole(orgId);
  return (
    <Table<Role>
      rowKey="id"
      loading={roles.isLoading}
      dataSource={roles.data ?? []}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      columns={[
        { title: t('access.field.name'), render: (_, r) => <Space>{roleLabel(r.name)}{r.builtin && <Tag>{t('access.role.builtin')}</Tag>}</Space> },
        { title: t('access.field.description'), dataIndex: 'description' },
        {
          title: t('access.field.privileges'),
          render: (_, r) => (
            <Typography.Paragraph style={{ margin: 0 }} ellipsis={{ rows: 2, expandable: true, symbol: t('access.role.more') }}>
              {r.privileges.map((p) => (
                <Tooltip key={p} title={p}>
                  <Tag>{privilegeLabel(p)}</Tag>
                </Tooltip>
              ))}
            </Typography.Paragraph>
          ),
        },
        {
          title: t('access.field.actions'),
          render: (_, r) =>
            r.builtin ? null : (
              <Space size={0}>
                <Button type="link" size="small" disabled={!canManage} onClick={() => openDialog((close) => <RoleDialog orgId={orgId} role={r} onClose={close} />)}>
                  {t('access.action.edit')}
                </Button>
                <Popconfirm title={t('access.role.confirmDelete', { name: roleLabel(r.name) })} onConfirm={() => remove.mutate(r.id)} okText={t('access.action.delete')} cancelText={t('common.cancel')}>
                  <Button type="link" size="small" danger disabled={!canManage}>{t('access.action.delete')}</Button>
                </Popconfirm>
              </Space>
            ),
        },
      ]}
    />
  );
}
