import { Form, Input, Typography } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AppModal } from '../../../components/dialogs/AppModal';
import { FormField } from '../../../components/form/FormField';
import { notifier } from '../../../components/feedback/notifier';
import { useDisableMfa } from '../../../data/mfa/disable';

// A TOTP code or a recovery code: the server tells which it accepted.
const schema = z.object({ code: z.string().trim().min(1, { message: 'validation.required' }) });

/** Turning multi-factor off, proven with a current code or a recovery code. */
export function DisableMfaDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const disable = useDisableMfa();
  const { control, handleSubmit } = useForm<{ code: string }>({ resolver: zodResolver(schema), defaultValues: { code: '' } });
  const submit = handleSubmit(async ({ code }) => {
    if (!(await disable.mutateAsync({ code }).then(() => true, () => false))) return;
    notifier.success(t('settings.mfa.disabled'));
    onClose();
  });
  return (
    <AppModal open title={t('settings.mfa.disableTitle')} okText={t('settings.mfa.disable')} okButtonProps={{ danger: true }} cancelText={t('common.cancel')} confirmLoading={disable.isPending} onOk={() => void submit()} onCancel={onClose}>
      <Typography.Paragraph type="secondary">{t('settings.mfa.disableHint')}</Typography.Paragraph>
      <Form layout="vertical" onFinish={() => void submit()}>
        <FormField control={control} name="code" label={t('settings.mfa.codeOrRecovery')} required render={(f) => <Input {...f} autoComplete="one-time-code" autoFocus />} />
      </Form>
    </AppModal>
  );
}
