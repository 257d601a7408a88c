import { useEffect, useRef, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isMfaChallenge, type SsoCallbackResponse } from '@tscloud/contracts';
import { notifier } from '../../components/feedback/notifier';
import { finishSsoSignIn } from '../../data/sso/signin';
import { Paths } from '../../routes/paths';
import { MfaCodeForm } from '../auth/MfaCodeForm';
import { completeSignIn } from '../auth/completeSignIn';
import { SSO_SETTINGS_PATH } from './ssoRules';

type Phase = { kind: 'working' } | { kind: 'failed'; message: string } | { kind: 'mfa'; ticket: string; redirect: string | null } | { kind: 'missing' };

/**
 * /auth/authorize: where Azure AD and the third-party providers send the browser back (code and state, or an error).
 * The answer goes to the server once; a sign-in stores the session (or asks for the second factor), an owner's test
 * sign-in returns to the SSO settings screen.
 */
export default function AuthorizePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const state = params.get('state');
  const [phase, setPhase] = useState<Phase>(state ? { kind: 'working' } : { kind: 'missing' });
  const posted = useRef(false);

  useEffect(() => {
    // The state is single-use: post it once even when React runs effects twice.
    if (!state || posted.current) return;
    posted.current = true;
    const body = {
      state,
      code: params.get('code') ?? undefined,
      error: params.get('error') ?? undefined,
      error_description: params.get('error_description') ?? undefined,
    };
    finishSsoSignIn(body).then(
      (answer: SsoCallbackResponse) => {
        if (answer.kind === 'verified') {
          notifier.success(t('sso.verified'));
          navigate(SSO_SETTINGS_PATH, { replace: true });
        } else if (isMfaChallenge(answer.login)) setPhase({ kind: 'mfa', ticket: answer.login.mfaTicket, redirect: answer.redirect });
        else navigate(completeSignIn(answer.redirect), { replace: true });
      },
      (error: Error) => setPhase({ kind: 'failed', message: error.message }),
    );
  }, [state, params, navigate, t]);

  if (phase.kind === 'mfa') {
    return <MfaCodeForm ticket={phase.ticket} onSignedIn={() => navigate(completeSignIn(phase.redirect), { replace: true })} />;
  }
  if (phase.kind === 'working') return <Spin tip={t('sso.authorize.working')}><div style={{ minHeight: 120 }} /></Spin>;
  const back = (
    <Button type="primary" onClick={() => navigate(Paths.LOGIN, { replace: true })}>
      {t('sso.authorize.back')}
    </Button>
  );
  if (phase.kind === 'missing') return <Result status="info" title={t('auth.authorize.title')} subTitle={t('sso.authorize.missing')} extra={back} />;
  return <Result status="error" title={t('sso.authorize.failed')} subTitle={phase.message} extra={back} data-testid="sso-failed" />;
}
