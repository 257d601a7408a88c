import { Button, Input, Select, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { completeAccountSchema } from '@tscloud/contracts';
import { PlainFormField } from '../../components/form/PlainFormField';
import { useProfileOptions } from '../../data/dict/profileOptions';
import { useCompleteAccountMutation } from '../../data/user/info';
import { session, setUserInfo } from '../../state/session';
import { Paths } from '../../routes/paths';

type RegisterForm = z.infer<typeof completeAccountSchema>;

/** /register: complete the account (status 0 or 1) before the console opens. */
export default function RegisterPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const complete = useCompleteAccountMutation();
  const industries = useProfileOptions('industry', i18n.language);
  const positions = useProfileOptions('position', i18n.language);
  const countries = useProfileOptions('country', i18n.language);
  const user = session.get().userInfo;
  const { control, handleSubmit } = useForm<RegisterForm>({
    resolver: zodResolver(completeAccountSchema),
    defaultValues: {
      firstName: user?.first_name ?? '',
      lastName: user?.last_name ?? '',
      company_name: user?.company_name ?? '',
      industry_type: user?.industry_type ?? '',
      position: user?.position ?? '',
      country_code: user?.country_code ?? '',
    },
  });
  const onSubmit = handleSubmit(async (values) => {
    const info = await complete.mutateAsync(values).catch(() => null);
    if (!info) return;
    setUserInfo(info);
    navigate(Paths.ROOT, { replace: true });
  });
  const options = (list: { value: string; label: string }[] | undefined) => (list ?? []).map((o) => ({ value: o.value, label: o.label }));
  return (
    <>
      <Typography.Title level={4}>{t('register.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('register.hint')}</Typography.Paragraph>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <PlainFormField control={control} name="firstName" label={t('auth.field.firstName')} required render={(f) => <Input {...f} />} />
        <PlainFormField control={control} name="lastName" label={t('auth.field.lastName')} required render={(f) => <Input {...f} />} />
        <PlainFormField control={control} name="company_name" label={t('auth.field.company')} required render={(f) => <Input {...f} />} />
        <PlainFormField control={control} name="industry_type" label={t('register.industry')} required render={(f) => <Select {...f} options={options(industries.data)} loading={industries.isLoading} />} />
        <PlainFormField control={control} name="position" label={t('register.position')} required render={(f) => <Select {...f} options={options(positions.data)} loading={positions.isLoading} />} />
        <PlainFormField
          control={control}
          name="country_code"
          label={t('register.country')}
          required
          render={(f) => <Select {...f} showSearch={{ optionFilterProp: 'label' }} options={options(countries.data)} loading={countries.isLoading} />}
        />
        <Button type="primary" htmlType="submit" block loading={complete.isPending}>
          {t('register.submit')}
        </Button>
      </form>
    </>
  );
}
