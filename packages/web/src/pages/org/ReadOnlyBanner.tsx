import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOrgContext } from './useOrgContext';

/**
 * §6: an organization is read-only unless orgStatus is ACTIVE or absent; the screens say so above their content. One
 * stopped for unpaid arrears is read-only too, but for paying and support (docs/billing.md "Arrears"): the banner says
 * why, and the server refuses the other changes with the same words.
 */
export function ReadOnlyBanner() {
  const { t } = useTranslation();
  const { org, readOnly } = useOrgContext();
  if (!readOnly && org?.stoppedForArrears) return <Alert type="error" showIcon style={{ marginBottom: 16 }} title={t('org.arrears.title')} description={t('error.orgInArrears')} />;
  if (!readOnly) return null;
  return <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('org.readOnly.title')} description={t('org.readOnly.body', { status: org?.orgStatus ?? '' })} />;
}
