import { Button, Result } from 'antd';
import { SmileOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Paths } from '../../routes/paths';

export default function LandingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      icon={<SmileOutlined />}
      title={t('landing.title')}
      subTitle={t('landing.body')}
      extra={
        <Button type="primary" onClick={() => navigate(Paths.INSTANCES)}>
          {t('menu.instances')}
        </Button>
      }
    />
  );
}
