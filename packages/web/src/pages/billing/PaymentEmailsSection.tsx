import { Alert, Button, Card, Form, Input, Popconfirm, Table } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Privilege, paymentEmailCreateSchema, type PaymentEmail } from '@tscloud/contracts';
import { FormField } from '../../components/form/FormField';
import { useAddPaymentEmail, usePaymentEmails, useRemovePaymentEmail } from '../../data/billing/paymentEmails';
import { errorText } from '../../i18n/errorText';
import { useOrgContext } from '../org/useOrgContext';

/**
 * Payment e-mails (GET /billing/UserBillAccount/email/list): where receipts go; without any, to whoever paid. Adding
 * one checks the §5 e-mail rule (contracts' schema, the server's own) before sending, and keeps what was typed on a
 * refusal; adding and removing need billing:payment:update.
 */
export function PaymentEmailsSection() {
  const { t } = useTranslation();
  const { orgId, canWrite } = useOrgContext();
  const emails = usePaymentEmails(orgId);
  const add = useAddPaymentEmail();
  const remove = useRemovePaymentEmail();
  const canChange = canWrite(Privilege.BILLING_PAYMENT_UPDATE);
  const { control, handleSubmit, reset } = useForm<{ email: string }>({ resolver: zodResolver(paymentEmailCreateSchema), defaultValues: { email: '' } });
  const submit = handleSubmit(async ({ email }) => {
    if (await add.mutateAsync(email).catch(() => null)) reset({ email: '' });
  });
  return (
    <Card type="inner" title={t('billing.email.section')}>
      <Table<PaymentEmail>
        rowKey="id"
        size="small"
        showHeader={false}
        pagination={false}
        loading={emails.isLoading}
        dataSource={emails.data ?? []}
        locale={{ emptyText: t('billing.email.none') }}
        columns={[
          { key: 'email', dataIndex: 'email' },
          {
            key: 'remove',
            align: 'right',
            render: (_, item) =>
              canChange && (
                <Popconfirm title={t('billing.email.removeConfirm', { email: item.email })} okText={t('common.confirm')} cancelText={t('common.cancel')} onConfirm={() => remove.mutateAsync(item.id)}>
                  <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('billing.email.remove', { email: item.email })} />
                </Popconfirm>
              ),
          },
        ]}
      />
      {canChange && (
        <Form layout="inline" style={{ marginTop: 16 }} onFinish={() => void submit()}>
          <FormField control={control} name="email" label={t('billing.email.label')} render={(f) => <Input {...f} autoComplete="email" style={{ width: 280 }} />} />
          <Button htmlType="submit" loading={add.isPending}>
            {t('billing.email.add')}
          </Button>
        </Form>
      )}
      {add.isError && <Alert type="error" showIcon style={{ marginTop: 8 }} data-testid="email-refused" title={errorText(add.error)} />}
    </Card>
  );
}
