import { useState } from 'react';
import { Alert, Col, Form, Input, Row, Typography } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { PaymentMethodInfo } from '@tscloud/contracts';
import { AppModal } from '../../components/dialogs/AppModal';
import { FormField } from '../../components/form/FormField';
import { notifier } from '../../components/feedback/notifier';
import { fetchPaymentProvider } from '../../data/billing/paymentProvider';
import { useSavePaymentMethod } from '../../data/billing/savePaymentMethod';
import { CardRefusedError, tokenizeCard } from '../../data/billing/tokenizeCard';
import { errorText } from '../../i18n/errorText';
import { cardEntryOf, cardFormDefaults, cardFormSchema, entersCard, type CardForm } from './cardForm';

/**
 * Credit Card Info (§2: 520 px). The card number, expiry and CVC go to the payment provider's tokenisation endpoint
 * (GET /billing/payment/provider names it), never to our API; our API gets the provider's token with the owner and
 * address (/billing/PaymentMethod/create, or /update for the card on file). A refusal, the provider's or ours,
 * shows in the dialog, which keeps what was typed.
 */
export function CardDialog({ card, onClose }: { card: PaymentMethodInfo | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSavePaymentMethod();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { control, handleSubmit } = useForm<CardForm>({
    resolver: zodResolver(cardFormSchema(card !== null)),
    defaultValues: { ...cardFormDefaults, ...(card && { cardOwnerName: card.cardOwnerName, addressLine: card.addressLine, city: card.city, state: card.state, postalCode: card.postalCode }) },
  });
  const submit = handleSubmit(async (form) => {
    setRefusal(null);
    setBusy(true);
    try {
      const owner = { cardOwnerName: form.cardOwnerName, addressLine: form.addressLine, city: form.city, state: form.state, postalCode: form.postalCode };
      const token = entersCard(form) ? (await tokenizeCard((await fetchPaymentProvider()).tokenize_url, cardEntryOf(form))).token : undefined;
      await save.mutateAsync({ ...owner, id: card?.id, token });
      notifier.success(t('billing.card.saved'));
      onClose();
    } catch (error) {
      setRefusal(error instanceof CardRefusedError ? t(`billing.card.refused.${error.reason}`) : errorText(error));
    } finally {
      setBusy(false);
    }
  });
  const field = (name: keyof CardForm, label: string, props: Record<string, unknown> = {}) => (
    <FormField control={control} name={name} label={label} render={(f) => <Input {...f} {...props} />} />
  );
  return (
    <AppModal open width={520} title={t('billing.card.title')} okText={t('billing.card.save')} cancelText={t('common.cancel')} confirmLoading={busy} onOk={() => void submit()} onCancel={onClose}>
      <Form layout="vertical" onFinish={() => void submit()}>
        {card && <Typography.Paragraph type="secondary">{t('billing.card.keepHint', { card: card.cardNumber })}</Typography.Paragraph>}
        {field('number', t('billing.card.number'), { autoComplete: 'cc-number', inputMode: 'numeric', placeholder: '4242 4242 4242 4242', maxLength: 23 })}
        <Row gutter={12}>
          <Col span={8}>{field('expMonth', t('billing.card.expMonth'), { autoComplete: 'cc-exp-month', inputMode: 'numeric', placeholder: t('billing.card.monthPlaceholder'), maxLength: 2 })}</Col>
          <Col span={8}>{field('expYear', t('billing.card.expYear'), { autoComplete: 'cc-exp-year', inputMode: 'numeric', placeholder: t('billing.card.yearPlaceholder'), maxLength: 4 })}</Col>
          <Col span={8}>{field('cvc', t('billing.card.cvc'), { autoComplete: 'cc-csc', inputMode: 'numeric', maxLength: 4, type: 'password' })}</Col>
        </Row>
        {field('cardOwnerName', t('billing.card.owner'), { autoComplete: 'cc-name', maxLength: 100 })}
        {field('addressLine', t('billing.card.addressLine'), { autoComplete: 'address-line1', maxLength: 200 })}
        <Row gutter={12}>
          <Col span={8}>{field('city', t('billing.card.city'), { autoComplete: 'address-level2', maxLength: 100 })}</Col>
          <Col span={8}>{field('state', t('billing.card.state'), { autoComplete: 'address-level1', maxLength: 100 })}</Col>
          <Col span={8}>{field('postalCode', t('billing.card.postalCode'), { autoComplete: 'postal-code', maxLength: 20 })}</Col>
        </Row>
        <button type="submit" hidden />
      </Form>
      {refusal && <Alert type="error" showIcon data-testid="card-refused" title={refusal} />}
    </AppModal>
  );
}
