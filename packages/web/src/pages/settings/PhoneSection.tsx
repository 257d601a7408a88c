import { useState } from 'react';
import { Button, Descriptions, Form, Input, Select, Space, Tag } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DEFAULT_DIALING_PREFIX, ERROR_TOAST_SECONDS, phoneSchema, verificationCodeSchema, type UserInfo } from '@tscloud/contracts';
import { FormField } from '../../components/form/FormField';
import { notifier } from '../../components/feedback/notifier';
import { useProfileOptions } from '../../data/dict/profileOptions';
import { useChangePhone, useSendPhoneCode, useVerifyPhoneCode } from '../../data/profile/phone';
import { patchUserInfo } from '../../data/profile/userInfo';
import { currentLanguage } from '../../i18n';
import { formatDateTime } from '../../config/format';
import { phonePlan } from './phoneRules';

const schema = z.object({ country_code: z.string().min(1, { message: 'validation.required' }), phone: phoneSchema, code: verificationCodeSchema });
type PhoneForm = z.infer<typeof schema>;

/** The phone: send a code (valid 10 minutes), verify its 6 digits, then the number is verified or changed. */
export function PhoneSection({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const countries = useProfileOptions('country', currentLanguage());
  const send = useSendPhoneCode();
  const verify = useVerifyPhoneCode();
  const change = useChangePhone();
  const [codeValidUntil, setCodeValidUntil] = useState<number | null>(null);
  const { control, handleSubmit, trigger, getValues, reset } = useForm<PhoneForm>({ resolver: zodResolver(schema), defaultValues: { country_code: DEFAULT_DIALING_PREFIX, phone: '', code: '' } });
  const dialingCodes = [...new Set([DEFAULT_DIALING_PREFIX, ...(countries.data ?? []).map((c) => c.dialingCode)])].map((d) => ({ value: d, label: d }));

  const sendCode = async () => {
    if (!(await trigger(['country_code', 'phone']))) return;
    const { phone, country_code } = getValues();
    const sent = await send.mutateAsync({ phone, country_code }).catch(() => null);
    if (sent) setCodeValidUntil(sent.expiresAt);
  };

  const submit = handleSubmit(async ({ phone, country_code, code }) => {
    const next = { phone, country_code };
    const plan = phonePlan({ phone: user.phone, verified: user.phone_verified }, next);
    if ('refuse' in plan) return notifier.error(t(plan.refuse), ERROR_TOAST_SECONDS, true);
    if (!(await verify.mutateAsync({ ...next, code }).then(() => true, () => false))) return;
    if (plan.steps.includes('change')) {
      if (!(await change.mutateAsync(next).then(() => true, () => false))) return;
      notifier.success(t('settings.phone.changed'));
    } else {
      patchUserInfo({ phone_verified: true });
      notifier.success(t('settings.phone.verified'));
    }
    setCodeValidUntil(null);
    reset();
  });

  return (
    <>
      <Descriptions size="small" column={1} style={{ marginBottom: 16, maxWidth: 480 }}>
        <Descriptions.Item label={t('settings.phone.current')}>
          {user.phone ? (
            <Space>
              {user.phone}
              <Tag color={user.phone_verified ? 'green' : 'orange'}>{t(user.phone_verified ? 'settings.phone.isVerified' : 'settings.phone.notVerified')}</Tag>
            </Space>
          ) : (
            t('settings.phone.none')
          )}
        </Descriptions.Item>
      </Descriptions>
      <Form layout="vertical" style={{ maxWidth: 480 }} onFinish={() => void submit()}>
        <Space.Compact block>
          <FormField control={control} name="country_code" label={t('settings.phone.dialingCode')} required render={(f) => <Select {...f} style={{ width: 110 }} options={dialingCodes} showSearch />} />
          <FormField control={control} name="phone" label={t('settings.phone.number')} required render={(f) => <Input {...f} autoComplete="tel-national" />} />
        </Space.Compact>
        <FormField
          control={control}
          name="code"
          label={t('settings.field.code')}
          required
          render={(f) => (
            <Space.Compact block>
              <Input {...f} inputMode="numeric" maxLength={6} autoComplete="one-time-code" />
              <Button onClick={() => void sendCode()} loading={send.isPending}>
                {t('settings.phone.sendCode')}
              </Button>
            </Space.Compact>
          )}
        />
        {codeValidUntil !== null && <p style={{ marginTop: -12 }}>{t('settings.phone.codeSent', { time: formatDateTime(codeValidUntil) })}</p>}
        <Button type="primary" htmlType="submit" loading={verify.isPending || change.isPending}>
          {t('settings.phone.submit')}
        </Button>
      </Form>
    </>
  );
}
