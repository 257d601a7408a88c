import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WebKey } from '../../i18n';

/** The platform's task status catalogue (data-in.md §3), each with its colour; an unknown status shows as written. */
const STATUS_COLOURS: Record<string, string> = {
  started: 'processing', running: 'processing', connected: 'processing', queued: 'default', waiting: 'default', pending: 'default',
  created: 'default', stopping: 'warning', suspending: 'warning', stopped: 'default', suspended: 'default', completed: 'success',
  failed: 'error', interrupted: 'error', disconnected: 'error', cancelled: 'default', deleted: 'default', outdated: 'warning',
};

export function TaskStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = status in STATUS_COLOURS;
  return (
    <Tag color={STATUS_COLOURS[status] ?? 'default'} data-testid="task-status">
      {known ? t(`dataIn.status.${status}` as WebKey) : status}
    </Tag>
  );
}
