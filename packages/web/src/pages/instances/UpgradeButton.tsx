import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Instance } from '@tscloud/contracts';
import { openDialog } from '../../components/dialogs/dialogManager';
import { edition } from '../../config/edition';
import { useOrgContext } from '../org/useOrgContext';
import { UpgradeDialog } from './UpgradeDialog';
import { NoBillingRightsAlert } from './UpgradeNotices';
import { mayQueryCredit, upgradeOffered } from './upgradeRules';

/**
 * The Upgrade action (instance list row, /instanceStatus; 'Plan' on a marketplace deployment): shown with
 * billing:instance:upgrade, by upgradeOffered's reading of §6; without billing:credit:query it opens the alert instead of the
 * plan dialog.
 */
export function UpgradeButton({ instance, type = 'link' }: { instance: Instance; type?: 'link' | 'default' }) {
  const { t } = useTranslation();
  const { org, readOnly } = useOrgContext();
  if (!upgradeOffered(instance, { readOnly, orgMarketplaceType: org?.marketplaceType, deploymentMarketplace: edition.marketplace })) return null;
  const open = () =>
    openDialog((close) => (mayQueryCredit(instance.privileges) ? <UpgradeDialog instance={instance} onClose={close} /> : <NoBillingRightsAlert onClose={close} />));
  return (
    <Button size="small" type={type} onClick={open} data-testid={`upgrade-${instance.id}`}>
      {edition.marketplace === 'none' ? t('instances.action.upgrade') : t(edition.planDialogTitleKey)}
    </Button>
  );
}
