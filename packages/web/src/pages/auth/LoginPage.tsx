import { Suspense, lazy, useState } from 'react';
import { Button } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ApiCode, SIGNIN_UNLOCK_TTL_MS, isMfaChallenge, loginSchema, type LoginRequest } from '@tscloud/contracts';
import { PlainFormField } from '../../components/form/PlainFormField';
import { PasswordInput, TextInput } from '../../components/form/inputs';
import { useLoginMutation, useSendUnlockLinkMutation } from '../../data/auth/login';
import { isApiError } from '../../api/errors';
import { Paths } from '../../routes/paths';
import { MfaCodeForm } from './MfaCodeForm';
import { completeSignIn } from './completeSignIn';
import { SsoSignInButtons } from '../sso/SsoSignInButtons';
import { followSsoRefusal } from '../sso/ssoRules';
import { PlainParagraph, PlainTitle, useLinkStyle } from '../../components/text/PlainText';

// antd's Alert and its icons load only when a notice shows (sign-in slowed down, an unlock link): not with the page.
const Alert = lazy(() => import('antd/es/alert'));

/**
 * E-mail and password, then a multi-factor step when the server answers with a challenge. When sign-in is slowed
 * down (429) the page offers an e-mailed sign-in link; opened from that link (`?unlock=…&email=…`) it sends the
 * link's token along, which lets the owner in (docs/accounts.md "Sign-in and throttling").
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const linkStyle = useLinkStyle();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLoginMutation();
  const [ticket, setTicket] = useState<string | null>(null);
  const [unlockToken, setUnlockToken] = useState(params.get('unlock'));
  const [delayed, setDelayed] = useState(false);
  const sendUnlock = useSendUnlockLinkMutation();
  const { control, handleSubmit, getValues, trigger } = useForm<LoginRequest>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: params.get('email') ?? '', password: '' },
  });

  const mailUnlockLink = async () => {
    if (!(await trigger('email'))) return;
    await sendUnlock.mutateAsync({ email: getValues('email') }).catch(() => null);
  };

  const signedIn = () => navigate(completeSignIn(params.get('redirect')), { replace: true });

  const onSubmit = handleSubmit(async (values) => {
    // An address held to single sign-on is sent to its directory (docs/sso.md).
    const answer = await login.mutateAsync({ ...values, unlockToken: unlockToken ?? undefined }).catch((error: unknown) => {
      if (isApiError(error) && error.code === ApiCode.TOO_MANY_REQUESTS) setDelayed(true);
      // The request layer showed why; a used or expired link is dropped, so the next try is an ordinary one.
      if (isApiError(error) && error.code === ApiCode.BAD_REQUEST && unlockToken) setUnlockToken(null);
      return followSsoRefusal(error, navigate);
    });
    if (!answer) return;
    if (isMfaChallenge(answer)) setTicket(answer.mfaTicket);
    else signedIn();
  });

  if (ticket) return <MfaCodeForm ticket={ticket} onSignedIn={signedIn} />;

  return (
    <>
      <PlainTitle level={4}>{t('auth.login.title')}</PlainTitle>
      <Suspense fallback={null}>
        {unlockToken && <Alert style={{ marginBottom: 16 }} type="info" showIcon message={t('auth.login.unlockReady')} />}
        {delayed && !unlockToken && (
          <Alert
            style={{ marginBottom: 16 }}
            type="warning"
            showIcon
            message={sendUnlock.isSuccess ? t('auth.login.unlockSent', { email: sendUnlock.variables.email, minutes: SIGNIN_UNLOCK_TTL_MS / 60_000 }) : t('auth.login.delayedHint')}
            action={
              !sendUnlock.isSuccess && (
                <Button size="small" loading={sendUnlock.isPending} onClick={() => void mailUnlockLink()}>
                  {t('auth.login.sendUnlock')}
                </Button>
              )
            }
          />
        )}
      </Suspense>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <PlainFormField control={control} name="email" label={t('auth.field.email')} required render={(f) => <TextInput {...f} autoComplete="username" />} />
        <PlainFormField control={control} name="password" label={t('auth.field.password')} required render={(f) => <PasswordInput {...f} autoComplete="current-password" />} />
        <Button type="primary" htmlType="submit" block loading={login.isPending}>
          {t('auth.login.submit')}
        </Button>
      </form>
      <SsoSignInButtons />
      <PlainParagraph style={{ marginTop: 16 }}>
        <Link to={Paths.FORGOT} style={linkStyle}>{t('auth.login.forgot')}</Link>
      </PlainParagraph>
      <PlainParagraph>
        {t('auth.login.noAccount')} <Link to={Paths.SIGNUP} style={linkStyle}>{t('auth.signup.submit')}</Link>
      </PlainParagraph>
    </>
  );
}
