import { Button } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import type { TokenResponse } from '@tscloud/contracts';
import { PlainFormField } from '../../components/form/PlainFormField';
import { TextInput } from '../../components/form/inputs';
import { useVerifyLoginCodeMutation } from '../../data/auth/login';
import { PlainParagraph, PlainTitle } from '../../components/text/PlainText';

// A TOTP code (6 digits) or a recovery code: the server tells which it accepted. zod's mini form, as the sign-in
// page's other schemas (contracts validation/signin.ts).
const schema = z.object({ code: z.string().check(z.trim(), z.minLength(1, { message: 'validation.required' })) });
type CodeForm = z.infer<typeof schema>;

/** The multi-factor step of sign-in: the challenge ticket plus a code. */
export function MfaCodeForm({ ticket, onSignedIn }: { ticket: string; onSignedIn: (token: TokenResponse) => void }) {
  const { t } = useTranslation();
  const verify = useVerifyLoginCodeMutation();
  const { control, handleSubmit } = useForm<CodeForm>({ resolver: zodResolver(schema), defaultValues: { code: '' } });
  const onSubmit = handleSubmit(async ({ code }) => {
    const token = await verify.mutateAsync({ mfaTicket: ticket, code }).catch(() => null);
    if (token) onSignedIn(token);
  });
  return (
    <>
      <PlainTitle level={4}>{t('auth.login.mfaTitle')}</PlainTitle>
      <PlainParagraph type="secondary">{t('auth.login.mfaHint')}</PlainParagraph>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <PlainFormField control={control} name="code" label={t('auth.field.code')} required render={(f) => <TextInput {...f} autoComplete="one-time-code" autoFocus />} />
        <Button type="primary" htmlType="submit" block loading={verify.isPending}>
          {t('auth.login.mfaSubmit')}
        </Button>
      </form>
    </>
  );
}
