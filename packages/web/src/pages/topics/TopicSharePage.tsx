import { Button, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Privilege, type TopicShareItem } from '@tscloud/contracts';
import type { InstanceRef } from '../../data/instances/control';
import { useTopicShare, useTopicShareMutation } from '../../data/topics/share';
import { useShell } from '../../routes/shell';
import { TopicsShell } from './TopicsShell';

/** topic/share: grant another member of the organization the right to subscribe to the topic (GRANT SUBSCRIBE). */
export default function TopicSharePage() {
  return <TopicsShell tab="share">{({ instance, topic }) => topic && <Share instance={instance} topic={topic.name} />}</TopicsShell>;
}

function Share({ instance, topic }: { instance: InstanceRef & { privileges?: string[] }; topic: string }) {
  const { t } = useTranslation();
  const { readOnly } = useShell();
  const list = useTopicShare(instance, topic);
  const change = useTopicShareMutation(instance, topic);
  const canManage = !readOnly && (instance.privileges ?? []).includes(Privilege.DB_PRIVILEGE_MANAGE);
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
