import { useState } from 'react';
import { Form, Input, Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { verificationCodeSchema, type VerifyTokenBody } from '@tscloud/contracts';
import { AppModal } from '../../../components/dialogs/AppModal';
import { translateMessage } from '../../../i18n';
import { SendPromptCodeButton } from '../../auth/SendPromptCodeButton';

/**
 * The verification-code prompt of a protected operation: a 6-digit code from the authenticator app, or the account
 * password. It answers what was typed; the caller buys the Verify-Token with it.
 */
export function VerificationPrompt({ onAnswer }: { onAnswer: (answer: VerifyTokenBody | null) => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'code' | 'password'>('code');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const confirm = () => {
    if (mode === 'code') {
      const parsed = verificationCodeSchema.safeParse(value.trim());
      if (!parsed.success) return setError(translateMessage(parsed.error.issues[0]?.message));
      return onAnswer({ code: parsed.data });
    }
    if (!value) return setError(t('validation.required'));
    onAnswer({ password: value });
  };

  return (
    <AppModal open title={t('settings.verify.title')} okText={t('common.confirm')} cancelText={t('common.cancel')} onOk={confirm} onCancel={() => onAnswer(null)}>
      <Typography.Paragraph type="secondary">{t('settings.verify.hint')}</Typography.Paragraph>
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
      {mode === 'code' && <SendPromptCodeButton />}
      <Form layout="vertical" onFinish={confirm}>
        <Form.Item htmlFor="verification-answer" label={t(mode === 'code' ? 'settings.field.code' : 'settings.field.password')} validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
          {mode === 'code' ? (
            <Input id="verification-answer" value={value} onChange={(e) => setValue(e.target.value)} inputMode="numeric" maxLength={6} autoComplete="one-time-code" autoFocus />
          ) : (
            <Input.Password id="verification-answer" value={value} onChange={(e) => setValue(e.target.value)} autoComplete="current-password" autoFocus />
          )}
        </Form.Item>
      </Form>
    </AppModal>
  );
}
