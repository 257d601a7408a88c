import { Alert, Button, Card, Space } from 'antd';
import { WalletOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Privilege } from '@tscloud/contracts';
import { openDialog } from '../../components/dialogs/dialogManager';
import { usePaymentOverview } from '../../data/billing/overview';
import { useOrgContext } from '../org/useOrgContext';
import { isMetering } from './billingArea';
import { CardSection } from './CardSection';
import { PaymentEmailsSection } from './PaymentEmailsSection';
import { PaymentsSection } from './PaymentsSection';
import { RechargeDialog } from './RechargeDialog';
import { useBillingMoney } from './useBillingMoney';

/**
 * Billing setting (/billing/setting): the card on file and its dialog, the payments with the §4 failure box, and the
 * payment e-mails; the recharge prompt for those who may pay into the account. A marketplace-billed organization pays
 * through its marketplace: it gets that notice instead of payment screens.
 */
export default function BillingSettingPage() {
  const { t } = useTranslation();
  const { orgId, canWrite } = useOrgContext();
  const overview = usePaymentOverview(orgId);
  const { money } = useBillingMoney(overview.data?.currency);
  const title = t('billing.setting.title');
  if (isMetering(overview.data)) {
    return (
      <Card title={title}>
        <Alert type="info" showIcon title={t('billing.marketplacePayments')} />
      </Card>
    );
  }
  const currency = overview.data?.currency;
  return (
    <Card
      title={title}
      extra={
        currency &&
        canWrite(Privilege.BILLING_PAYMENT_CREATE) && (
          <Button type="primary" icon={<WalletOutlined />} onClick={() => openDialog((close) => <RechargeDialog currency={currency} onClose={close} />)}>
            {t('billing.recharge.open')}
          </Button>
        )
      }
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <CardSection />
        <PaymentsSection money={money} />
        <PaymentEmailsSection />
      </Space>
    </Card>
  );
}
