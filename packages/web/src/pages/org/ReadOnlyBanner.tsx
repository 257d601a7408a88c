import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOrgContext } from './useOrgContext';

/** §6: an organization is read-only unless orgStatus is ACTIVE or absent; the screens say so above their content. */
export function ReadOnlyBanner() {
  const { t } = useTranslation();
  const { org, readOnly } = useOrgContext();
  if (!readOnly) return null;
  return <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('org.readOnly.title')} description={t('org.readOnly.body', { status: org?.orgStatus ?? '' })} />;
}
