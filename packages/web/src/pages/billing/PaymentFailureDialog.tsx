import { Alert, Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Privilege } from '@tscloud/contracts';
import { AppModal } from '../../components/dialogs/AppModal';
import { openDialog } from '../../components/dialogs/dialogManager';
import { notifier } from '../../components/feedback/notifier';
import { fetchPaymentMethod } from '../../data/billing/paymentMethod';
import { useRetryPayment } from '../../data/billing/recharge';
import { errorText } from '../../i18n/errorText';
import { useOrgContext } from '../org/useOrgContext';
import { CardDialog } from './CardDialog';

/**
 * §4 payment failure: a box with the §8 message offering to retry the payment (POST /billing/payment/retry, which
 * charges the card on file again; on success a retry-success message and the card info refreshed) or to update the
 * card (the card dialog). A retry that fails again shows the server's message in the box.
 */
export function PaymentFailureDialog({ paymentId, onClose }: { paymentId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { canWrite } = useOrgContext();
  const retry = useRetryPayment();
  const doRetry = async () => {
    if (!(await retry.mutateAsync(paymentId).catch(() => null))) return;
    notifier.success(t('billing.failure.retryDone'));
    onClose();
  };
  // The card on file is updated; without one a card is added (billing:payment:create).
  const updateCard = async () => {
    const card = await fetchPaymentMethod();
    openDialog((close) => <CardDialog card={card} onClose={close} />);
  };
  return (
    <AppModal
      open
      width={400}
      title={t('billing.failure.title')}
      onCancel={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.close')}</Button>
          {(canWrite(Privilege.BILLING_PAYMENT_UPDATE) || canWrite(Privilege.BILLING_PAYMENT_CREATE)) && <Button onClick={() => void updateCard()}>{t('billing.failure.updateCard')}</Button>}
          {canWrite(Privilege.BILLING_PAYMENT_CREATE) && (
            <Button type="primary" loading={retry.isPending} onClick={() => void doRetry()}>
              {t('billing.failure.retry')}
            </Button>
          )}
        </Space>
      }
    >
      <Typography.Paragraph data-testid="payment-failed">{t('billing.paymentFailed')}</Typography.Paragraph>
      {retry.isError && <Alert type="error" showIcon data-testid="retry-refused" title={errorText(retry.error)} />}
    </AppModal>
  );
}
