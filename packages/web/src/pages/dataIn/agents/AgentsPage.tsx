import { useState } from 'react';
import { Alert, Button, Empty, Popconfirm, Result, Space, Spin, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AgentItem, AgentWithToken } from '@tscloud/contracts';
import { isApiError } from '../../../api/errors';
import { notifier } from '../../../components/feedback/notifier';
import { formatDateTime } from '../../../config/format';
import { useAgentMutations, useAgents } from '../../../data/dataIn/agents';
import type { InstanceRef } from '../../../data/instances/control';
import { translateMessage } from '../../../i18n';
import { useCurrentInstance } from '../../instances/useCurrentInstance';
import { DataInFrame } from '../DataInShell';
import { TaskStatusTag } from '../TaskStatusTag';
import { AgentActivitiesDrawer } from './AgentActivitiesDrawer';
import { AgentDialog } from './AgentDialog';
import { AgentTokenDialog } from './AgentTokenDialog';

/** The dialog's state: closed, a new agent, or an agent to edit. */
type Editing = { agent: AgentItem | null } | null;

/**
 * The data collection agents (data-explorer.md §2; docs/data-in.md "Agents"): the list with each agent's live
 * status (polled), created and expiry times; register and edit in a dialog, renew the token, delete (confirmed),
 * the activities drawer. A token is shown once, with the command that runs the agent.
 */
export function AgentList({ instance }: { instance: InstanceRef }) {
  const { t } = useTranslation();
  const agents = useAgents(instance);
  const { update, remove } = useAgentMutations(instance);
  const [editing, setEditing] = useState<Editing>(null);
  const [issued, setIssued] = useState<AgentWithToken | null>(null);
  const [watched, setWatched] = useState<AgentItem | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const now = Date.now();

  const act = (run: () => Promise<unknown>, done: string) => {
    setRefusal(null);
    run().then(
      () => notifier.success(done),
      (error: unknown) => setRefusal(translateMessage(isApiError(error) ? error.message : String(error))),
    );
  };
  const renew = (agent: AgentItem) => {
    setRefusal(null);
    update.mutateAsync({ agentId: agent.agent_id, body: { name: agent.name, expires_at: agent.expires_at, dsn: agent.dsn, renew_token: true } }).then(setIssued, (error: unknown) =>
      setRefusal(translateMessage(isApiError(error) ? error.message : String(error))),
    );
  };
  const saved = (result: AgentWithToken) => {
    setEditing(null);
    if (result.token) setIssued(result);
    else notifier.success(t('dataIn.agents.saved', { name: result.agent.name }));
  };

  return (
    <div data-testid="datain-agents">
      <Typography.Paragraph type="secondary">{t('dataIn.agents.intro')}</Typography.Paragraph>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ agent: null })}>
        {t('dataIn.agents.create')}
      </Button>
      {refusal && <Alert type="error" showIcon closable title={refusal} onClose={() => setRefusal(null)} style={{ marginTop: 12 }} data-testid="agents-refusal" />}
      {agents.isError && <Alert type="error" showIcon title={t('dataIn.agents.loadFailed')} style={{ marginTop: 12 }} />}
      <Table<AgentItem>
        style={{ marginTop: 16 }}
        rowKey="agent_id"
        size="small"
        loading={agents.isLoading}
        dataSource={agents.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('dataIn.agents.empty')} /> }}
        columns={[
          { key: 'name', title: t('dataIn.agents.col.name'), dataIndex: 'name' },
          { key: 'status', title: t('dataIn.agents.col.status'), render: (_, x) => <TaskStatusTag status={x.status} /> },
          { key: 'host', title: t('dataIn.agents.col.host'), render: (_, x) => (x.host ? `${x.host}${x.version ? ` (${x.version})` : ''}` : '—') },
          { key: 'created', title: t('dataIn.agents.col.created'), render: (_, x) => formatDateTime(x.created_at) },
          {
            key: 'expiry',
            title: t('dataIn.agents.col.expiry'),
            render: (_, x) => (
              <Space size={4}>
                {formatDateTime(x.expires_at)}
                {x.expires_at <= now && <Tag color="error">{t('dataIn.agents.expired')}</Tag>}
              </Space>
            ),
          },
          {
            key: 'actions',
            title: t('dataIn.agents.col.actions'),
            render: (_, x) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => setWatched(x)}>
                  {t('dataIn.agents.activities')}
                </Button>
                <Button type="link" size="small" onClick={() => setEditing({ agent: x })}>
                  {t('dataIn.agents.edit')}
                </Button>
                <Popconfirm title={t('dataIn.agents.confirmRenew', { name: x.name })} onConfirm={() => renew(x)}>
                  <Button type="link" size="small">
                    {t('dataIn.agents.renew')}
                  </Button>
                </Popconfirm>
                <Popconfirm title={t('dataIn.agents.confirmDelete', { name: x.name })} onConfirm={() => act(() => remove.mutateAsync(x.agent_id), t('dataIn.agents.deleted', { name: x.name }))}>
                  <Button type="link" size="small" danger>
                    {t('dataIn.agents.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing && <AgentDialog instance={instance} agent={editing.agent} open onClose={() => setEditing(null)} onSaved={saved} />}
      <AgentTokenDialog instance={instance} issued={issued} onClose={() => setIssued(null)} />
      {watched && <AgentActivitiesDrawer instance={instance} agent={watched} onClose={() => setWatched(null)} />}
    </div>
  );
}

/** /dataIn/dataCollectionAgents. Agents live beside the engine, so the instance need not be running. */
export default function AgentsPage() {
  const { t } = useTranslation();
  const { instance, loading } = useCurrentInstance();
  if (loading) return <Spin />;
  if (!instance) return <Result status="info" title={t('dataIn.noInstance')} />;
  return (
    <DataInFrame title={t('dataIn.agents.title')}>
      <AgentList instance={instance} />
    </DataInFrame>
  );
}
