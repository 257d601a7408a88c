import { Badge, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WebKey } from '../../i18n';
import { isTransitional } from '../../components/instances/polling';

type BadgeStatus = 'success' | 'processing' | 'error' | 'warning' | 'default';

/** How a §4 status looks: Running green, transitional in progress, Failed/Error red, Warning orange, others grey. */
export function badgeOf(status: string): BadgeStatus {
  if (status === 'Running') return 'success';
  if (status === 'Failed' || status === 'Error') return 'error';
  if (status === 'Warning') return 'warning';
  if (isTransitional(status)) return 'processing';
  return 'default';
}

export function StatusBadge({ status, reason }: { status: string; reason?: string | null }) {
  const { t } = useTranslation();
  const key = `instances.status.${status}` as WebKey;
  const badge = <Badge status={badgeOf(status)} text={t(key, { defaultValue: status })} />;
  return reason ? <Tooltip title={reason}>{badge}</Tooltip> : badge;
}
