import { useState } from 'react';
import { Alert, Form, Input, Typography } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { MAX_RECHARGE, rechargeInitQuerySchema, type BillingCurrency, type RechargeSession } from '@tscloud/contracts';
import { AppModal } from '../../components/dialogs/AppModal';
import { openDialog } from '../../components/dialogs/dialogManager';
import { FormField } from '../../components/form/FormField';
import { notifier } from '../../components/feedback/notifier';
import { fetchPaymentOverview } from '../../data/billing/overview';
import { fetchPaymentRecord } from '../../data/billing/payments';
import { useInitRecharge } from '../../data/billing/recharge';
import { billingKeys } from '../../data/billing/keys';
import { queryClient } from '../../data/queryClient';
import { errorText } from '../../i18n/errorText';
import type { WebKey } from '../../i18n';
import { inFirstHourOfMonth } from './billingFormat';
import { PaymentFailureDialog } from './PaymentFailureDialog';
import { useBillingMoney } from './useBillingMoney';

/**
 * The recharge prompt (§4 recharge): an amount (§5: above 0, at most two decimals; ours: up to MAX_RECHARGE, the
 * server's own rule from contracts), then GET /billing/recharge/init and the provider's payment page in a new window,
 * then the confirm step: it re-reads the payment and the balance. Paid: the new balance is shown and the prompt
 * closes; not finished yet: it says so and waits; failed: the §4 payment-failure box takes over.
 */
export function RechargeDialog({ currency, onClose }: { currency: BillingCurrency; onClose: () => void }) {
  const { t } = useTranslation();
  const { money } = useBillingMoney(currency);
  const init = useInitRecharge();
  const [session, setSession] = useState<RechargeSession | null>(null);
  const [pending, setPending] = useState<WebKey | null>(null);
  const [checking, setChecking] = useState(false);
  const { control, handleSubmit } = useForm<{ value: string }>({ resolver: zodResolver(rechargeInitQuerySchema), defaultValues: { value: '' } });

  const start = handleSubmit(async ({ value }) => {
    const started = await init.mutateAsync(value).catch(() => null);
    if (!started) return;
    setSession(started);
    window.open(started.pay_url, '_blank');
  });

  const confirm = async (current: RechargeSession) => {
    setChecking(true);
    try {
      const payment = await fetchPaymentRecord(current.payment.id);
      await queryClient.invalidateQueries({ queryKey: billingKeys.all });
      if (payment.status === 'failed') {
        openDialog((close) => <PaymentFailureDialog paymentId={payment.id} onClose={close} />);
        return;
      }
      if (payment.status !== 'paid') {
        setPending(`billing.payment.status.${payment.status}` as WebKey);
        return;
      }
      const { balance } = await fetchPaymentOverview();
      notifier.success(t('billing.recharge.done', { amount: money(payment.amount), balance: money(balance) }));
      onClose();
    } finally {
      setChecking(false);
    }
  };

  if (session) {
    return (
      <AppModal open title={t('billing.recharge.title')} okText={t('billing.recharge.paid')} cancelText={t('common.cancel')} confirmLoading={checking} onOk={() => void confirm(session)} onCancel={onClose}>
        <Typography.Paragraph>{t('billing.recharge.confirmHint', { amount: money(session.payment.amount) })}</Typography.Paragraph>
        <Typography.Link href={session.pay_url} target="_blank" rel="noopener">
          {t('billing.recharge.openAgain')}
        </Typography.Link>
        {pending && <Alert type="info" showIcon style={{ marginTop: 16 }} data-testid="recharge-pending" title={t('billing.recharge.notFinished', { status: t(pending) })} />}
      </AppModal>
    );
  }
  return (
    <AppModal open title={t('billing.recharge.title')} okText={t('billing.recharge.pay')} cancelText={t('common.cancel')} confirmLoading={init.isPending} onOk={() => void start()} onCancel={onClose}>
      {inFirstHourOfMonth(Date.now()) && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('billing.firstHourAdvice')} />}
      <Form layout="vertical" onFinish={() => void start()}>
        <FormField control={control} name="value" label={t('billing.recharge.amount', { currency: currency === 'UNIT' ? '' : currency })} render={(f) => <Input {...f} autoFocus inputMode="decimal" autoComplete="off" placeholder={t('billing.recharge.placeholder', { max: MAX_RECHARGE })} />} />
        <button type="submit" hidden />
      </Form>
      {init.isError && <Alert type="error" showIcon data-testid="recharge-refused" title={errorText(init.error)} />}
    </AppModal>
  );
}
