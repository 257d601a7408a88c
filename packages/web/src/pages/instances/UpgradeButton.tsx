import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Instance } from '@tscloud/contracts';
import { openDialog } from '../../components/dialogs/dialogManager';
import { useOrgContext } from '../org/useOrgContext';
import { UpgradeDialog } from './UpgradeDialog';
import { NoBillingRightsAlert } from './UpgradeNotices';
import { mayQueryCredit, upgradeOffered } from './upgradeRules';

/**
 * The Upgrade action (instance list row, /instanceStatus): shown with billing:instance:upgrade, hidden for
 * marketplace or Aliyun-hosted organizations (§6); without billing:credit:query it opens the alert instead of the
 * plan dialog.
 */
export function UpgradeButton({ instance, type = 'link' }: { instance: Instance; type?: 'link' | 'default' }) {
  const { t } = useTranslation();
  const { org, readOnly } = useOrgContext();
  if (!upgradeOffered(instance, { readOnly, orgMarketplaceType: org?.marketplaceType })) return null;
  const open = () =>
    openDialog((close) => (mayQueryCredit(instance.privileges) ? <UpgradeDialog instance={instance} onClose={close} /> : <NoBillingRightsAlert onClose={close} />));
  return (
    <Button size="small" type={type} onClick={open} data-testid={`upgrade-${instance.id}`}>
      {t('instances.action.upgrade')}
    </Button>
  );
}
