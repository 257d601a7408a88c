import { Button, Result } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useResendActivationMutation } from '../../data/auth/signup';
import { notifier } from '../../components/feedback/notifier';
import { Paths } from '../../routes/paths';

/** After sign-up: check your mail, with a resend button. */
export default function GuidePage() {
  const { t } = useTranslation();
  const email = useParams().email ?? '';
  const resend = useResendActivationMutation();
  const onResend = () => resend.mutateAsync({ email }).then(() => notifier.success(t('auth.guide.resent')), () => undefined);
  return (
    <Result
      icon={<MailOutlined />}
      title={t('auth.guide.title')}
      subTitle={t('auth.guide.body', { email })}
      extra={[
        <Button key="resend" onClick={() => void onResend()} loading={resend.isPending}>
          {t('auth.guide.resend')}
        </Button>,
        <Link key="login" to={`${Paths.LOGIN}?email=${encodeURIComponent(email)}`}>
          {t('auth.toLogin')}
        </Link>,
      ]}
    />
  );
}
