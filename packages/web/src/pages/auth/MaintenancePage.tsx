import { Button, Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useBoot } from '../../state/boot';
import { hasSession } from '../../state/session';
import { logout } from '../../state/logout';

/** Rule 1: the page every other page redirects to during an ERROR banner; acknowledging logs out. */
export default function MaintenancePage() {
  const { t } = useTranslation();
  const banner = useBoot((b) => b.banner);
  return (
    <Result
      icon={<ToolOutlined />}
      title={t('auth.maintenance.title')}
      subTitle={banner?.content || t('auth.maintenance.body')}
      extra={
        <Button type="primary" onClick={() => (hasSession() ? void logout() : undefined)}>
          {t('auth.maintenance.acknowledge')}
        </Button>
      }
    />
  );
}
