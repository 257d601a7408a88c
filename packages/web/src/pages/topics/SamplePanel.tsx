import { useState } from 'react';
import { Alert, Button, InputNumber, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TOPIC_SAMPLE_DEFAULT, TOPIC_SAMPLE_MAX, type TopicSampleMessage } from '@tscloud/contracts';
import type { InstanceRef } from '../../data/instances/control';
import { useTopicSample } from '../../data/topics/sample';
import { translateMessage } from '../../i18n';
import { edition } from '../../config/edition';
import { formatTimestamp } from '../explorer/console/results/timeZone';

/** A delivered cell: a timestamp (RFC 3339 text from the REST protocol) in the edition's zone and format, NULL, or the value. */
const cellText = (value: unknown) => (value === null || value === undefined ? 'NULL' : ((typeof value === 'string' && formatTimestamp(value, edition.timeZone)) || String(value)));

/** 'Sample messages': the first N messages of a topic (default 5, up to 100), read and never committed. */
export function SamplePanel({ instance, topic }: { instance: InstanceRef; topic: string }) {
  const { t } = useTranslation();
  const [count, setCount] = useState(TOPIC_SAMPLE_DEFAULT);
  const [asked, setAsked] = useState(TOPIC_SAMPLE_DEFAULT);
  const sample = useTopicSample(instance, topic, asked, true);
  const messages = sample.data?.messages ?? [];
  const columns = messages.find((m) => m.message_type === 1)?.columns ?? [];
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="topic-sample">
      <Typography.Text type="secondary">{t('topics.sample.hint')}</Typography.Text>
      <Space>
        <span>{t('topics.sample.count')}</span>
        <InputNumber aria-label={t('topics.sample.count')} min={1} max={TOPIC_SAMPLE_MAX} precision={0} value={count} onChange={(v) => setCount(Math.min(TOPIC_SAMPLE_MAX, Math.max(1, Number(v ?? TOPIC_SAMPLE_DEFAULT))))} />
        <Button onClick={() => (count === asked ? void sample.refetch() : setAsked(count))} loading={sample.isFetching}>
          {t('topics.sample.load')}
        </Button>
      </Space>
      {sample.error && <Alert type="error" showIcon title={translateMessage(sample.error instanceof Error ? sample.error.message : String(sample.error))} />}
      <Table<TopicSampleMessage & { key: number }>
        size="small"
        rowKey="key"
        loading={sample.isLoading}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: t('topics.sample.empty') }}
        dataSource={messages.map((m, key) => ({ ...m, key }))}
        columns={[
          { key: 'vgroup', title: t('topics.sample.vgroup'), dataIndex: 'vgroup_id' },
          { key: 'offset', title: t('topics.sample.offset'), dataIndex: 'offset' },
          { key: 'table', title: t('topics.sample.table'), dataIndex: 'table_name' },
          ...columns.map((name, index) => ({
            key: `c${index}`,
            title: name,
            render: (_: unknown, m: TopicSampleMessage) => (m.meta !== null ? (index === 0 ? <code>{`${t('topics.sample.meta')}: ${m.meta}`}</code> : null) : cellText(m.row[index])),
          })),
        ]}
      />
    </Space>
  );
}
