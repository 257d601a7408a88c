import { Alert, Button, Empty, Popconfirm, Space, Table, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../components/feedback/notifier';
import { formatDateTime } from '../../../config/format';
import { useKillQuery } from '../../../data/console/killQuery';
import { useRunningQueries, type RunningQuery } from '../../../data/console/runningQueries';
import type { InstanceRef } from '../../../data/instances/control';
import { failureText } from '../../../data/sql/run';

const startedAt = (value: string | number) => {
  const ms = typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(ms) ? formatDateTime(ms) : String(value);
};

/**
 * The instance's running queries as the engine shows them to the member (their own; a superuser's all), read again
 * every two seconds while the tab is open, each with Kill (KILL QUERY 'id', confirmed first).
 */
export function RunningQueries({ instance, open, readOnly }: { instance: InstanceRef; open: boolean; readOnly: boolean }) {
  const { t } = useTranslation();
  const list = useRunningQueries(instance, open);
  const kill = useKillQuery(instance);
  const stop = (q: RunningQuery) =>
    kill.mutate(q.killId, {
      onSuccess: () => notifier.success(t('explorer.workspace.queries.killed')),
      onError: (error) => notifier.error(failureText(error), 0, true),
    });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Typography.Text type="secondary">{t('explorer.workspace.queries.hint')}</Typography.Text>
        <Button size="small" icon={<ReloadOutlined />} onClick={() => void list.refetch()} loading={list.isFetching}>
          {t('explorer.refresh')}
        </Button>
      </Space>
      {list.error && <Alert type="error" showIcon title={failureText(list.error)} />}
      <Table<RunningQuery>
        size="small"
        rowKey="killId"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('explorer.workspace.queries.none')} /> }}
        columns={[
          { key: 'id', title: t('explorer.workspace.queries.id'), dataIndex: 'killId', width: 120 },
          { key: 'user', title: t('explorer.workspace.queries.user'), dataIndex: 'user', width: 120 },
          { key: 'sql', title: t('explorer.workspace.queries.sql'), dataIndex: 'sql', render: (sql: string) => <Typography.Text code>{sql}</Typography.Text> },
          { key: 'started', title: t('explorer.workspace.queries.started'), width: 170, render: (_, q) => startedAt(q.createTime) },
          { key: 'elapsed', title: t('explorer.workspace.queries.elapsed'), width: 110, render: (_, q) => t('explorer.workspace.queries.ms', { ms: Math.round(q.execUsec / 1000) }) },
          {
            key: 'kill',
            title: '',
            width: 90,
            render: (_, q) => (
              <Popconfirm title={t('explorer.workspace.queries.killConfirm')} onConfirm={() => stop(q)} okText={t('explorer.workspace.queries.kill')} cancelText={t('common.cancel')}>
                <Button size="small" danger disabled={readOnly} loading={kill.isPending && kill.variables === q.killId}>
                  {t('explorer.workspace.queries.kill')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Space>
  );
}
