import { useState } from 'react';
import { Alert, Button, Form, Input, Select } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { completeAccountSchema, profileTextSchema, type UserInfo } from '@tscloud/contracts';
import { z } from 'zod';
import { isApiError } from '../../api/errors';
import { FormField } from '../../components/form/FormField';
import { notifier } from '../../components/feedback/notifier';
import { useProfileOptions } from '../../data/dict/profileOptions';
import { useUpdateProfile } from '../../data/profile/update';
import { LANGUAGES, currentLanguage } from '../../i18n';
import { AvatarUpload } from './AvatarUpload';
import { SignOutEverywhere } from './SignOutEverywhere';

// The complete-account form's fields with the same rules, plus what else PUT /uc/api/user takes (the server's rules).
const profileSchema = completeAccountSchema.extend({ nickname: profileTextSchema, username: profileTextSchema, language: z.enum(['en', 'zh']) });
type ProfileForm = z.input<typeof profileSchema>;

/** The body's field names the server names in a refusal (`data.field`), as the form calls them. */
const FORM_FIELD: Record<string, keyof ProfileForm> = {
  first_name: 'firstName', last_name: 'lastName', nickname: 'nickname', username: 'username', company_name: 'company_name',
  industry_type: 'industry_type', position: 'position', country_code: 'country_code', language: 'language',
};

/**
 * The user's own profile: read from the signed-in user's info (GET /uc/api/user/mgmt, kept in the session), saved
 * with PUT /uc/api/user. The rules are checked before sending; a refusal shows the server's message at the field it
 * names, else above the button.
 */
export function ProfileSection({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const industries = useProfileOptions('industry', language);
  const positions = useProfileOptions('position', language);
  const countries = useProfileOptions('country', language);
  const update = useUpdateProfile();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { control, handleSubmit, formState, setError } = useForm<ProfileForm>({
    resolver: zodResolver(profileSchema),
    values: {
      firstName: user.first_name, lastName: user.last_name, nickname: user.nickname ?? '', username: user.username ?? '', company_name: user.company_name,
      industry_type: user.industry_type, position: user.position, country_code: user.country_code, language: user.language ?? 'en',
    },
  });
  const submit = handleSubmit(async (v) => {
    setRefusal(null);
    try {
      await update.mutateAsync({
        first_name: v.firstName, last_name: v.lastName, nickname: v.nickname, username: v.username, company_name: v.company_name,
        industry_type: v.industry_type, position: v.position, country_code: v.country_code, language: v.language,
      });
      notifier.success(t('settings.profile.saved'));
    } catch (error) {
      const message = isApiError(error) ? error.message : String(error);
      const named = isApiError(error) ? (error.data as { field?: string } | null)?.field : undefined;
      const field = named ? FORM_FIELD[named] : undefined;
      if (field) setError(field, { message });
      else setRefusal(message);
    }
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
        <FormField control={control} name="nickname" label={t('settings.field.nickname')} render={(f) => <Input {...f} maxLength={64} />} />
        <FormField control={control} name="username" label={t('settings.field.username')} render={(f) => <Input {...f} maxLength={64} />} />
        <FormField control={control} name="company_name" label={t('settings.field.company')} required render={(f) => <Input {...f} maxLength={128} />} />
        <FormField control={control} name="industry_type" label={t('settings.field.industry')} required render={select(industries.data, industries.isLoading)} />
        <FormField control={control} name="position" label={t('settings.field.position')} required render={select(positions.data, positions.isLoading)} />
        <FormField control={control} name="country_code" label={t('settings.field.country')} required render={select(countries.data, countries.isLoading)} />
        <FormField
          control={control}
          name="language"
          label={t('settings.field.language')}
          render={(f) => <Select value={f.value} onChange={f.onChange} options={LANGUAGES.map((language) => ({ value: language, label: t(`common.language.${language}`) }))} />}
        />
        {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="profile-refusal" />}
        <Button type="primary" htmlType="submit" loading={update.isPending} disabled={!formState.isDirty}>
          {t('access.action.save')}
        </Button>
      </Form>
      <SignOutEverywhere />
    </>
  );
}
