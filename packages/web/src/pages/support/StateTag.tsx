import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TicketStateValue } from '@tscloud/contracts';

const COLORS: Record<TicketStateValue, string> = {
  unassigned: 'default',
  awaiting_processing: 'gold',
  awaiting_response: 'orange',
  processing: 'blue',
  finished: 'green',
  aborted: 'red',
  closed: 'default',
};

/** A ticket state by its name; the desk reads "waiting for the customer" where the customer reads "waiting for your response". */
export function StateTag({ state, viewer = 'customer' }: { state: TicketStateValue; viewer?: 'customer' | 'staff' }) {
  const { t } = useTranslation();
  const label = viewer === 'staff' && state === 'awaiting_response' ? t('support.staffState.awaiting_response') : t(`support.state.${state}`);
  return (
    <Tag color={COLORS[state]} data-testid="ticket-state">
      {label}
    </Tag>
  );
}
