import { Button, Card, Empty, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TopicConsumer, TopicVgroupOffset } from '@tscloud/contracts';
import type { InstanceRef } from '../../data/instances/control';
import { useTopicConsumers } from '../../data/topics/consumers';
import { TopicsShell } from './TopicsShell';

const when = (ms: number | null) => (ms === null ? '' : new Date(ms).toLocaleString());

/** topic/consumer: the topic's consumer groups, their consumers, committed offsets per vgroup and lag. */
export default function TopicConsumersPage() {
  return <TopicsShell tab="consumer">{({ instance, topic }) => topic && <Consumers instance={instance} topic={topic.name} />}</TopicsShell>;
}

function Consumers({ instance, topic }: { instance: InstanceRef; topic: string }) {
  const { t } = useTranslation();
  const view = useTopicConsumers(instance, topic);
  const groups = view.data?.groups ?? [];
  return (
    <>
      <Button onClick={() => void view.refetch()} loading={view.isFetching}>
        {t('topics.refresh')}
      </Button>
      {!view.isLoading && groups.length === 0 && <Empty description={t('topics.consumers.empty')} />}
      {groups.map((g) => (
        <Card key={g.group} size="small" title={`${t('topics.consumers.group')}: ${g.group}`} extra={<Tag color={g.lag > 0 ? 'orange' : 'green'}>{`${t('topics.consumers.lag')}: ${g.lag}`}</Tag>}>
          <Table<TopicConsumer>
            rowKey="consumer_id"
            size="small"
            pagination={false}
            title={() => t('topics.consumers.consumers')}
            dataSource={g.consumers}
            columns={[
              { key: 'id', title: t('topics.consumers.consumerId'), dataIndex: 'consumer_id' },
              { key: 'client', title: t('topics.consumers.clientId'), dataIndex: 'client_id' },
              { key: 'user', title: t('topics.consumers.user'), dataIndex: 'user' },
              { key: 'fqdn', title: t('topics.consumers.fqdn'), dataIndex: 'fqdn' },
              { key: 'status', title: t('topics.consumers.status'), dataIndex: 'status' },
              { key: 'up', title: t('topics.consumers.upTime'), render: (_, c) => when(c.up_time) },
              { key: 'parameters', title: t('topics.consumers.parameters'), dataIndex: 'parameters' },
            ]}
          />
          <Table<TopicVgroupOffset>
            rowKey="vgroup_id"
            size="small"
            pagination={false}
            title={() => t('topics.consumers.offsets')}
            dataSource={g.vgroups}
            columns={[
              { key: 'vg', title: t('topics.consumers.vgroup'), dataIndex: 'vgroup_id' },
              { key: 'consumer', title: t('topics.consumers.assigned'), render: (_, v) => v.consumer_id ?? t('topics.consumers.none') },
              { key: 'committed', title: t('topics.consumers.committed'), render: (_, v) => (v.committed === null ? t('topics.consumers.none') : v.committed) },
              { key: 'end', title: t('topics.consumers.end'), dataIndex: 'end' },
              { key: 'lag', title: t('topics.consumers.lag'), dataIndex: 'lag' },
              { key: 'rows', title: t('topics.consumers.rows'), dataIndex: 'rows' },
            ]}
          />
        </Card>
      ))}
    </>
  );
}
