import { useState } from 'react';
import { Alert, Button, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ACTIVE_TASK_STATUSES, TASK_STATUSES, type ConnectorDefinition, type TaskListItem, type TaskStatus } from '@tscloud/contracts';
import { isApiError } from '../../api/errors';
import { notifier } from '../../components/feedback/notifier';
import { formatDateTime } from '../../config/format';
import { useTaskMutations, useTasks } from '../../data/dataIn/tasks';
import type { InstanceRef } from '../../data/instances/control';
import { translateMessage } from '../../i18n';
import { dataInPaths } from './paths';
import { TaskStatusTag } from './TaskStatusTag';

const PAGE_SIZE = 10;

/**
 * The instance's data-in tasks: paged, filtered by status, each with start/stop, edit, delete and its detail.
 * Refusals (§8: a running task cannot be edited or deleted) are shown above the list.
 */
export function TaskList({ instance, definitions }: { instance: InstanceRef; definitions: ConnectorDefinition[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [status, setStatus] = useState<TaskStatus | ''>('');
  const [page, setPage] = useState(1);
  const [refusal, setRefusal] = useState<string | null>(null);
  const tasks = useTasks(instance, { status: status || undefined, current_page: page, page_size: PAGE_SIZE });
  const { start, stop, remove } = useTaskMutations(instance);
  const sourceName = (id: string) => definitions.find((d) => d.id === id)?.name ?? id;

  const act = (run: () => Promise<unknown>, done: string) => {
    setRefusal(null);
    run().then(
      () => notifier.success(done),
      (error: unknown) => setRefusal(translateMessage(isApiError(error) ? error.message : String(error))),
    );
  };

  return (
    <div data-testid="datain-tasks">
      <Space style={{ marginBottom: 12 }} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('dataIn.tasks.title')}
        </Typography.Title>
        <Select
          aria-label={t('dataIn.tasks.status')}
          style={{ minWidth: 160 }}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
          options={[{ value: '', label: t('dataIn.tasks.allStatuses') }, ...TASK_STATUSES.map((s) => ({ value: s, label: t(`dataIn.status.${s}`) }))]}
        />
      </Space>
      {refusal && <Alert type="error" showIcon closable title={refusal} onClose={() => setRefusal(null)} style={{ marginBottom: 12 }} data-testid="task-refusal" />}
      <Table<TaskListItem>
        rowKey="id"
        size="small"
        loading={tasks.isLoading}
        dataSource={tasks.data?.list ?? []}
        locale={{ emptyText: t('dataIn.tasks.empty') }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: tasks.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { key: 'name', title: t('dataIn.tasks.col.name'), render: (_, x) => <Typography.Link onClick={() => navigate(dataInPaths.detail(x.id))}>{x.name}</Typography.Link> },
          { key: 'source', title: t('dataIn.tasks.col.source'), render: (_, x) => sourceName(x.connector) },
          { key: 'target', title: t('dataIn.tasks.col.target'), dataIndex: 'target_db' },
          { key: 'status', title: t('dataIn.tasks.col.status'), render: (_, x) => <TaskStatusTag status={x.status} /> },
          { key: 'created', title: t('dataIn.tasks.col.created'), render: (_, x) => formatDateTime(x.created_at) },
          {
            key: 'actions',
            title: t('dataIn.tasks.col.actions'),
            render: (_, x) => {
              const active = ACTIVE_TASK_STATUSES.includes(x.status);
              return (
                <Space size={0}>
                  {active ? (
                    <Button type="link" size="small" onClick={() => act(() => stop.mutateAsync(x.id), t('dataIn.tasks.stopped'))}>
                      {t('dataIn.tasks.stop')}
                    </Button>
                  ) : (
                    <Button type="link" size="small" onClick={() => act(() => start.mutateAsync(x.id), t('dataIn.tasks.started'))}>
                      {t('dataIn.tasks.start')}
                    </Button>
                  )}
                  <Button type="link" size="small" onClick={() => navigate(dataInPaths.edit(x.id))}>
                    {t('dataIn.tasks.edit')}
                  </Button>
                  <Popconfirm title={t('dataIn.tasks.confirmDelete', { name: x.name })} onConfirm={() => act(() => remove.mutateAsync(x.id), t('dataIn.tasks.deleted'))}>
                    <Button type="link" size="small" danger>
                      {t('dataIn.tasks.delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              );
            },
          },
        ]}
      />
    </div>
  );
}
