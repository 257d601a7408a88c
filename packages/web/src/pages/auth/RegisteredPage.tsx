import { Button, Result } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Paths } from '../../routes/paths';

/** registered/{email?}/{activated?}: the account exists (and is activated when the second part is present). */
export default function RegisteredPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { email = '', activated } = useParams();
  const isActivated = Boolean(activated);
  return (
    <Result
      status="success"
      title={t('auth.registered.title')}
      subTitle={isActivated ? t('auth.registered.activated', { email }) : `${t('auth.registered.body', { email })} ${t('auth.registered.pending')}`}
      extra={
        <Button type="primary" onClick={() => navigate(`${Paths.LOGIN}${email ? `?email=${encodeURIComponent(email)}` : ''}`)}>
          {t('auth.login.submit')}
        </Button>
      }
    />
  );
}
