import { Alert, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AGENT_SETUP_MINUTES, type AgentWithToken } from '@tscloud/contracts';
import { agentCommand, useAgentAddress } from '../../../data/dataIn/agents';
import type { InstanceRef } from '../../../data/instances/control';

/** The token, shown once (register, renew), and the command to run the agent, each with a copy button. */
export function AgentTokenDialog({ instance, issued, onClose }: { instance: InstanceRef; issued: AgentWithToken | null; onClose: () => void }) {
  const { t } = useTranslation();
  const address = useAgentAddress(instance);
  const token = issued?.token ?? '';
  const copyable = (text: string) => ({ text, tooltips: [t('dataIn.agents.copy'), t('dataIn.agents.copied')] });
  return (
    <Modal open={!!issued?.token} title={t('dataIn.agents.tokenTitle', { name: issued?.agent.name ?? '' })} onOk={onClose} onCancel={onClose} okText={t('dataIn.agents.done')} cancelButtonProps={{ style: { display: 'none' } }} destroyOnHidden>
      <Alert type="warning" showIcon title={t('dataIn.agents.tokenOnce')} style={{ marginBottom: 12 }} />
      <Typography.Paragraph strong>{t('dataIn.agents.token')}</Typography.Paragraph>
      <Typography.Paragraph code copyable={copyable(token)} data-testid="agent-token">
        {token}
      </Typography.Paragraph>
      <Typography.Paragraph strong>{t('dataIn.agents.command')}</Typography.Paragraph>
      {address.data ? (
        <Typography.Paragraph code copyable={copyable(agentCommand(address.data.address, token))} data-testid="agent-command">
          {agentCommand(address.data.address, token)}
        </Typography.Paragraph>
      ) : (
        <Typography.Paragraph type="secondary">…</Typography.Paragraph>
      )}
      <Typography.Paragraph type="secondary">{t('dataIn.agents.setupNote', { minutes: AGENT_SETUP_MINUTES })}</Typography.Paragraph>
    </Modal>
  );
}
