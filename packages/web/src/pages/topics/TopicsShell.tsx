import type { ReactNode } from 'react';
import { Alert, Card, Result, Select, Space, Spin, Tabs } from 'antd';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Instance, TopicItem } from '@tscloud/contracts';
import { useTopics } from '../../data/topics/list';
import { useCurrentInstance } from '../instances/useCurrentInstance';

/** The four children of the 'topic' screen (platform-shell.md §2): default, consumer, share, example. */
export const TOPIC_TABS = [
  { key: 'default', path: '/topic' },
  { key: 'consumer', path: '/topic/consumer' },
  { key: 'share', path: '/topic/share' },
  { key: 'example', path: '/topic/example' },
] as const;

export interface TopicsContext {
  instance: Instance;
  topics: TopicItem[];
  /** The topic chosen in ?topic= (or the first one), null when there is none. */
  topic: TopicItem | null;
}

/**
 * Frame of every Topics tab: the current instance (Running, else a notice), the tabs as links to the four routes,
 * and — on the tabs about one topic — the topic picker, kept in the URL (?topic=) so the tabs share it.
 */
export function TopicsShell({ tab, children }: { tab: (typeof TOPIC_TABS)[number]['key']; children: (ctx: TopicsContext) => ReactNode }) {
  const { t } = useTranslation();
  const { instance, loading } = useCurrentInstance();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const running = instance?.cluster_status === 'Running';
  const list = useTopics(running ? instance : null);

  if (loading) return <Spin />;
  if (!instance) return <Result status="info" title={t('topics.noInstance')} />;
  const topics = list.data ?? [];
  const wanted = params.get('topic');
  const topic = topics.find((x) => x.name === wanted) ?? topics[0] ?? null;
  const query = topic ? `?${new URLSearchParams({ topic: topic.name }).toString()}` : '';

  return (
    <Card title={t('topics.title')}>
      <Tabs
        activeKey={tab}
        onChange={(key) => navigate(`${TOPIC_TABS.find((x) => x.key === key)!.path}${query}`)}
        items={TOPIC_TABS.map((x) => ({ key: x.key, label: t(`topics.tab.${x.key}`) }))}
      />
      {!running ? (
        <Alert type="warning" showIcon title={t('topics.notRunning')} />
      ) : list.isLoading ? (
        <Spin />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          {tab !== 'default' &&
            (topic ? (
              <Space>
                <span>{t('topics.pick')}</span>
                <Select
                  aria-label={t('topics.pick')}
                  style={{ minWidth: 240 }}
                  value={topic.name}
                  placeholder={t('topics.pickPlaceholder')}
                  options={topics.map((x) => ({ value: x.name, label: x.name }))}
                  onChange={(name: string) => setParams({ topic: name }, { replace: true, state: location.state })}
                />
              </Space>
            ) : (
              <Alert type="info" showIcon title={t('topics.noTopic')} />
            ))}
          {children({ instance, topics, topic })}
        </Space>
      )}
    </Card>
  );
}
