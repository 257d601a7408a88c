import { Alert, Empty, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Instance } from '@tscloud/contracts';
import { ExportMenu } from './ExportMenu';
import { ResultPanel } from './results/ResultPanel';
import type { StatementOutcome } from './runner';

function TimingLine({ o }: { o: StatementOutcome }) {
  const { t } = useTranslation();
  const ms = (v: number | null) => (v === null ? t('console.timing.unknown') : String(v));
  return (
    <Space size={12} wrap>
      <Typography.Text type="secondary">{t('console.timing.execution', { ms: ms(o.timings.execution) })}</Typography.Text>
      <Typography.Text type="secondary">{t('console.timing.network', { ms: ms(o.timings.network) })}</Typography.Text>
      <Typography.Text type="secondary">{t('console.timing.total', { ms: ms(o.timings.total) })}</Typography.Text>
    </Space>
  );
}

function OutcomeView({ o, instance }: { o: StatementOutcome; instance: Instance | null }) {
  const { t } = useTranslation();
  if (!o.ok) {
    return (
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text code>{o.sql}</Typography.Text>
        <Alert type="error" showIcon message={t('console.error')} description={o.error} role="alert" />
        <TimingLine o={o} />
      </Space>
    );
  }
  const affected = o.columns.length === 1 && o.columns[0][0] === 'affected_rows';
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Space wrap>
          <Tag color="green">{affected ? t('console.affected', { count: Number(o.rows[0]?.[0] ?? 0) }) : t('console.rowsTotal', { count: o.total })}</Tag>
          <TimingLine o={o} />
        </Space>
        {instance && <ExportMenu instance={instance} sql={o.sql} query={o.query} database={o.database} />}
      </Space>
      {o.truncated && <Alert type="warning" showIcon message={t('console.maxRows')} />}
      <ResultPanel o={o} />
    </Space>
  );
}

/**
 * One tab per statement of the last run. `instance`: where Export reads the statement again; null for a shared
 * database's tab, whose statements the instance's export route cannot read.
 */
export function ResultsView({ outcomes, running, cancelled, instance }: { outcomes: StatementOutcome[]; running: boolean; cancelled: boolean; instance: Instance | null }) {
  const { t } = useTranslation();
  if (outcomes.length === 0 && !running) {
    return cancelled ? <Alert type="info" showIcon message={t('console.cancelled')} /> : <Empty description={t('console.noResult')} />;
  }
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {running && <Spin size="small" tip={t('console.running')}><span /></Spin>}
      {cancelled && <Alert type="info" showIcon message={t('console.cancelled')} />}
      {outcomes.length > 0 && (
        <Tabs
          key={outcomes.length}
          defaultActiveKey={String(outcomes.length - 1)}
          items={outcomes.map((o, i) => ({
            key: String(i),
            label: <span>{t('console.result', { n: i + 1 })}{!o.ok && <Tag color="red" style={{ marginInlineStart: 6 }}>{t('console.error')}</Tag>}</span>,
            children: <OutcomeView o={o} instance={instance} />,
          }))}
        />
      )}
    </Space>
  );
}
