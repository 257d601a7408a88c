import { Result } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Paths } from '../../routes/paths';

/** After "forgot password": the reset link is on its way. */
export default function CheckPage() {
  const { t } = useTranslation();
  return <Result icon={<MailOutlined />} title={t('auth.check.title')} subTitle={t('auth.check.body')} extra={<Link to={Paths.LOGIN}>{t('auth.toLogin')}</Link>} />;
}
