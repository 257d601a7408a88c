import { Button, Card, Empty, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { TopicConsumer, TopicPosition, TopicVgroupOffset } from '@tscloud/contracts';
import { formatDateTime, formatRowTime } from '../../config/format';
import type { InstanceRef } from '../../data/instances/control';
import { useTopicConsumers } from '../../data/topics/consumers';
import { TopicsShell } from './TopicsShell';

const when = (ms: number | null) => (ms === null ? '' : formatDateTime(ms));

/** The consumer states the engine reports (ins_consumers), translated; another value shows as the engine wrote it. */
const CONSUMER_STATUSES = ['ready', 'rebalancing'] as const;
const isConsumerStatus = (status: string): status is (typeof CONSUMER_STATUSES)[number] => (CONSUMER_STATUSES as readonly string[]).includes(status);

/** A committed position: the log offset, or where in the snapshot the group stands (docs/topics-console.md). */
function positionLabel(t: TFunction, p: TopicPosition): string {
  if (typeof p === 'number') return String(p);
  if (p.phase === 'schema') {
    if (p.table === null) return t('topics.consumers.snapshotSchemaStart');
    return t(p.super_table ? 'topics.consumers.snapshotSchemaStable' : 'topics.consumers.snapshotSchema', { table: p.table });
  }
  if (p.table === null) return t('topics.consumers.snapshotStart');
  return t('topics.consumers.snapshotRow', { table: p.table, ts: p.time === null ? p.ts : formatRowTime(p.time) });
}

function Committed({ position }: { position: TopicPosition | null }) {
  const { t } = useTranslation();
  if (position === null) return <>{t('topics.consumers.none')}</>;
  if (typeof position === 'number') return <>{position}</>;
  // The engine's own text as the tooltip: what commit_offset/seek accept back.
  return (
    <span title={position.text} data-testid="snapshot-position">
      {positionLabel(t, position)}
      <br />
      <small>{t('topics.consumers.snapshotThen', { log: position.log })}</small>
    </span>
  );
}

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
        <Card key={g.group} size="small" title={`${t('topics.consumers.group')}: ${g.group}`} extra={
            <Space size={4}>
              {g.snapshot && <Tag color="blue">{t('topics.consumers.snapshotInProgress')}</Tag>}
              <Tag color={g.lag > 0 || g.snapshot ? 'orange' : 'green'}>{`${t('topics.consumers.lag')}: ${g.lag}`}</Tag>
            </Space>
          }
        >
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
              { key: 'status', title: t('topics.consumers.status'), render: (_, c) => (isConsumerStatus(c.status) ? t(`topics.consumers.status.${c.status}`) : c.status) },
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
              { key: 'committed', title: t('topics.consumers.committed'), render: (_, v) => <Committed position={v.committed} /> },
              { key: 'end', title: t('topics.consumers.end'), dataIndex: 'end' },
              { key: 'lag', title: t('topics.consumers.lag'), render: (_, v) => (v.snapshot ? t('topics.consumers.snapshotLag', { lag: v.lag }) : v.lag) },
              { key: 'rows', title: t('topics.consumers.rows'), dataIndex: 'rows' },
            ]}
          />
        </Card>
      ))}
    </>
  );
}
