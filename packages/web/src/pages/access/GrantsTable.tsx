import { Button, Popconfirm, Space, Table, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RoleGrant } from '@tscloud/contracts';
import { formatDateTime } from '../../config/format';
import { useGrantAction, type GrantAction } from '../../data/access/grantAction';
import { useGrants } from '../../data/access/grants';
import type { GrantListFilter } from '../../data/access/keys';
import { GrantStatusTag } from './GrantStatusTag';
import { grantActionsFor, shownGrantStatus } from './grantActions';
import { grantResourceLabel } from './grantResources';
import { roleLabel } from '../../components/access/accessLabels';

/**
 * The grants of a member (direct and through groups), of a group, or of the whole organization (with whom each is
 * given to). Instances are named by alias. Expired grants show Expired and offer only Delete; a member's grant that
 * comes through a group shows "managed via group X" and no direct action.
 */
export function GrantsTable({ orgId, filter, writable }: { orgId: string; filter: GrantListFilter; writable: boolean }) {
  const { t } = useTranslation();
  const grants = useGrants(orgId, filter);
  const act = useGrantAction(orgId);
  const viewedAs = filter.userId ? 'user' : 'group';
  const showsGrantee = !filter.userId && !filter.groupId;
  const now = Date.now();

  const run = (action: GrantAction, grant: RoleGrant) => act.mutate({ action, body: { grantIds: [grant.id], ...(filter.userId ? { userId: filter.userId } : {}) } });

  return (
    <Table<RoleGrant>
      size="small"
      rowKey="id"
      loading={grants.isLoading}
      dataSource={grants.data ?? []}
      pagination={false}
      locale={{ emptyText: t('access.grant.none') }}
      columns={[
        ...(showsGrantee
          ? [
              {
                key: 'grantee',
                title: t('access.field.grantee'),
                render: (_: unknown, g: RoleGrant) =>
                  g.groupId ? <Tag color="purple">{t('access.grant.groupGrantee', { name: g.groupName ?? '' })}</Tag> : (g.memberEmail ?? g.userId ?? '—'),
              },
            ]
          : []),
        { title: t('access.field.role'), dataIndex: 'name', render: (v: string) => roleLabel(v) },
        { title: t('access.field.level'), dataIndex: 'resType', render: (v: RoleGrant['resType']) => t(`access.level.${v}`) },
        { title: t('access.field.resource'), render: (_, g) => grantResourceLabel(g) ?? t('access.grant.wholeOrg') },
        { title: t('access.field.expiration'), dataIndex: 'expiration', render: (v: number | null) => (v === null ? t('access.grant.never') : formatDateTime(v)) },
        { title: t('common.status'), render: (_, g) => <GrantStatusTag status={shownGrantStatus(g, now)} /> },
        {
          title: t('access.field.source'),
          render: (_, g) => (g.via === 'GROUP' ? <Tag color="purple">{t('access.grant.viaGroup', { name: g.groupName ?? '' })}</Tag> : <Tag>{t('access.grant.direct')}</Tag>),
        },
        {
          title: t('access.field.actions'),
          render: (_, g) => {
            const actions = grantActionsFor(g, viewedAs, now);
            if (actions.length === 0) return <Tooltip title={t('error.managedByGroup')}>{t('access.grant.managedViaNamedGroup', { name: g.groupName ?? '' })}</Tooltip>;
            return (
              <Space size={0}>
                {actions.map((action) =>
                  action === 'delete' ? (
                    <Popconfirm key={action} title={t('access.grant.confirmDelete')} onConfirm={() => run(action, g)} okText={t('access.action.delete')} cancelText={t('common.cancel')}>
                      <Button type="link" size="small" danger disabled={!writable}>{t('access.action.delete')}</Button>
                    </Popconfirm>
                  ) : (
                    <Button key={action} type="link" size="small" disabled={!writable} onClick={() => run(action, g)}>
                      {t(`access.action.${action}`)}
                    </Button>
                  ),
                )}
              </Space>
            );
          },
        },
      ]}
    />
  );
}
