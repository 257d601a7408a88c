import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Result, Segmented, Spin, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ApiCode, emailSchema, type MarketplaceKindValue } from '@tscloud/contracts';
import { FormField } from '../../components/form/FormField';
import { isApiError } from '../../api/errors';
import { translateMessage } from '../../i18n';
import { useMarketplaceCheck, useRegisterMarketplaceMutation } from '../../data/auth/marketplace';
import { sendEmailCode, verifyEmailCode } from '../../data/auth/verifyCode';
import { Paths } from '../../routes/paths';
import { selectOrg } from '../../state/session';
import { completeSignIn } from '../auth/completeSignIn';
import { useCaptcha } from '../auth/captcha/useCaptcha';
import { emptyMarketplaceForm, marketplaceFormSchema, marketplaceTokenFrom, registerBody, type MarketplaceForm } from './marketplaceForm';

/**
 * The landing page of a cloud marketplace (§2 /auth/aws, /auth/azure): the registration token of the query is
 * checked, then the subscriber signs in or creates an account (e-mail proved with a code), and the subscription is
 * linked to a new organization of that marketplace; the console opens in it.
 */
export function MarketplacePage({ marketplace }: { marketplace: MarketplaceKindValue }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = marketplaceTokenFrom(params);
  const check = useMarketplaceCheck(marketplace, token);
  const title = t(marketplace === 'aws' ? 'auth.marketplace.aws' : 'auth.marketplace.azure');

  if (!token) return <Result status="warning" title={title} subTitle={t('error.marketplaceTokenInvalid')} />;
  if (check.isPending) return <Spin aria-label={t('marketplace.checking')} />;
  if (check.isError) {
    const message = isApiError(check.error) ? check.error.message : t('error.marketplaceTokenInvalid');
    return <Result status="warning" title={title} subTitle={translateMessage(message)} />;
  }
  if (check.data.bound) {
    return (
      <Result
        status="info"
        title={title}
        subTitle={t('error.marketplaceBound')}
        extra={
          <Link to={Paths.LOGIN}>
            <Button type="primary">{t('auth.login.submit')}</Button>
          </Link>
        }
      />
    );
  }
  return <MarketplaceRegisterForm title={title} initial={emptyMarketplaceForm(marketplace, token, check.data.email)} />;
}

function MarketplaceRegisterForm({ title, initial }: { title: string; initial: MarketplaceForm }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const register = useRegisterMarketplaceMutation();
  const { captcha, captchaDialog } = useCaptcha();
  const [codeSent, setCodeSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [mfaNeeded, setMfaNeeded] = useState(false);
  const { control, handleSubmit, getValues, setError } = useForm<MarketplaceForm>({ resolver: zodResolver(marketplaceFormSchema), defaultValues: initial });
  const newAccount = useWatch({ control, name: 'newAccount' });

  const sendCode = async () => {
    const email = getValues('email').trim();
    if (!emailSchema.safeParse(email).success) {
      setError('email', { message: 'validation.email' });
      return;
    }
    setSending(true);
    try {
      const reponseToken = await captcha('send_code');
      await sendEmailCode({ email, reponseToken });
      setCodeSent(true);
    } catch {
      // The request layer or the captcha prompt has told the user; the form keeps what was typed.
    } finally {
      setSending(false);
    }
  };

  const onSubmit = handleSubmit(async (form) => {
    try {
      if (form.newAccount) await verifyEmailCode({ email: form.email.trim(), code: form.code ?? '' });
      const done = await register.mutateAsync(registerBody(form));
      const next = completeSignIn(null);
      selectOrg(done.orgId);
      navigate(next, { replace: true });
    } catch (error) {
      if (isApiError(error) && error.code === ApiCode.MFA_REQUIRED) setMfaNeeded(true);
    }
  });

  return (
    <>
      {captchaDialog}
      <Typography.Title level={4}>{title}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('marketplace.intro')}</Typography.Paragraph>
      <Form layout="vertical" onFinish={() => void onSubmit()} noValidate>
        <FormField
          control={control}
          name="newAccount"
          render={(f) => (
            <Segmented
              block
              value={f.value ? 'new' : 'existing'}
              onChange={(v) => f.onChange(v === 'new')}
              options={[
                { value: 'new', label: t('marketplace.newAccount') },
                { value: 'existing', label: t('marketplace.existingAccount') },
              ]}
            />
          )}
        />
        <FormField control={control} name="email" label={t('auth.field.email')} required render={(f) => <Input {...f} autoComplete="email" />} />
        {newAccount && (
          <>
            <FormField
              control={control}
              name="code"
              label={t('auth.field.code')}
              required
              render={(f) => <Input {...f} value={f.value ?? ''} autoComplete="one-time-code" maxLength={6} />}
            />
            <Button onClick={() => void sendCode()} loading={sending} style={{ marginBottom: 16 }}>
              {codeSent ? t('marketplace.resendCode') : t('marketplace.sendCode')}
            </Button>
            {codeSent && <Alert type="success" showIcon message={t('marketplace.codeSent')} style={{ marginBottom: 16 }} />}
            <FormField control={control} name="firstName" label={t('auth.field.firstName')} required render={(f) => <Input {...f} value={f.value ?? ''} autoComplete="given-name" />} />
            <FormField control={control} name="lastName" label={t('auth.field.lastName')} required render={(f) => <Input {...f} value={f.value ?? ''} autoComplete="family-name" />} />
          </>
        )}
        <FormField control={control} name="password" label={t('auth.field.password')} required render={(f) => <Input.Password {...f} autoComplete={newAccount ? 'new-password' : 'current-password'} />} />
        {newAccount && (
          <>
            <FormField control={control} name="confirmPassword" label={t('auth.field.confirmPassword')} required render={(f) => <Input.Password {...f} value={f.value ?? ''} autoComplete="new-password" />} />
            <FormField
              control={control}
              name="acceptTerms"
              render={(f) => (
                <Checkbox checked={Boolean(f.value)} onChange={(e) => f.onChange(e.target.checked)} onBlur={f.onBlur} name={f.name}>
                  {t('auth.signup.acceptTerms')}{' '}
                  <Link to={`${Paths.TERMS}?signup=1`} target="_blank">
                    {t('auth.signup.terms')}
                  </Link>
                </Checkbox>
              )}
            />
          </>
        )}
        {!newAccount && mfaNeeded && (
          <FormField control={control} name="mfaCode" label={t('marketplace.mfaCode')} required render={(f) => <Input {...f} value={f.value ?? ''} autoComplete="one-time-code" autoFocus />} />
        )}
        <Button type="primary" htmlType="submit" block loading={register.isPending}>
          {newAccount ? t('marketplace.register') : t('marketplace.link')}
        </Button>
      </Form>
    </>
  );
}
