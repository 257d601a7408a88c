import { useEffect, useRef, useState } from 'react';
import { Button, theme } from 'antd';
import { useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { emailSchema, type SsoStartRequest } from '@tscloud/contracts';
import { PlainFormField } from '../../components/form/PlainFormField';
import { TextInput } from '../../components/form/inputs';
import { useSsoProviders } from '../../data/sso/providers';
import { useStartSsoSignIn } from '../../data/sso/signin';
import { AZURE_SSO_PARAM, browser } from './ssoRules';
import { PlainDivider, PlainParagraph } from '../../components/text/PlainText';

// Its own field name: the login form beside it already has an 'email' field (ids must differ). zod's mini form, as
// the sign-in page's other schemas (contracts validation/signin.ts).
const workEmailSchema = z.object({ workEmail: emailSchema });

/**
 * The login page's other ways in: enterprise SSO (a work e-mail whose domain has SSO, or the ?azure_sso=<connection>
 * link, which starts at once) and one button per configured third-party provider (none configured: no buttons).
 */
export function SsoSignInButtons() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [params] = useSearchParams();
  const providers = useSsoProviders();
  const start = useStartSsoSignIn();
  const [askEmail, setAskEmail] = useState(false);
  const { control, handleSubmit } = useForm<{ workEmail: string }>({ resolver: zodResolver(workEmailSchema), defaultValues: { workEmail: params.get('email') ?? '' } });
  const connection = params.get(AZURE_SSO_PARAM);
  const redirect = params.get('redirect') ?? undefined;
  const started = useRef<string | null>(null);

  const go = async (body: SsoStartRequest) => {
    const answer = await start.mutateAsync({ ...body, redirect }).catch(() => null);
    if (answer) browser.go(answer.url);
    return answer !== null;
  };

  useEffect(() => {
    // Once per connection (React runs effects twice in development).
    if (!connection || started.current === connection) return;
    started.current = connection;
    void go({ connection });
  }, [connection]);

  if (connection && (start.isPending || start.isSuccess)) {
    return <PlainParagraph data-testid="sso-redirecting">{t('sso.login.redirecting')}</PlainParagraph>;
  }
  const list = providers.data ?? [];
  const onEmail = handleSubmit(async ({ workEmail }) => void (await go({ email: workEmail })));

  return (
    <div data-testid="sso-signin">
      <PlainDivider>{t('sso.login.or')}</PlainDivider>
      <div style={{ display: 'flex', flexDirection: 'column', gap: token.marginXS }}>
        {askEmail ? (
          <form noValidate onSubmit={(event) => void onEmail(event)}>
            <PlainFormField control={control} name="workEmail" label={t('sso.login.workEmail')} required render={(f) => <TextInput {...f} autoComplete="email" />} />
            <Button htmlType="submit" block loading={start.isPending}>
              {t('sso.login.continue')}
            </Button>
          </form>
        ) : (
          <Button block onClick={() => setAskEmail(true)}>
            {t('sso.login.enterprise')}
          </Button>
        )}
        {list.map((p) => (
          <Button key={p.id} block onClick={() => void go({ provider: p.id })} disabled={start.isPending}>
            {t('sso.login.provider', { name: p.name })}
          </Button>
        ))}
      </div>
    </div>
  );
}
