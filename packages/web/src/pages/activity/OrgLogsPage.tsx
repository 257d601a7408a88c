import { useTranslation } from 'react-i18next';
import { ActivityLog } from './ActivityLog';

/** /instances/logs: the organization's log of changes to its instances. */
export default function OrgLogsPage() {
  const { t } = useTranslation();
  return <ActivityLog source="instances" title={t('menu.logs')} />;
}
