import { Button, Form, Input, Select } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { completeAccountSchema, type UserInfo } from '@tscloud/contracts';
import type { z } from 'zod';
import { FormField } from '../../components/form/FormField';
import { notifier } from '../../components/feedback/notifier';
import { useProfileOptions } from '../../data/dict/profileOptions';
import { useUpdateProfile } from '../../data/profile/update';
import { currentLanguage } from '../../i18n';
import { AvatarUpload } from './AvatarUpload';

// The profile has the fields of the complete-account form, with the same rules.
type ProfileForm = z.input<typeof completeAccountSchema>;

/** Names, company, industry, position and country (selects from the server's dictionaries), and the avatar. */
export function ProfileSection({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const industries = useProfileOptions('industry', language);
  const positions = useProfileOptions('position', language);
  const countries = useProfileOptions('country', language);
  const update = useUpdateProfile();
  const { control, handleSubmit, formState } = useForm<ProfileForm>({
    resolver: zodResolver(completeAccountSchema),
    values: { firstName: user.first_name, lastName: user.last_name, company_name: user.company_name, industry_type: user.industry_type, position: user.position, country_code: user.country_code },
  });
  const submit = handleSubmit(async (v) => {
    const saved = await update
      .mutateAsync({ first_name: v.firstName, last_name: v.lastName, company_name: v.company_name, industry_type: v.industry_type, position: v.position, country_code: v.country_code })
      .then(() => true, () => false);
    if (saved) notifier.success(t('settings.profile.saved'));
  });
  const select = (options: Array<{ value: string; label: string }> | undefined, loading: boolean) => (f: { value: string; onChange: (v: string) => void }) => (
    <Select value={f.value || undefined} onChange={f.onChange} loading={loading} options={options ?? []} showSearch={{ optionFilterProp: 'label' }} />
  );
  return (
    <>
      <AvatarUpload user={user} />
      <Form layout="vertical" style={{ maxWidth: 480 }} onFinish={() => void submit()}>
        <Form.Item label={t('settings.field.email')}>
          <Input value={user.email} disabled />
        </Form.Item>
        <FormField control={control} name="firstName" label={t('settings.field.firstName')} required render={(f) => <Input {...f} maxLength={64} />} />
        <FormField control={control} name="lastName" label={t('settings.field.lastName')} required render={(f) => <Input {...f} maxLength={64} />} />
        <FormField control={control} name="company_name" label={t('settings.field.company')} required render={(f) => <Input {...f} maxLength={128} />} />
        <FormField control={control} name="industry_type" label={t('settings.field.industry')} required render={select(industries.data, industries.isLoading)} />
        <FormField control={control} name="position" label={t('settings.field.position')} required render={select(positions.data, positions.isLoading)} />
        <FormField control={control} name="country_code" label={t('settings.field.country')} required render={select(countries.data, countries.isLoading)} />
        <Button type="primary" htmlType="submit" loading={update.isPending} disabled={!formState.isDirty}>
          {t('access.action.save')}
        </Button>
      </Form>
    </>
  );
}
