import { useState } from 'react';
import { Button, Card, Checkbox, Modal, Popconfirm, Result, Space, Spin, Table, Tag, Tooltip } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Privilege, satisfies, type StreamDisplayStatus, type StreamItem } from '@tscloud/contracts';
import { notifier } from '../../components/feedback/notifier';
import { formatDateTime } from '../../config/format';
import { useStreams } from '../../data/streams/list';
import { useStreamControl } from '../../data/streams/control';
import type { InstanceRef } from '../../data/instances/control';
import { useShell } from '../../routes/shell';
import { useCurrentInstance } from '../instances/useCurrentInstance';
import { StreamForm } from './StreamForm';
import { StreamOutputPanel } from './StreamOutputPanel';
import { explorerLinkOf, triggerOf } from './streamForm';

const STATUS_COLOR: Record<StreamDisplayStatus, string> = { created: 'blue', running: 'green', interrupted: 'orange', stopped: 'default' };

/**
 * /stream (platform-shell.md §2 'stream'): the instance's streams with their status (interrupted, running and
 * created are active, stopped is not — data-explorer.md §4), the create form, pause, resume and delete with
 * confirmations, the output rows, and the output super table opened in the explorer.
 */
export default function StreamsPage() {
  const { t } = useTranslation();
  const { instance, loading } = useCurrentInstance();
  const { readOnly } = useShell();
  const [creating, setCreating] = useState(false);
  const streams = useStreams(instance && instance.cluster_status === 'Running' ? instance : null);
  if (loading) return <Spin />;
  if (!instance) return <Result status="info" title={t('streams.noInstance')} />;
  if (instance.cluster_status !== 'Running') return <Result status="info" title={t('streams.notRunning')} />;
  // Held somewhere in the instance: the member's engine user then decides per database (source read, target write).
  const canWrite = !readOnly && satisfies(instance.resource_privileges, { allOf: [Privilege.DB_READ, Privilege.DB_WRITE] });
  return (
    <Card
      title={t('streams.title')}
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} aria-label={t('streams.refresh')} onClick={() => void streams.refetch()} />
          {canWrite && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="stream-create">
              {t('streams.create')}
            </Button>
          )}
        </Space>
      }
    >
      <StreamTable instance={instance} rows={streams.data ?? []} loading={streams.isLoading} canWrite={canWrite} />
      <Modal open={creating} title={t('streams.form.title')} width={960} footer={null} mask={{ closable: false }} destroyOnHidden onCancel={() => setCreating(false)}>
        <StreamForm
          instance={instance}
          onCancel={() => setCreating(false)}
          onCreated={() => {
            notifier.success(t('streams.created'));
            setCreating(false);
          }}
        />
      </Modal>
    </Card>
  );
}

function StreamTable({ instance, rows, loading, canWrite }: { instance: InstanceRef; rows: StreamItem[]; loading: boolean; canWrite: boolean }) {
  const { t } = useTranslation();
  const control = useStreamControl(instance);
  const [ignoreUntreated, setIgnoreUntreated] = useState(false);
  const done = (key: 'streams.paused' | 'streams.resumed' | 'streams.dropped') => () => notifier.success(t(key));
  return (
    <Table<StreamItem>
      rowKey="name"
      size="middle"
      loading={loading}
      dataSource={rows}
      locale={{ emptyText: t('streams.empty') }}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      expandable={{ expandedRowRender: (s) => <StreamOutputPanel instance={instance} stream={s} /> }}
      onRow={(s) => ({ 'data-testid': `stream-row-${s.name}` }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        { key: 'name', title: t('streams.col.name'), dataIndex: 'name' },
        {
          key: 'status',
          title: t('streams.col.status'),
          render: (_, s) => (
            <Tooltip title={`${s.active ? t('streams.active') : t('streams.inactive')} (${s.engine_status})`}>
              <Tag color={STATUS_COLOR[s.status]} data-testid={`stream-status-${s.name}`} data-status={s.status}>
                {t(`streams.status.${s.status}`)}
              </Tag>
            </Tooltip>
          ),
        },
        { key: 'source', title: t('streams.col.source'), dataIndex: 'source_db' },
        {
          key: 'target',
          title: t('streams.col.target'),
          render: (_, s) => (
            <Link to={explorerLinkOf(s.target_db, s.target_table)} title={t('streams.openOutput')} data-testid={`stream-open-output-${s.name}`}>
              {`${s.target_db}.${s.target_table}`}
            </Link>
          ),
        },
        {
          key: 'trigger',
          title: t('streams.col.trigger'),
          render: (_, s) => {
            const trigger = triggerOf(s.trigger);
            return trigger ? t(`streams.form.trigger.${trigger}`) : s.trigger;
          },
        },
        { key: 'created', title: t('streams.col.created'), render: (_, s) => (s.create_time ? formatDateTime(s.create_time) : '') },
        {
          key: 'actions',
          title: t('streams.col.actions'),
          render: (_, s) =>
            canWrite && (
              <Space size={0}>
                {s.status === 'stopped' ? (
                  <Popconfirm
                    title={t('streams.resumeConfirm', { name: s.name })}
                    description={<Checkbox checked={ignoreUntreated} onChange={(e) => setIgnoreUntreated(e.target.checked)}>{t('streams.resumeIgnore')}</Checkbox>}
                    okText={t('common.confirm')}
                    cancelText={t('common.cancel')}
                    onConfirm={() => control.resume.mutate({ name: s.name, ignoreUntreated }, { onSuccess: done('streams.resumed') })}
                  >
                    <Button size="small" type="link" data-testid={`stream-resume-${s.name}`}>{t('streams.resume')}</Button>
                  </Popconfirm>
                ) : (
                  <Popconfirm title={t('streams.pauseConfirm', { name: s.name })} okText={t('common.confirm')} cancelText={t('common.cancel')} onConfirm={() => control.pause.mutate(s.name, { onSuccess: done('streams.paused') })}>
                    <Button size="small" type="link" data-testid={`stream-pause-${s.name}`}>{t('streams.pause')}</Button>
                  </Popconfirm>
                )}
                <Popconfirm title={t('streams.dropConfirm', { name: s.name })} okText={t('common.confirm')} cancelText={t('common.cancel')} onConfirm={() => control.drop.mutate(s.name, { onSuccess: done('streams.dropped') })}>
                  <Button size="small" type="link" danger data-testid={`stream-drop-${s.name}`}>{t('streams.drop')}</Button>
                </Popconfirm>
              </Space>
            ),
        },
      ]}
    />
  );
}
