import { Alert, Button, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Privilege, satisfies, type TopicShareItem } from '@tscloud/contracts';
import type { InstanceRef } from '../../data/instances/control';
import { useDbList } from '../../data/explorer/dblist';
import { useTopicShare, useTopicShareMutation } from '../../data/topics/share';
import { useShell } from '../../routes/shell';
import { TopicsShell } from './TopicsShell';

/** topic/share: grant another member of the organization the right to subscribe to the topic (GRANT SUBSCRIBE). */
export default function TopicSharePage() {
  return <TopicsShell tab="share">{({ instance, topic }) => topic && <Share instance={instance} topic={topic.name} db={topic.db} />}</TopicsShell>;
}

/** Sharing is a grant on the topic's database (as the server checks it): read and privilege management there. */
const SHARE = { allOf: [Privilege.DB_READ, Privilege.DB_PRIVILEGE_MANAGE] };

function Share({ instance, topic, db }: { instance: InstanceRef & { privileges?: string[] }; topic: string; db: string }) {
  const { t } = useTranslation();
  const { readOnly } = useShell();
  const wide = instance.privileges ?? [];
  // The database's own privileges (a database grant or wider), as the tree lists them.
  const databases = useDbList(instance);
  const onDatabase = (databases.data ?? []).find((d) => d.databaseName === db)?.privileges.map((p) => p.name) ?? [];
  const mayShare = satisfies(wide, SHARE) || satisfies(onDatabase, SHARE);
  // The list names the instance's users: read instance-wide, or the right to share on this database.
  const mayList = wide.includes(Privilege.DB_READ) || mayShare;
  const list = useTopicShare(mayList ? instance : null, topic);
  const change = useTopicShareMutation(instance, topic);
  const canManage = !readOnly && mayShare;
  if (!mayList) return databases.isLoading ? null : <Alert type="info" showIcon title={t('topics.share.notAllowed')} />;
  return (
    <>
      <Typography.Paragraph type="secondary">{t('topics.share.intro')}</Typography.Paragraph>
      <Table<TopicShareItem>
        rowKey="member_id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        locale={{ emptyText: t('topics.share.empty') }}
        columns={[
          { key: 'member', title: t('topics.share.member'), render: (_, u) => (u.name ? `${u.name} <${u.email}>` : u.email) },
          { key: 'engine', title: t('topics.share.engineUser'), dataIndex: 'engine_user' },
          {
            key: 'state',
            title: t('topics.share.state'),
            render: (_, u) =>
              u.implied ? <Tag color="blue">{t('topics.share.implied')}</Tag> : u.shared ? <Tag color="green">{t('topics.share.shared')}</Tag> : <Tag>{t('topics.share.notShared')}</Tag>,
          },
          {
            key: 'actions',
            render: (_, u) =>
              canManage &&
              !u.implied && (
                <Button
                  size="small"
                  loading={change.isPending && change.variables?.member_id === u.member_id}
                  onClick={() => change.mutate({ member_id: u.member_id, action: u.shared ? 'revoke' : 'grant' })}
                >
                  {t(u.shared ? 'topics.share.revoke' : 'topics.share.grant')}
                </Button>
              ),
          },
        ]}
      />
    </>
  );
}
