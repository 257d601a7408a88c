import { Drawer, Empty, Spin, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AgentItem } from '@tscloud/contracts';
import { formatDateTime } from '../../../config/format';
import { useAgentActivities } from '../../../data/dataIn/agents';
import type { InstanceRef } from '../../../data/instances/control';
import type { WebKey } from '../../../i18n';

/** An agent's activities, newest first: registered, edited, token renewed, connected, disconnected, expired. */
export function AgentActivitiesDrawer({ instance, agent, onClose }: { instance: InstanceRef; agent: AgentItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const activities = useAgentActivities(instance, agent?.agent_id ?? null);
  const list = activities.data ?? [];
  return (
    <Drawer open={!!agent} title={t('dataIn.agents.activitiesTitle', { name: agent?.name ?? '' })} onClose={onClose} destroyOnHidden>
      {activities.isLoading ? (
        <Spin />
      ) : list.length === 0 ? (
        <Empty />
      ) : (
        <Timeline
          data-testid="agent-activities"
          items={list.map((a) => ({
            key: a.id,
            children: (
              <>
                <Typography.Text strong>{t(`dataIn.agents.activity.${a.kind}` as WebKey)}</Typography.Text>{' '}
                <Typography.Text type="secondary">{formatDateTime(a.time)}</Typography.Text>
                {a.message && <div>{a.message}</div>}
              </>
            ),
          }))}
        />
      )}
    </Drawer>
  );
}
