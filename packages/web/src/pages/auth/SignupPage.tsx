import { Alert, Button, Checkbox, Input, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { passwordPairSchema, signupSchema } from '@tscloud/contracts';
import { PlainFormField } from '../../components/form/PlainFormField';
import { useSignupMutation } from '../../data/auth/signup';
import { Paths } from '../../routes/paths';

const formSchema = z.intersection(signupSchema, passwordPairSchema);
type SignupForm = z.input<typeof formSchema>;

/**
 * Sign-up with the contracts' rules; on a server error the form keeps what was typed. The invitation mail's link
 * (`?email=`) fills the invited address in and locks it: that address is the one the invitation joins.
 */
export default function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signup = useSignupMutation();
  const invitedEmail = useSearchParams()[0].get('email')?.trim().toLowerCase() || null;
  const { control, handleSubmit } = useForm<SignupForm>({
    resolver: zodResolver(formSchema),
    defaultValues: { email: invitedEmail ?? '', password: '', confirmPassword: '', firstName: '', lastName: '', company: '', acceptTerms: false as unknown as true },
  });

  const onSubmit = handleSubmit(async (values) => {
    const { confirmPassword: _confirm, ...body } = values;
    const result = await signup.mutateAsync({ ...body, acceptTerms: true }).catch(() => null);
    if (result) navigate(`/auth/guide/${encodeURIComponent(result.email)}`);
  });

  return (
    <>
      <Typography.Title level={4}>{t('auth.signup.title')}</Typography.Title>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        {invitedEmail && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('auth.signup.invitedEmail')} />}
        <PlainFormField control={control} name="email" label={t('auth.field.email')} required render={(f) => <Input {...f} readOnly={invitedEmail !== null} autoComplete="email" />} />
        <PlainFormField control={control} name="firstName" label={t('auth.field.firstName')} required render={(f) => <Input {...f} autoComplete="given-name" />} />
        <PlainFormField control={control} name="lastName" label={t('auth.field.lastName')} required render={(f) => <Input {...f} autoComplete="family-name" />} />
        <PlainFormField control={control} name="company" label={t('auth.field.company')} render={(f) => <Input {...f} value={f.value ?? ''} autoComplete="organization" />} />
        <PlainFormField control={control} name="password" label={t('auth.field.password')} required render={(f) => <Input.Password {...f} autoComplete="new-password" />} />
        <PlainFormField control={control} name="confirmPassword" label={t('auth.field.confirmPassword')} required render={(f) => <Input.Password {...f} autoComplete="new-password" />} />
        <PlainFormField
          control={control}
          name="acceptTerms"
          statusless
          render={(f) => (
            <Checkbox checked={Boolean(f.value)} onChange={(e) => f.onChange(e.target.checked)} onBlur={f.onBlur} name={f.name}>
              {t('auth.signup.acceptTerms')}{' '}
              <Link to={`${Paths.TERMS}?signup=1`} target="_blank">
                {t('auth.signup.terms')}
              </Link>
            </Checkbox>
          )}
        />
        <Button type="primary" htmlType="submit" block loading={signup.isPending}>
          {t('auth.signup.submit')}
        </Button>
      </form>
      <Typography.Paragraph style={{ marginTop: 16 }}>
        {t('auth.signup.haveAccount')} <Link to={Paths.LOGIN}>{t('auth.login.submit')}</Link>
      </Typography.Paragraph>
    </>
  );
}
