import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Input, Popconfirm, Result, Space, Spin, Tabs, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { openDialog } from '../../components/dialogs/dialogManager';
import { notifier } from '../../components/feedback/notifier';
import { useResetInstanceToken } from '../../data/instances/tokenReset';
import { useInstanceToken } from '../../data/instances/tokens';
import { useShell } from '../../routes/shell';
import { TokenDialog } from '../instances/TokenDialog';
import { TokenField } from '../instances/TokenField';
import { rowRights } from '../instances/instanceRights';
import { useCurrentInstance } from '../instances/useCurrentInstance';
import { SNIPPET_LANGUAGES, TOKEN_PLACEHOLDER, buildSnippet, maskToken, type SnippetLanguage } from './snippets';
import { copyText, copyWithRealToken } from './copyText';

/**
 * programming (instance screen): the gateway URL, the token (masked, reveal and copy) and working snippets for curl,
 * the Node REST client, Python, Go, Java (JDBC) and InfluxDB line-protocol writes, each with a copy button. The
 * copy always holds the real token; the text on screen is masked until revealed. While this tab knows the token
 * (created or reset here), each snippet also has a "Copy with token" button: the snippet ready to run.
 */
export default function ProgrammingPage() {
  const { t } = useTranslation();
  const { instance, loading } = useCurrentInstance();
  const { readOnly } = useShell();
  const token = useInstanceToken(instance?.id ?? null);
  const reset = useResetInstanceToken();
  const [revealed, setRevealed] = useState(false);
  const [database, setDatabase] = useState('power');
  const [language, setLanguage] = useState<SnippetLanguage>('curl');

  if (loading) return <Spin />;
  if (!instance) return <Result status="info" title={t('dashboard.noInstance')} />;

  const real = token ?? TOKEN_PLACEHOLDER;
  const shown = token && !revealed ? maskToken(token) : real;
  const input = { gatewayUrl: instance.gateway_url, database: database.trim() || 'power' };
  const canReset = rowRights(instance, readOnly).resetToken;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small" title={t('programming.connection')}>
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t('programming.gatewayUrl')}>
            <Typography.Text code copyable>
              {instance.gateway_url}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('programming.token')}>
            {token ? <TokenField token={token} shown={revealed} onShownChange={setRevealed} /> : <Typography.Text type="secondary">{t('programming.tokenUnknown')}</Typography.Text>}
          </Descriptions.Item>
        </Descriptions>
        {!token && (
          <Alert
            type="info"
            showIcon
            title={t('programming.tokenOnce')}
            action={
              canReset && (
                <Popconfirm
                  title={t('instances.token.resetConfirm')}
                  okText={t('common.confirm')}
                  cancelText={t('common.cancel')}
                  onConfirm={() => reset.mutate(instance, { onSuccess: ({ token: next }) => openDialog((close) => <TokenDialog token={next} onClose={close} />), onError: () => undefined })}
                >
                  <Button size="small" loading={reset.isPending}>
                    {t('instances.action.resetToken')}
                  </Button>
                </Popconfirm>
              )
            }
          />
        )}
        {instance.cluster_status !== 'Running' && <Alert type="warning" showIcon style={{ marginTop: 8 }} title={t('programming.notRunning')} />}
      </Card>
      <Card size="small" title={t('programming.snippets')}>
        <Tabs
          activeKey={language}
          onChange={(key) => setLanguage(key as SnippetLanguage)}
          items={SNIPPET_LANGUAGES.map((lang) => ({
            key: lang,
            label: t(`programming.lang.${lang}`),
            children: (
              <Space orientation="vertical" style={{ width: '100%' }}>
                {lang === 'influxdb' && (
                  <Space>
                    <Typography.Text>{t('programming.database')}</Typography.Text>
                    <Input value={database} onChange={(e) => setDatabase(e.target.value)} style={{ width: 200 }} aria-label={t('programming.database')} />
                  </Space>
                )}
                <Space>
                  <Typography.Text type="secondary">{t(`programming.hint.${lang}`)}</Typography.Text>
                  {token && (
                    <Button
                      size="small"
                      icon={<CopyOutlined />}
                      onClick={() =>
                        void copyText(buildSnippet(lang, { ...input, token })).then((copied) =>
                          copied ? notifier.success(t('programming.copiedWithToken')) : notifier.warning(t('programming.copyFailed')),
                        )
                      }
                    >
                      {t('programming.copyWithToken')}
                    </Button>
                  )}
                </Space>
                <Typography.Paragraph
                  copyable={{ text: buildSnippet(lang, { ...input, token: real }), tooltips: [t('programming.copy'), t('programming.copied')] }}
                  data-testid={`snippet-${lang}`}
                  style={{ marginBottom: 0 }}
                >
                  <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} onCopy={token ? (e) => copyWithRealToken(e, token) : undefined}>{buildSnippet(lang, { ...input, token: shown })}</pre>
                </Typography.Paragraph>
              </Space>
            ),
          }))}
        />
      </Card>
    </Space>
  );
}
