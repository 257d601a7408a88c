import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActivityLog } from '../activity/ActivityLog';
import { useCurrentInstance } from '../instances/useCurrentInstance';

/** instanceAccessControl/logs: the organization's instance log, only the changes to the current instance. */
export default function InstanceLogsPage() {
  const { t } = useTranslation();
  const { instance, loading } = useCurrentInstance();
  if (loading) return <Spin />;
  if (!instance) return <Result status="info" title={t('dashboard.noInstance')} />;
  return <ActivityLog source="instances" title={t('instanceAccess.logs.title')} instanceId={instance.id} />;
}
