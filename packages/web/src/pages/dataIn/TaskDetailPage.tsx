import { Alert, Button, Descriptions, Empty, Progress, Result, Space, Spin, Table, Tabs, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paramApplies, taskParams, valuesOfFromExpand, type Instance, type Language, type TaskActivity, type TaskDetails } from '@tscloud/contracts';
import { formatDateTime } from '../../config/format';
import { useTaskDetails } from '../../data/dataIn/tasks';
import { TASK_WATCH_MS, useTableProgress, useTaskActivities, useTaskMetrics } from '../../data/dataIn/taskWatch';
import { DataInShell } from './DataInShell';
import { MetricsCharts, useMetricsHistory } from './MetricsCharts';
import { dataInPaths } from './paths';
import { TaskStatusTag } from './TaskStatusTag';

/** /dataIn/tasks/:id: the task's configuration, activities, live metrics and table progress. */
export default function TaskDetailPage() {
  return <DataInShell>{({ instance, language }) => <TaskDetail instance={instance} language={language} />}</DataInShell>;
}

function TaskDetail({ instance, language }: { instance: Instance; language: Language }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const details = useTaskDetails(instance, id, language, TASK_WATCH_MS);
  if (details.isLoading) return <Spin />;
  if (!details.data) return <Result status="404" title={t('dataIn.form.notFound')} />;
  const task = details.data;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="task-detail">
      <Space wrap>
        <Button onClick={() => navigate(dataInPaths.home)}>{t('dataIn.detail.back')}</Button>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('dataIn.detail.title', { name: task.name })}
        </Typography.Title>
        <TaskStatusTag status={task.status} />
        <Button onClick={() => navigate(dataInPaths.edit(task.id))}>{t('dataIn.tasks.edit')}</Button>
      </Space>
      {task.status_reason && <Alert type={task.status === 'failed' ? 'error' : 'info'} showIcon title={task.status_reason} />}
      <Tabs
        items={[
          { key: 'metrics', label: t('dataIn.detail.metrics'), children: <MetricsTab instance={instance} id={task.id} /> },
          { key: 'progress', label: t('dataIn.detail.progress'), children: <ProgressTab instance={instance} id={task.id} byVgroup={task.connector === 'tmq'} /> },
          { key: 'activities', label: t('dataIn.detail.activities'), children: <ActivitiesTab instance={instance} id={task.id} /> },
          { key: 'configuration', label: t('dataIn.detail.configuration'), children: <Configuration task={task} /> },
        ]}
      />
    </Space>
  );
}

function MetricsTab({ instance, id }: { instance: Instance; id: string }) {
  const { t } = useTranslation();
  const metrics = useTaskMetrics(instance, id);
  const history = useMetricsHistory(metrics.data, metrics.dataUpdatedAt);
  if (!metrics.data) return metrics.isLoading ? <Spin /> : <Empty />;
  return (
    <>
      {metrics.data.last_error && <Alert type="error" showIcon title={`${t('dataIn.detail.lastError')}: ${metrics.data.last_error}`} style={{ marginBottom: 16 }} />}
      <MetricsCharts metrics={metrics.data} history={history} />
    </>
  );
}

/** Rows done per source table; a tmq source's progress is by vgroup (§2 "table progress and vgroup progress"). */
function ProgressTab({ instance, id, byVgroup }: { instance: Instance; id: string; byVgroup: boolean }) {
  const { t } = useTranslation();
  const progress = useTableProgress(instance, id, byVgroup ? 'vgroup_progress' : 'table_progress');
  return (
    <Table
      size="small"
      rowKey="name"
      data-testid="table-progress"
      loading={progress.isLoading}
      dataSource={progress.data?.tables ?? []}
      locale={{ emptyText: t('dataIn.detail.noProgress') }}
      pagination={false}
      columns={[
        { key: 'table', title: t('dataIn.detail.col.table'), dataIndex: 'name' },
        {
          key: 'progress',
          title: t('dataIn.detail.col.progress'),
          render: (_, row) => (row.percent === null ? String(row.done) : <Progress percent={Math.round(row.percent)} size="small" aria-label={row.name} />),
        },
      ]}
    />
  );
}

function ActivitiesTab({ instance, id }: { instance: Instance; id: string }) {
  const { t } = useTranslation();
  const activities = useTaskActivities(instance, id);
  return (
    <Table<TaskActivity>
      size="small"
      rowKey="id"
      loading={activities.isLoading}
      dataSource={activities.data?.list ?? []}
      locale={{ emptyText: t('dataIn.detail.noActivities') }}
      columns={[
        { key: 'time', title: t('dataIn.detail.col.time'), render: (_, a) => formatDateTime(a.time) },
        { key: 'event', title: t('dataIn.detail.col.event'), dataIndex: 'kind' },
        { key: 'message', title: t('dataIn.detail.col.message'), render: (_, a) => a.message ?? '' },
      ]}
    />
  );
}

/** The saved values under their params' names (from_detail), passwords masked. */
function Configuration({ task }: { task: TaskDetails }) {
  const { t } = useTranslation();
  const values = valuesOfFromExpand(task.from_detail, task.from_expand);
  const shown = taskParams(task.from_detail, values).filter((p) => paramApplies(p, values) && values[p.name] !== undefined && p.hint.type !== 'compose');
  const text = (value: unknown) => (Array.isArray(value) ? value.join(', ') : String(value ?? ''));
  return (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item label={t('dataIn.tasks.col.source')}>{task.from_detail.name}</Descriptions.Item>
      <Descriptions.Item label={t('dataIn.tasks.col.target')}>{task.target_db}</Descriptions.Item>
      {shown.map((p) => (
        <Descriptions.Item key={p.name} label={p.display}>
          {p.hint.type === 'password' ? '••••••' : text(values[p.name])}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}
