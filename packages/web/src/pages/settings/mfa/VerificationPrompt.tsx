import { useState } from 'react';
import { Form, Input, Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { secondFactorCodeSchema, verificationCodeSchema, type VerifyTokenBody, type VerifyTokenResponse } from '@tscloud/contracts';
import { AppModal } from '../../../components/dialogs/AppModal';
import { translateMessage } from '../../../i18n';
import { SendPromptCodeButton } from '../../auth/SendPromptCodeButton';

export interface VerificationPromptProps {
  /**
   * Multi-factor is on: only the second factor (a code from the authenticator app or a recovery code) buys a
   * Verify-Token then, so the prompt asks for nothing else. Off: a code by e-mail, or the password.
   */
  mfaEnabled: boolean;
  /** Buys the Verify-Token with what was typed (POST /api/verify/token). */
  buy: (body: VerifyTokenBody) => Promise<VerifyTokenResponse>;
  /** The token bought, or null when the prompt was cancelled. */
  onDone: (bought: VerifyTokenResponse | null) => void;
}

/**
 * The verification prompt of a protected operation. A local rule or the server's refusal (a wrong code, too many
 * attempts) is shown at the field, and what was typed stays, so the user can correct it; Cancel ends the attempt.
 */
export function VerificationPrompt({ mfaEnabled, buy, onDone }: VerificationPromptProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'code' | 'password'>('code');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const answer = (): VerifyTokenBody | string => {
    if (mode === 'password') return value ? { password: value } : t('validation.required');
    const parsed = (mfaEnabled ? secondFactorCodeSchema : verificationCodeSchema).safeParse(value.trim());
    return parsed.success ? { code: parsed.data } : translateMessage(parsed.error.issues[0]?.message);
  };

  const confirm = async () => {
    if (pending) return;
    const body = answer();
    if (typeof body === 'string') return setError(body);
    setError(null);
    setPending(true);
    try {
      onDone(await buy(body));
    } catch (refusal) {
      setError(refusal instanceof Error ? refusal.message : String(refusal));
    } finally {
      setPending(false);
    }
  };

  const codeLabel = mfaEnabled ? t('settings.mfa.codeOrRecovery') : t('settings.field.code');
  return (
    <AppModal
      open
      title={t('settings.verify.title')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: pending }}
      onOk={() => void confirm()}
      onCancel={() => onDone(null)}
    >
      <Typography.Paragraph type="secondary">{t(mfaEnabled ? 'settings.verify.hintMfa' : 'settings.verify.hint')}</Typography.Paragraph>
      {!mfaEnabled && (
        <Segmented
          block
          style={{ marginBottom: 16 }}
          value={mode}
          onChange={(m) => {
            setMode(m as 'code' | 'password');
            setValue('');
            setError(null);
          }}
          options={[
            { value: 'code', label: t('settings.verify.byCode') },
            { value: 'password', label: t('settings.verify.byPassword') },
          ]}
        />
      )}
      {!mfaEnabled && mode === 'code' && <SendPromptCodeButton />}
      <Form layout="vertical" onFinish={() => void confirm()}>
        <Form.Item htmlFor="verification-answer" label={mode === 'code' ? codeLabel : t('settings.field.password')} validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
          {mode === 'code' ? (
            <Input id="verification-answer" value={value} onChange={(e) => setValue(e.target.value)} maxLength={mfaEnabled ? 11 : 6} inputMode={mfaEnabled ? 'text' : 'numeric'} autoComplete="one-time-code" autoFocus />
          ) : (
            <Input.Password id="verification-answer" value={value} onChange={(e) => setValue(e.target.value)} autoComplete="current-password" autoFocus />
          )}
        </Form.Item>
      </Form>
    </AppModal>
  );
}
