import { useState } from 'react';
import { Button, Checkbox, Drawer, Popconfirm, Space, Table, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TopicItem } from '@tscloud/contracts';
import { notifier } from '../../components/feedback/notifier';
import { formatDateTime } from '../../config/format';
import { useTopicMutations } from '../../data/topics/list';
import { SamplePanel } from './SamplePanel';
import { TopicForm } from './TopicForm';
import { TopicsShell } from './TopicsShell';

const when = (ms: number | null) => (ms === null ? '' : formatDateTime(ms));

/** topic (default): the topic list with create, delete, sample messages and a link to the consumers tab. */
export default function TopicsPage() {
  return <TopicsShell tab="default">{({ instance, topics }) => <TopicList instance={instance} topics={topics} />}</TopicsShell>;
}

function TopicList({ instance, topics }: { instance: { id: string; region_id: string }; topics: TopicItem[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { drop } = useTopicMutations(instance);
  const [creating, setCreating] = useState(false);
  const [sampling, setSampling] = useState<string | null>(null);
  const [force, setForce] = useState(false);
  return (
    <>
      <Space>
        <Button type="primary" onClick={() => setCreating(true)} data-testid="topic-create">
          {t('topics.create')}
        </Button>
      </Space>
      <Table<TopicItem>
        rowKey="name"
        size="small"
        dataSource={topics}
        locale={{ emptyText: t('topics.empty') }}
        columns={[
          { key: 'name', title: t('topics.col.name'), dataIndex: 'name' },
          { key: 'db', title: t('topics.col.db'), dataIndex: 'db' },
          { key: 'kind', title: t('topics.col.kind'), render: (_, x) => t(`topics.kind.${x.kind}`) },
          { key: 'meta', title: t('topics.col.meta'), render: (_, x) => t(x.with_meta ? 'topics.yes' : 'topics.no') },
          { key: 'sql', title: t('topics.col.sql'), render: (_, x) => <Typography.Text code>{x.sql}</Typography.Text> },
          { key: 'created', title: t('topics.col.created'), render: (_, x) => when(x.create_time) },
          {
            key: 'actions',
            title: t('topics.col.actions'),
            render: (_, x) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setSampling(x.name)}>
                  {t('topics.action.sample')}
                </Button>
                <Button type="link" size="small" onClick={() => navigate(`/topic/consumer?${new URLSearchParams({ topic: x.name }).toString()}`)}>
                  {t('topics.action.consumers')}
                </Button>
                <Popconfirm
                  title={t('topics.confirmDelete', { name: x.name })}
                  description={<Checkbox checked={force} onChange={(e) => setForce(e.target.checked)}>{t('topics.forceDelete')}</Checkbox>}
                  onConfirm={() => drop.mutate({ name: x.name, force }, { onSuccess: () => notifier.success(t('topics.deleted')) })}
                >
                  <Button type="link" size="small" danger>
                    {t('topics.action.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {creating && (
        <TopicForm
          instance={instance}
          onCancel={() => setCreating(false)}
          onCreated={() => {
            notifier.success(t('topics.created'));
            setCreating(false);
          }}
        />
      )}
      <Drawer open={!!sampling} size="large" title={`${t('topics.sample.title')}: ${sampling ?? ''}`} onClose={() => setSampling(null)} destroyOnHidden>
        {sampling && <SamplePanel instance={instance} topic={sampling} />}
      </Drawer>
    </>
  );
}
