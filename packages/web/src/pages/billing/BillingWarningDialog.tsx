import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Privilege, type PaymentOverview } from '@tscloud/contracts';
import { AppModal } from '../../components/dialogs/AppModal';
import { openDialog } from '../../components/dialogs/dialogManager';
import { useOrgContext } from '../org/useOrgContext';
import { LOW_BALANCE_DAYS, type BillingWarning } from './billingWarning';
import { CardDialog } from './CardDialog';
import { RechargeDialog } from './RechargeDialog';
import { useBillingMoney } from './useBillingMoney';

/**
 * The billing warning dialog (§2: 400 px): arrears, or a low balance without a card on file. Those who may pay into
 * the account (billing:payment:create) are offered a recharge, and a card when none is on file.
 */
export function BillingWarningDialog({ warning, overview, onClose }: { warning: BillingWarning; overview: PaymentOverview; onClose: () => void }) {
  const { t } = useTranslation();
  const { canWrite } = useOrgContext();
  const { money } = useBillingMoney(overview.currency);
  const canPay = canWrite(Privilege.BILLING_PAYMENT_CREATE);
  return (
    <AppModal
      open
      width={400}
      title={t('billing.warning.title')}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.close')}</Button>
          {canPay && !overview.credit_card && <Button onClick={() => openDialog((close) => <CardDialog card={null} onClose={close} />)}>{t('billing.card.add')}</Button>}
          {canPay && (
            <Button type="primary" onClick={() => openDialog((close) => <RechargeDialog currency={overview.currency} onClose={close} />)}>
              {t('billing.recharge.open')}
            </Button>
          )}
        </Space>
      }
    >
      <Typography.Paragraph data-testid="billing-warning">
        {warning === 'arrears' ? t('billing.warning.arrears', { balance: money(overview.balance) }) : t('billing.warning.low', { balance: money(overview.balance), days: LOW_BALANCE_DAYS })}
      </Typography.Paragraph>
    </AppModal>
  );
}
