import { useEffect } from 'react';
import { Result, Spin } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ACTIVATION_REDIRECT_MS } from '@tscloud/contracts';
import { useActivation } from '../../data/auth/activate';
import { Paths } from '../../routes/paths';

/** The activation link: activates, then after 3 s goes to the registered page. */
export default function ActivatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const activation = useActivation(token);
  const email = activation.data?.email;

  useEffect(() => {
    if (!email) return;
    const timer = setTimeout(() => navigate(`/auth/registered/${encodeURIComponent(email)}/activated`, { replace: true }), ACTIVATION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [email, navigate]);

  if (activation.isSuccess) return <Result status="success" title={t('auth.activate.title')} subTitle={t('auth.activate.done')} />;
  if (activation.isError || !token) {
    return <Result status="error" title={t('auth.activate.title')} subTitle={t('error.activationFailed')} extra={<Link to={Paths.LOGIN}>{t('auth.toLogin')}</Link>} />;
  }
  return <Result icon={<Spin />} title={t('auth.activate.working')} />;
}
