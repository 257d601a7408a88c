import { useState } from 'react';
import { Alert, Input, Space, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Instance } from '@tscloud/contracts';
import { useInstanceToken } from '../../data/instances/tokens';
import { TOKEN_PLACEHOLDER, maskToken } from '../programming/snippets';
import { copyWithRealToken } from '../programming/copyText';
import { SamplePanel } from './SamplePanel';
import { CONSUMER_LANGUAGES, buildConsumerSnippet, type ConsumerLanguage } from './consumerSnippets';
import { TopicsShell } from './TopicsShell';

const LANGUAGE_LABEL: Record<ConsumerLanguage, string> = { curl: 'WebSocket (websocat)', node: 'Node.js', python: 'Python', go: 'Go', java: 'Java' };

/** topic/example: working consumer code for the instance and topic, and the first messages of the topic. */
export default function TopicExamplePage() {
  return <TopicsShell tab="example">{({ instance, topic }) => topic && <Example instance={instance} topic={topic.name} />}</TopicsShell>;
}

function Example({ instance, topic }: { instance: Instance; topic: string }) {
  const { t } = useTranslation();
  const token = useInstanceToken(instance.id);
  const [group, setGroup] = useState('group1');
  const [language, setLanguage] = useState<ConsumerLanguage>('python');
  const input = (shownToken: string) => ({ gatewayUrl: instance.gateway_url, token: shownToken, topic, group: group.trim() || 'group1' });
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Paragraph>{t('topics.example.intro', { topic })}</Typography.Paragraph>
      {!token && <Alert type="info" showIcon title={t('topics.example.token')} />}
      <Space>
        <span>{t('topics.example.group')}</span>
        <Input aria-label={t('topics.example.group')} value={group} onChange={(e) => setGroup(e.target.value)} style={{ width: 200 }} />
      </Space>
      <Tabs
        activeKey={language}
        onChange={(key) => setLanguage(key as ConsumerLanguage)}
        items={CONSUMER_LANGUAGES.map((lang) => ({
          key: lang,
          label: LANGUAGE_LABEL[lang],
          children: (
            <Typography.Paragraph copyable={{ text: buildConsumerSnippet(lang, input(token ?? TOKEN_PLACEHOLDER)) }}>
              <pre data-testid={`consumer-snippet-${lang}`} onCopy={token ? (e) => copyWithRealToken(e, token) : undefined}>{buildConsumerSnippet(lang, input(token ? maskToken(token) : TOKEN_PLACEHOLDER))}</pre>
            </Typography.Paragraph>
          ),
        }))}
      />
      <Typography.Title level={5}>{t('topics.sample.title')}</Typography.Title>
      <SamplePanel instance={instance} topic={topic} />
    </Space>
  );
}
