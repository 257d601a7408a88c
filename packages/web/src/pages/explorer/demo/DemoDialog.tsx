import { useState } from 'react';
import { Alert, Button, Form, Input, Progress, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEMO_ROWS_PER_TABLE, DEMO_TABLE_CHOICES, demoLoadSchema } from '@tscloud/contracts';
import { AppModal } from '../../../components/dialogs/AppModal';
import { useDemoJob, useStartDemo } from '../../../data/explorer/demo';
import { failureText } from '../../../data/sql/run';
import { translateMessage } from '../../../i18n';
import type { ExplorerInstance } from '../context';

/** The super table the demo writes (taosBenchmark's meters, packages/engine demo). */
const DEMO_STABLE = 'meters';

/**
 * Load the demo data (§9: 1000 or 10000 child tables of 10000 rows) into the database the dialog is opened from
 * (super table `meters` in it, no new database: issue 13 item 10) and follow the job's progress; once it ends the
 * dialog offers Close and a link to the loaded super table.
 */
export function DemoDialog(props: { instance: ExplorerInstance; db: string; onClose: () => void; onOpenStable: (db: string, name: string) => void }) {
  const { t } = useTranslation();
  const start = useStartDemo(props.instance);
  const dbName = props.db;
  const [tables, setTables] = useState(DEMO_TABLE_CHOICES[0]);
  const [jobId, setJobId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const job = useDemoJob(props.instance, jobId);

  const go = async () => {
    setFailure(null);
    const parsed = demoLoadSchema.safeParse({ db_name: dbName, tables });
    if (!parsed.success) {
      setFailure(translateMessage(parsed.error.issues[0].message));
      return;
    }
    try {
      const created = await start.mutateAsync({ db_name: dbName, tables });
      setJobId(created.id);
    } catch (error) {
      setFailure(translateMessage(failureText(error)));
    }
  };
  const j = job.data;
  const ended = j !== undefined && j.status !== 'running';
  const footer = ended
    ? [<Button key="close" type="primary" onClick={props.onClose} data-testid="demo-close">{t('explorer.demo.close')}</Button>]
    : [
        <Button key="cancel" onClick={props.onClose}>{t('explorer.action.cancel')}</Button>,
        <Button key="go" type="primary" disabled={jobId !== null} loading={start.isPending} onClick={() => void go()} data-testid="demo-start">{t('explorer.demo.start')}</Button>,
      ];
  return (
    <AppModal open title={t('explorer.demo.title')} onCancel={props.onClose} footer={footer}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Form layout="vertical">
          <Form.Item label={t('explorer.demo.db')} extra={t('explorer.demo.into', { stable: DEMO_STABLE })}>
            <Input value={dbName} disabled data-testid="demo-db" />
          </Form.Item>
          <Form.Item label={t('explorer.demo.tables')}>
            <Radio.Group value={tables} onChange={(e) => setTables(e.target.value as number)} disabled={jobId !== null} options={DEMO_TABLE_CHOICES.map((n) => ({ value: n, label: String(n) }))} />
          </Form.Item>
          <Typography.Text type="secondary">{t('explorer.demo.rows', { rows: DEMO_ROWS_PER_TABLE })}</Typography.Text>
        </Form>
        {failure && <Alert type="error" showIcon title={failure} />}
        {j && (
          <>
            <Progress percent={j.percent} status={j.status === 'failed' ? 'exception' : j.status === 'done' ? 'success' : 'active'} data-testid="demo-progress" />
            {j.status === 'running' && <Typography.Text>{t('explorer.demo.running', { written: j.rows_written, total: j.total_rows })}</Typography.Text>}
            {j.status === 'done' && (
              <Alert
                type="success"
                showIcon
                title={t('explorer.demo.done', { db: j.db_name })}
                action={
                  <Button
                    type="link"
                    data-testid="demo-open-stable"
                    onClick={() => {
                      props.onOpenStable(j.db_name, DEMO_STABLE);
                      props.onClose();
                    }}
                  >
                    {t('explorer.demo.openStable', { name: `${j.db_name}.${DEMO_STABLE}` })}
                  </Button>
                }
              />
            )}
            {j.status === 'failed' && <Alert type="error" showIcon title={t('explorer.demo.failed', { message: j.error ?? '' })} />}
          </>
        )}
      </Space>
    </AppModal>
  );
}
