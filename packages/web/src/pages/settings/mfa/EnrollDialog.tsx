import { useEffect, useState } from 'react';
import { Button, Form, Input, Spin, Steps, Typography } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { mfaConfirmSchema, type MfaCodeBody } from '@tscloud/contracts';
import { AppModal } from '../../../components/dialogs/AppModal';
import { FormField } from '../../../components/form/FormField';
import { useConfirmMfa } from '../../../data/mfa/confirm';
import { useEnrollMfa } from '../../../data/mfa/enroll';
import { RecoveryCodes } from './RecoveryCodes';

// The server's rule for the confirmation (contracts).
const schema = mfaConfirmSchema;

/**
 * Turning multi-factor on: the server's QR code (and the secret for typing in), a 6-digit code from the app to
 * confirm, then the recovery codes, shown this once.
 */
export function EnrollDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const enroll = useEnrollMfa();
  const confirm = useConfirmMfa();
  const [codes, setCodes] = useState<string[] | null>(null);
  const { control, handleSubmit } = useForm<MfaCodeBody>({ resolver: zodResolver(schema), defaultValues: { code: '' } });
  const { mutate: start } = enroll;
  useEffect(() => start(), [start]);

  const submit = handleSubmit(async ({ code }) => {
    const answer = await confirm.mutateAsync({ code }).catch(() => null);
    if (answer) setCodes(answer.recoveryCodes);
  });

  const secret = enroll.data;
  return (
    <AppModal
      open
      width={520}
      title={t('settings.mfa.enrollTitle')}
      onCancel={onClose}
      footer={codes ? <Button type="primary" onClick={onClose}>{t('settings.mfa.done')}</Button> : undefined}
      okText={t('settings.mfa.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={confirm.isPending}
      onOk={() => void submit()}
      okButtonProps={{ disabled: !secret }}
    >
      <Steps size="small" current={codes ? 2 : 0} style={{ marginBottom: 16 }} items={[{ title: t('settings.mfa.stepScan') }, { title: t('settings.mfa.stepConfirm') }, { title: t('settings.mfa.stepSave') }]} />
      {codes ? (
        <RecoveryCodes codes={codes} />
      ) : !secret ? (
        <Spin />
      ) : (
        <>
          <Typography.Paragraph>{t('settings.mfa.scanHint')}</Typography.Paragraph>
          <div style={{ textAlign: 'center' }}>
            <img src={secret.qrDataUrl} alt={t('settings.mfa.qrAlt')} width={180} height={180} />
          </div>
          <Typography.Paragraph>
            {t('settings.mfa.secretHint')} <Typography.Text code copyable>{secret.secret}</Typography.Text>
          </Typography.Paragraph>
          <Form layout="vertical" onFinish={() => void submit()}>
            <FormField control={control} name="code" label={t('settings.field.code')} required render={(f) => <Input {...f} inputMode="numeric" maxLength={6} autoComplete="one-time-code" autoFocus />} />
          </Form>
        </>
      )}
    </AppModal>
  );
}
