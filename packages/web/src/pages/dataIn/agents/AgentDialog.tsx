import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { agentExpiryRule, sourceUrlRule, type AgentItem, type AgentWithToken } from '@tscloud/contracts';
import { isApiError } from '../../../api/errors';
import { DateTimeInput } from '../../../components/form/DateTimeInput';
import { useAgentMutations } from '../../../data/dataIn/agents';
import type { InstanceRef } from '../../../data/instances/control';
import { translateMessage } from '../../../i18n';

/** A new agent's token holds for a year unless the user picks another expiry. */
const DEFAULT_VALIDITY_MS = 365 * 86_400_000;

interface Values {
  name: string;
  expires_at: number | null;
  dsn: string;
}

/**
 * Register or edit an agent: name, expiry (later than now) and the data source URL it reads (optional; §5 format),
 * checked before sending; the server's refusal (§8 'Agent name already exists') shows in the dialog.
 */
export function AgentDialog({ instance, agent, open, onClose, onSaved }: { instance: InstanceRef; agent: AgentItem | null; open: boolean; onClose: () => void; onSaved: (saved: AgentWithToken) => void }) {
  const { t } = useTranslation();
  const { create, update } = useAgentMutations(instance);
  const [values, setValues] = useState<Values>(() => ({ name: agent?.name ?? '', expires_at: agent?.expires_at ?? Date.now() + DEFAULT_VALIDITY_MS, dsn: agent?.dsn ?? '' }));
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const saving = create.isPending || update.isPending;

  const problems = {
    name: values.name.trim() ? null : translateMessage('validation.required'),
    expires_at: values.expires_at === null ? translateMessage('validation.required') : ((m) => (m ? translateMessage(m) : null))(agentExpiryRule(values.expires_at, Date.now())),
    dsn: values.dsn.trim() ? ((m) => (m ? translateMessage(m) : null))(sourceUrlRule(values.dsn)) : null,
  };
  const shown = (field: keyof Values) => (tried || (field === 'dsn' && values.dsn) ? problems[field] : null);

  const save = () => {
    setTried(true);
    setRefusal(null);
    if (Object.values(problems).some(Boolean)) return;
    const body = { name: values.name.trim(), expires_at: values.expires_at!, dsn: values.dsn.trim() };
    const sent = agent ? update.mutateAsync({ agentId: agent.agent_id, body }) : create.mutateAsync(body);
    sent.then(onSaved, (error: unknown) => setRefusal(translateMessage(isApiError(error) ? error.message : String(error))));
  };

  return (
    <Modal
      open={open}
      title={agent ? t('dataIn.agents.editTitle') : t('dataIn.agents.createTitle')}
      okText={t('dataIn.agents.save')}
      cancelText={t('dataIn.agents.cancel')}
      confirmLoading={saving}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical" data-testid="agent-form">
        {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 12 }} data-testid="agent-refusal" />}
        <Form.Item label={t('dataIn.agents.field.name')} required validateStatus={shown('name') ? 'error' : undefined} help={shown('name')} htmlFor="agent_name">
          <Input id="agent_name" maxLength={64} value={values.name} onChange={(e) => setValues({ ...values, name: e.target.value })} />
        </Form.Item>
        <Form.Item label={t('dataIn.agents.field.expiry')} required validateStatus={shown('expires_at') ? 'error' : undefined} help={shown('expires_at')} htmlFor="agent_expiry">
          <DateTimeInput id="agent_expiry" futureOnly value={values.expires_at} onChange={(expires_at) => setValues({ ...values, expires_at })} />
        </Form.Item>
        <Form.Item label={t('dataIn.agents.field.dsn')} validateStatus={shown('dsn') ? 'error' : undefined} help={shown('dsn') ?? t('dataIn.agents.field.dsnHint')} htmlFor="agent_dsn">
          <Input id="agent_dsn" value={values.dsn} onChange={(e) => setValues({ ...values, dsn: e.target.value })} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
