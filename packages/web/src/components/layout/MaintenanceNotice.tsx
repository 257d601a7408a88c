import { useEffect } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBoot } from '../../state/boot';

/** Rule 1: a banner that is not of type ERROR is a persistent notification (ERROR banners block, see the guard). */
export function MaintenanceNotice() {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const banner = useBoot((b) => b.banner);
  useEffect(() => {
    if (!banner || banner.type === 'ERROR') return;
    const key = 'maintenance-banner';
    notification.open({ key, type: banner.type === 'WARNING' ? 'warning' : 'info', title: t('layout.maintenance.title'), description: banner.content, duration: 0, placement: 'bottomRight' });
    return () => notification.destroy(key);
  }, [banner, notification, t]);
  return null;
}
