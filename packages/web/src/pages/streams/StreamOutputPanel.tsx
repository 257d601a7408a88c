import { Alert, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StreamItem } from '@tscloud/contracts';
import { useStreamOutput } from '../../data/streams/output';
import type { InstanceRef } from '../../data/instances/control';
import { translateMessage } from '../../i18n';
import { isApiError } from '../../api/errors';
import { edition } from '../../config/edition';
// Output timestamps come as RFC 3339 text; shown like the console's results, in the edition's zone.
import { formatTimestamp } from '../explorer/console/results/timeZone';

/** A stream's statement and the newest rows of its output table (refreshed while open). */
export function StreamOutputPanel({ instance, stream }: { instance: InstanceRef; stream: StreamItem }) {
  const { t } = useTranslation();
  const output = useStreamOutput(instance, stream.name);
  const data = output.data;
  return (
    <div data-testid={`stream-output-${stream.name}`}>
      <Typography.Text strong>{t('streams.sql')}</Typography.Text>
      <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{stream.sql}</pre>
      <Typography.Text strong>{t('streams.output')}</Typography.Text>
      {output.error ? (
        <Alert type="warning" showIcon title={translateMessage(isApiError(output.error) ? output.error.message : String(output.error))} />
      ) : data && data.total > 0 ? (
        <>
          <div data-testid="stream-output-total" data-total={data.total}>
            {t('streams.outputRows', { total: data.total, table: `${data.target_db}.${data.target_table}` })}
          </div>
          <Table
            size="small"
            pagination={false}
            rowKey={(_, i) => String(i)}
            dataSource={data.rows.map((row) => Object.fromEntries(data.columns.map((c, i) => [c, row[i]])))}
            columns={data.columns.map((c) => ({ key: c, dataIndex: c, title: c, render: (v: unknown) => (v === null ? 'NULL' : ((typeof v === 'string' && formatTimestamp(v, edition.timeZone)) || String(v))) }))}
          />
        </>
      ) : (
        <div>{output.isLoading ? '…' : t('streams.outputEmpty')}</div>
      )}
    </div>
  );
}
