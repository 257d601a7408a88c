import { Button, Input, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { emailBodySchema, type ForgotPasswordBody } from '@tscloud/contracts';
import { PlainFormField } from '../../components/form/PlainFormField';
import { useForgotPasswordMutation } from '../../data/auth/password';
import { Paths } from '../../routes/paths';

// The server's rule for the body (contracts).
const schema = emailBodySchema;
type ForgotForm = ForgotPasswordBody;

export default function ForgotPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const forgot = useForgotPasswordMutation();
  const { control, handleSubmit } = useForm<ForgotForm>({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  const onSubmit = handleSubmit(async (values) => {
    const sent = await forgot.mutateAsync(values).then(() => true, () => false);
    if (sent) navigate(Paths.CHECK);
  });
  return (
    <>
      <Typography.Title level={4}>{t('auth.forgot.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('auth.forgot.hint')}</Typography.Paragraph>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <PlainFormField control={control} name="email" label={t('auth.field.email')} required render={(f) => <Input {...f} autoComplete="email" />} />
        <Button type="primary" htmlType="submit" block loading={forgot.isPending}>
          {t('auth.forgot.submit')}
        </Button>
      </form>
      <Typography.Paragraph style={{ marginTop: 16 }}>
        <Link to={Paths.LOGIN}>{t('auth.toLogin')}</Link>
      </Typography.Paragraph>
    </>
  );
}
