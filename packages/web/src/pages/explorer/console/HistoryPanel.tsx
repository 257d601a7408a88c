import { Button, Empty, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../config/format';
import type { HistoryRecord } from './history';

/** The last 100 statements (local), newest first; "Use" puts one back in the editor. */
export function HistoryPanel({ records, onUse, onClear }: { records: HistoryRecord[]; onUse: (sql: string) => void; onClear: () => void }) {
  const { t } = useTranslation();
  if (records.length === 0) return <Empty description={t('console.historyEmpty')} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button size="small" onClick={onClear}>
        {t('console.historyClear')}
      </Button>
      <List
        size="small"
        dataSource={records}
        pagination={{ pageSize: 10, size: 'small', hideOnSinglePage: true }}
        renderItem={(r) => (
          <List.Item
            data-testid="history-item"
            actions={[
              <Button key="use" type="link" size="small" onClick={() => onUse(r.sql)}>
                {t('console.historyUse')}
              </Button>,
            ]}
          >
            <Space direction="vertical" size={2} style={{ minWidth: 0 }}>
              <Typography.Text code ellipsis={{ tooltip: r.sql }} style={{ maxWidth: 260 }}>
                {r.sql}
              </Typography.Text>
              <Space size={6} wrap>
                <Tag color={r.type === 1 ? 'green' : 'red'}>{r.type === 1 ? t('console.history.success') : t('console.history.failure')}</Tag>
                <Typography.Text type="secondary">{formatDateTime(r.createdAt)}</Typography.Text>
                {r.database && <Typography.Text type="secondary">{r.database}</Typography.Text>}
                <Typography.Text type="secondary">{t('console.timing.total', { ms: r.totalTime })}</Typography.Text>
              </Space>
              {r.message && <Typography.Text type="danger" ellipsis={{ tooltip: r.message }} style={{ maxWidth: 260 }}>{r.message}</Typography.Text>}
            </Space>
          </List.Item>
        )}
      />
    </Space>
  );
}
