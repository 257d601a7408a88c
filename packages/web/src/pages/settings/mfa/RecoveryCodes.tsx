import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The one-time recovery codes, shown once after enrolment, with a copy button for all of them. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('settings.mfa.recoveryOnce')} />
      <Typography.Paragraph copyable={{ text: codes.join('\n'), tooltips: [t('settings.mfa.copy'), t('settings.mfa.copied')] }} strong>
        {t('settings.mfa.recoveryCodes')}
      </Typography.Paragraph>
      <pre data-testid="recovery-codes" style={{ columns: 2, background: 'rgba(0,0,0,0.04)', padding: 12, borderRadius: 6 }}>
        {codes.join('\n')}
      </pre>
    </>
  );
}
