import { Alert, Form, Input } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { couponRedeemQuerySchema, type BillingCurrency } from '@tscloud/contracts';
import { AppModal } from '../../components/dialogs/AppModal';
import { FormField } from '../../components/form/FormField';
import { notifier } from '../../components/feedback/notifier';
import { useRedeemCoupon } from '../../data/billing/redeemCoupon';
import { errorText } from '../../i18n/errorText';
import { currentLanguage } from '../../i18n';
import { formatAmount, inFirstHourOfMonth } from './billingFormat';

interface CouponForm {
  code: string;
}

/**
 * The coupon redemption prompt (§2, §5): the field may stay empty until confirm, then the code must be 32 uppercase
 * letters and digits (contracts' schema, the server's own rule) before anything is sent. The server's refusal (§8
 * "Failed to redeem the coupon!") shows in the prompt, which stays open with what was typed. A redemption refreshes
 * the balance and the changelog (the billing queries).
 */
export function CouponDialog({ currency, onClose }: { currency: BillingCurrency; onClose: () => void }) {
  const { t } = useTranslation();
  const redeem = useRedeemCoupon();
  const { control, handleSubmit } = useForm<CouponForm>({ resolver: zodResolver(couponRedeemQuerySchema), defaultValues: { code: '' } });
  const submit = handleSubmit(async ({ code }) => {
    const result = await redeem.mutateAsync(code).catch(() => null);
    if (!result) return;
    notifier.success(t('billing.coupon.done', { amount: formatAmount(result.amount, currency, currentLanguage()) }));
    onClose();
  });
  return (
    <AppModal open title={t('billing.coupon.title')} okText={t('billing.coupon.submit')} cancelText={t('common.cancel')} confirmLoading={redeem.isPending} onOk={() => void submit()} onCancel={onClose}>
      {inFirstHourOfMonth(Date.now()) && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('billing.firstHourAdvice')} />}
      <Form layout="vertical" onFinish={() => void submit()}>
        <FormField control={control} name="code" label={t('billing.coupon.code')} render={(f) => <Input {...f} autoFocus maxLength={32} autoComplete="off" placeholder={t('billing.coupon.placeholder')} />} />
      </Form>
      {redeem.isError && <Alert type="error" showIcon data-testid="coupon-refused" title={errorText(redeem.error)} />}
    </AppModal>
  );
}
