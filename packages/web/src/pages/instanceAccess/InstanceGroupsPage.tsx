import { Card, Result, Spin, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InstanceGroup } from '@tscloud/contracts';
import { GrantStatusTag } from '../access/GrantStatusTag';
import { SubjectActions } from './SubjectActions';
import { sharedColumns } from './columns';
import { useInstanceAccess } from './useInstanceAccess';

/** instanceAccessControl/userGroups: the groups with access to the current instance and the actions on it. */
export default function InstanceGroupsPage() {
  const { t } = useTranslation();
  const { instance, loading, readOnly, users } = useInstanceAccess();
  if (loading) return <Spin />;
  if (!instance) return <Result status="info" title={t('dashboard.noInstance')} />;
  return (
    <Card title={t('instanceAccess.groups.title')}>
      <Table<InstanceGroup>
        rowKey="id"
        loading={users.isFetching}
        dataSource={users.data?.groups ?? []}
        pagination={false}
        locale={{ emptyText: t('instanceAccess.emptyGroups') }}
        columns={[
          { key: 'group', title: t('instanceAccess.col.group'), dataIndex: 'name' },
          { key: 'groupStatus', title: t('instanceAccess.col.groupStatus'), render: (_, g) => <GrantStatusTag status={g.group_status} /> },
          { key: 'members', title: t('instanceAccess.col.members'), dataIndex: 'members' },
          ...sharedColumns<InstanceGroup>(t),
          {
            key: 'actions',
            title: t('instanceAccess.col.actions'),
            render: (_, g) => <SubjectActions instance={instance} subject={{ kind: 'group', id: g.id, name: g.name }} label={g.name} row={g} readOnly={readOnly} />,
          },
        ]}
      />
    </Card>
  );
}
