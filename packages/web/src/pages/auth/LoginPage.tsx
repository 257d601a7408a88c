import { useState } from 'react';
import { Button, Form, Input, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { isMfaChallenge, loginSchema, type LoginRequest } from '@tscloud/contracts';
import { FormField } from '../../components/form/FormField';
import { useLoginMutation } from '../../data/auth/login';
import { Paths } from '../../routes/paths';
import { MfaCodeForm } from './MfaCodeForm';
import { completeSignIn } from './completeSignIn';
import { SsoSignInButtons } from '../sso/SsoSignInButtons';
import { followSsoRefusal } from '../sso/ssoRules';

/** E-mail and password, then a multi-factor step when the server answers with a challenge. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLoginMutation();
  const [ticket, setTicket] = useState<string | null>(null);
  const { control, handleSubmit } = useForm<LoginRequest>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: params.get('email') ?? '', password: '' },
  });

  const signedIn = () => navigate(completeSignIn(params.get('redirect')), { replace: true });

  const onSubmit = handleSubmit(async (values) => {
    // An address held to single sign-on is sent to its directory (docs/sso.md).
    const answer = await login.mutateAsync(values).catch((error: unknown) => followSsoRefusal(error, navigate));
    if (!answer) return;
    if (isMfaChallenge(answer)) setTicket(answer.mfaTicket);
    else signedIn();
  });

  if (ticket) return <MfaCodeForm ticket={ticket} onSignedIn={signedIn} />;

  return (
    <>
      <Typography.Title level={4}>{t('auth.login.title')}</Typography.Title>
      <Form layout="vertical" onFinish={() => void onSubmit()} noValidate>
        <FormField control={control} name="email" label={t('auth.field.email')} required render={(f) => <Input {...f} autoComplete="username" />} />
        <FormField control={control} name="password" label={t('auth.field.password')} required render={(f) => <Input.Password {...f} autoComplete="current-password" />} />
        <Button type="primary" htmlType="submit" block loading={login.isPending}>
          {t('auth.login.submit')}
        </Button>
      </Form>
      <SsoSignInButtons />
      <Typography.Paragraph style={{ marginTop: 16 }}>
        <Link to={Paths.FORGOT}>{t('auth.login.forgot')}</Link>
      </Typography.Paragraph>
      <Typography.Paragraph>
        {t('auth.login.noAccount')} <Link to={Paths.SIGNUP}>{t('auth.signup.submit')}</Link>
      </Typography.Paragraph>
    </>
  );
}
