import { Alert, Button, ConfigProvider, Input, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { passwordPairSchema } from '@tscloud/contracts';
import { PlainFormField } from '../../components/form/PlainFormField';
import { notifier } from '../../components/feedback/notifier';
import { useResetPasswordMutation } from '../../data/auth/password';
import { Paths } from '../../routes/paths';

type ResetForm = z.infer<typeof passwordPairSchema>;

/** The page of the reset link: the token comes from the link's query. */
export default function ResetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const reset = useResetPasswordMutation();
  const { control, handleSubmit } = useForm<ResetForm>({ resolver: zodResolver(passwordPairSchema), defaultValues: { password: '', confirmPassword: '' } });
  const onSubmit = handleSubmit(async (values) => {
    const done = await reset.mutateAsync({ token, ...values }).then(() => true, () => false);
    if (!done) return;
    notifier.success(t('auth.reset.done'));
    navigate(Paths.LOGIN, { replace: true });
  });
  return (
    <>
      <Typography.Title level={4}>{t('auth.reset.title')}</Typography.Title>
      {!token && <Alert type="error" showIcon title={t('auth.reset.noToken')} style={{ marginBottom: 16 }} />}
      {/* Without a token nothing can be sent: every control disabled, as antd Form's `disabled` did. */}
      <ConfigProvider componentDisabled={!token}>
        <form noValidate onSubmit={(event) => void onSubmit(event)}>
          <PlainFormField control={control} name="password" label={t('auth.field.password')} required render={(f) => <Input.Password {...f} autoComplete="new-password" />} />
          <PlainFormField control={control} name="confirmPassword" label={t('auth.field.confirmPassword')} required render={(f) => <Input.Password {...f} autoComplete="new-password" />} />
          <Button type="primary" htmlType="submit" block loading={reset.isPending}>
            {t('auth.reset.submit')}
          </Button>
        </form>
      </ConfigProvider>
      <Typography.Paragraph style={{ marginTop: 16 }}>
        <Link to={Paths.FORGOT}>{t('auth.forgot.title')}</Link>
      </Typography.Paragraph>
    </>
  );
}
