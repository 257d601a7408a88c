import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/dialogs/AppModal';
import { formatPrice } from '../../config/edition';
import { currentLanguage } from '../../i18n';

/**
 * §2 billing warning dialog (400px): the credit balance does not cover the chosen plan's basic hourly charge (§5),
 * before an upgrade or before creating a paid instance (issue 14 item 6).
 */
export function CreditWarningDialog(props: { balance: number; hourlyCharge: number; onClose: () => void; creating?: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <AppModal open width={400} title={t('instances.upgrade.creditTitle')} onOk={props.onClose} onCancel={props.onClose} okText={t('common.confirm')} cancelButtonProps={{ style: { display: 'none' } }}>
      <Typography.Paragraph data-testid="upgrade-credit-warning">{t(props.creating ? 'error.insufficientCreditCreate' : 'error.insufficientCredit')}</Typography.Paragraph>
      <Typography.Text type="secondary">
        {t('instances.upgrade.creditDetail', { balance: formatPrice(Math.max(props.balance, 0), undefined, language), charge: formatPrice(props.hourlyCharge, undefined, language) })}
      </Typography.Text>
    </AppModal>
  );
}

/** §6: upgrading needs billing:credit:query; without it an alert says the user has no billing query rights. */
export function NoBillingRightsAlert(props: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <AppModal open width={400} title={t('instances.upgrade.noRightsTitle')} onOk={props.onClose} onCancel={props.onClose} okText={t('common.confirm')} cancelButtonProps={{ style: { display: 'none' } }}>
      <Typography.Paragraph data-testid="upgrade-no-rights">{t('error.billingQueryRequired')}</Typography.Paragraph>
    </AppModal>
  );
}
