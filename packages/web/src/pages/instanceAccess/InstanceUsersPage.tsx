import { Alert, Card, Result, Space, Spin, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InstanceUser } from '@tscloud/contracts';
import { SubjectActions } from './SubjectActions';
import { sharedColumns } from './columns';
import { useInstanceAccess } from './useInstanceAccess';

/**
 * instanceAccessControl (default child): the organization members who can use the current instance, where their
 * access comes from, their database user, and the actions on their grants on this instance.
 */
export default function InstanceUsersPage() {
  const { t } = useTranslation();
  const { instance, loading, readOnly, users } = useInstanceAccess();
  if (loading) return <Spin />;
  if (!instance) return <Result status="info" title={t('dashboard.noInstance')} />;
  return (
    <Card title={t('instanceAccess.users.title')}>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Alert type="info" showIcon message={t('instanceAccess.hint')} />
        {users.data && !users.data.engine_synced && <Alert type="warning" showIcon message={t('instanceAccess.notSynced')} />}
        <Table<InstanceUser>
          rowKey="id"
          loading={users.isFetching}
          dataSource={users.data?.users ?? []}
          pagination={false}
          locale={{ emptyText: t('instanceAccess.emptyUsers') }}
          columns={[
            { key: 'user', title: t('instanceAccess.col.user'), render: (_, u) => (u.name ? `${u.name} <${u.email}>` : u.email) },
            { key: 'engineUser', title: t('instanceAccess.col.engineUser'), dataIndex: 'engine_user' },
            { key: 'groups', title: t('instanceAccess.col.groups'), render: (_, u) => u.groups.join(', ') || '—' },
            ...sharedColumns<InstanceUser>(t),
            {
              key: 'actions',
              title: t('instanceAccess.col.actions'),
              render: (_, u) => <SubjectActions instance={instance} subject={{ kind: 'user', id: u.id }} label={u.email} row={u} readOnly={readOnly} />,
            },
          ]}
        />
      </Space>
    </Card>
  );
}
