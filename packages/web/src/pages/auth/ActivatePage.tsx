import { useEffect, useState } from 'react';
import { Alert, Button, Input, Result, Spin, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ACTIVATION_REDIRECT_MS, activatePasswordSchema } from '@tscloud/contracts';
import { PlainFormField } from '../../components/form/PlainFormField';
import { isApiError } from '../../api/errors';
import { useActivateMutation, useActivationLink } from '../../data/auth/activate';
import { Paths } from '../../routes/paths';

type ActivateForm = z.infer<typeof activatePasswordSchema>;

/**
 * The activation link's page. The link is checked first; activating then asks for the password chosen at the
 * sign-up that sent the link, so that nobody who signed up with someone else's address gets that account when its
 * owner opens the mail. A refusal is shown at the password field (or above the button) and what was typed stays;
 * after activation the page goes on to the registered page in 3 s.
 */
export default function ActivatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const link = useActivationLink(token);
  const activation = useActivateMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<ActivateForm>({ resolver: zodResolver(activatePasswordSchema), defaultValues: { password: '' } });
  const activatedEmail = activation.data?.activated ? activation.data.email : undefined;

  useEffect(() => {
    if (!activatedEmail) return;
    const timer = setTimeout(() => navigate(`/auth/registered/${encodeURIComponent(activatedEmail)}/activated`, { replace: true }), ACTIVATION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [activatedEmail, navigate]);

  const onSubmit = handleSubmit(async ({ password }) => {
    setRefusal(null);
    try {
      await activation.mutateAsync({ token, password });
    } catch (error) {
      const message = isApiError(error) && error.message ? error.message : t('error.activationFailed');
      const onPassword = isApiError(error) && (error.data as { field?: string } | null)?.field === 'password';
      if (onPassword) setError('password', { message });
      else setRefusal(message);
    }
  });

  if (activatedEmail) return <Result status="success" title={t('auth.activate.title')} subTitle={t('auth.activate.done')} />;
  if (!token || link.isError) {
    const message = isApiError(link.error) && link.error.message ? link.error.message : t('error.activationFailed');
    return <Result status="error" title={t('auth.activate.title')} subTitle={message} extra={<Link to={Paths.LOGIN}>{t('auth.toLogin')}</Link>} />;
  }
  if (!link.data) return <Result icon={<Spin />} title={t('auth.activate.checking')} />;
  return (
    <>
      <Typography.Title level={4}>{t('auth.activate.title')}</Typography.Title>
      <Typography.Paragraph>{t('auth.activate.prompt', { email: link.data.email })}</Typography.Paragraph>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <PlainFormField control={control} name="password" label={t('auth.field.password')} required render={(f) => <Input.Password {...f} autoComplete="current-password" />} />
        {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="activate-refusal" />}
        <Button type="primary" htmlType="submit" block loading={activation.isPending}>
          {t('auth.activate.submit')}
        </Button>
      </form>
      <Typography.Paragraph style={{ marginTop: 16 }}>{t('auth.activate.forgotHint')}</Typography.Paragraph>
      <Link to={Paths.FORGOT}>{t('auth.login.forgot')}</Link>
    </>
  );
}
