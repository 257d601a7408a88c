import { useTranslation } from 'react-i18next';
import { ActivityLog } from './ActivityLog';

/** /activity: every change a member of the organization made. */
export default function ActivityPage() {
  const { t } = useTranslation();
  return <ActivityLog source="activity" title={t('menu.activity')} />;
}
