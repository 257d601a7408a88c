import { useEffect } from 'react';
import { Alert, Button, Card, Col, Empty, Row, Space, Spin, Statistic, Typography } from 'antd';
import { GiftOutlined, WalletOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Privilege, type PaymentOverview } from '@tscloud/contracts';
import { openDialog } from '../../components/dialogs/dialogManager';
import { usePaymentOverview } from '../../data/billing/overview';
import { currentLanguage } from '../../i18n';
import { useOrgContext } from '../org/useOrgContext';
import { isMetering } from './billingArea';
import { formatAmount } from './billingFormat';
import { billingWarningOf, firstWarningFor } from './billingWarning';
import { BillingWarningDialog } from './BillingWarningDialog';
import { CouponDialog } from './CouponDialog';
import { RechargeDialog } from './RechargeDialog';

/**
 * Billing (or Metering) overview: the balance, this month's cost so far, the month's forecast and last month's cost,
 * from GET /billing/payment/overview. Arrears show a notice (§6: for holders of billing:credit:query, which the page
 * needs anyway), and the billing warning dialog once per organization in a page session when in arrears or low. The
 * coupon and recharge prompts are offered to those who may pay into the account (billing:payment:create), never in
 * the marketplace variant, which has no payment screens.
 */
export default function BillingOverviewPage() {
  const { t } = useTranslation();
  const { orgId, canWrite } = useOrgContext();
  const overview = usePaymentOverview(orgId);
  const metering = isMetering(overview.data);
  useEffect(() => {
    const data = overview.data;
    const warning = data ? billingWarningOf(data) : null;
    if (data && warning && orgId && firstWarningFor(orgId)) openDialog((close) => <BillingWarningDialog warning={warning} overview={data} onClose={close} />);
  }, [overview.data, orgId]);
  const title = t(metering ? 'menu.metering' : 'menu.billing');
  if (overview.isLoading) return <Card title={title}><Spin /></Card>;
  if (!overview.data) return <Card title={title}><Empty description={t('billing.loadFailed')} /></Card>;
  const data = overview.data;
  const canPay = !metering && canWrite(Privilege.BILLING_PAYMENT_CREATE);
  return (
    <Card
      title={title}
      extra={
        canPay && (
          <Space>
            <Button icon={<GiftOutlined />} onClick={() => openDialog((close) => <CouponDialog currency={data.currency} onClose={close} />)}>
              {t('billing.coupon.open')}
            </Button>
            <Button type="primary" icon={<WalletOutlined />} onClick={() => openDialog((close) => <RechargeDialog currency={data.currency} onClose={close} />)}>
              {t('billing.recharge.open')}
            </Button>
          </Space>
        )
      }
    >
      {!metering && data.in_arrears && <Alert type="error" showIcon data-testid="billing-arrears" style={{ marginBottom: 16 }} title={t('billing.arrears.title')} description={t('billing.arrears.body')} />}
      <OverviewFigures data={data} metering={metering} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        {t('billing.overview.forecastHint')}
      </Typography.Paragraph>
    </Card>
  );
}

function OverviewFigures({ data, metering }: { data: PaymentOverview; metering: boolean }) {
  const { t } = useTranslation();
  const money = (value: number) => formatAmount(value, data.currency, currentLanguage());
  const figures = [
    // The marketplace bills the organization: there is no balance to show, only what was used.
    ...(metering ? [] : [{ id: 'balance', label: t('billing.overview.balance'), value: data.balance }]),
    { id: 'monthCost', label: t('billing.overview.monthCost'), value: data.month_cost },
    { id: 'forecast', label: t('billing.overview.forecast'), value: data.month_forecast },
    { id: 'lastMonth', label: t('billing.overview.lastMonth'), value: data.last_month_cost },
  ];
  return (
    <Row gutter={[16, 16]}>
      {figures.map((f) => (
        <Col key={f.id} xs={24} sm={12} lg={6}>
          <Card size="small" data-testid={`billing-${f.id}`}>
            <Statistic title={f.label} value={money(f.value)} styles={f.id === 'balance' && f.value < 0 ? { content: { color: '#cf1322' } } : undefined} />
          </Card>
        </Col>
      ))}
      {metering && (
        <Col span={24}>
          <Typography.Text type="secondary">{t('billing.overview.unitsHint')}</Typography.Text>
        </Col>
      )}
    </Row>
  );
}
