import { Button, Form, Input } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { changePasswordSchema } from '@tscloud/contracts';
import { FormField } from '../../components/form/FormField';
import { notifier } from '../../components/feedback/notifier';
import { useChangePassword } from '../../data/profile/password';

// The server's rule (contracts): the new password follows the password rules, typed twice; the current one only has to be given.
const schema = changePasswordSchema;
type PasswordForm = z.input<typeof schema>;

/** Change password while signed in (a protected operation: the verification prompt may come up). */
export function PasswordSection() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const { control, handleSubmit, reset } = useForm<PasswordForm>({ resolver: zodResolver(schema), defaultValues: { oldPassword: '', password: '', confirmPassword: '' } });
  const submit = handleSubmit(async (v) => {
    if (!(await change.mutateAsync(v).then(() => true, () => false))) return;
    notifier.success(t('settings.password.changed'));
    reset();
  });
  return (
    <Form layout="vertical" style={{ maxWidth: 480 }} onFinish={() => void submit()}>
      <FormField control={control} name="oldPassword" label={t('settings.password.current')} required render={(f) => <Input.Password {...f} autoComplete="current-password" />} />
      <FormField control={control} name="password" label={t('settings.password.new')} required render={(f) => <Input.Password {...f} autoComplete="new-password" />} />
      <FormField control={control} name="confirmPassword" label={t('settings.password.confirm')} required render={(f) => <Input.Password {...f} autoComplete="new-password" />} />
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        {t('settings.password.submit')}
      </Button>
    </Form>
  );
}
