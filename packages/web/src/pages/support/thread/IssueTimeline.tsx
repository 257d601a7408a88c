import { Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TicketEvent } from '@tscloud/contracts';
import { formatDateTime } from '../../../config/format';
import { StateTag } from '../StateTag';

/** The issue's timeline: each move, who made it, when, and the state it led to. */
export function IssueTimeline({ events, viewer }: { events: TicketEvent[]; viewer: 'customer' | 'staff' }) {
  const { t } = useTranslation();
  return (
    <Timeline
      data-testid="ticket-timeline"
      items={events.map((event, i) => ({
        key: i,
        content: (
          <div data-testid="ticket-event">
            <div>
              {t(`support.event.${event.action}`, { actor: event.actor.name, assignee: event.assignee?.name ?? '' })} <StateTag state={event.to_state} viewer={viewer} />
            </div>
            <small>{formatDateTime(event.at)}</small>
          </div>
        ),
      }))}
    />
  );
}
