import { useEffect } from 'react';
import { notification as antdNotification } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBoot } from '../../state/boot';

/** Rule 1: a banner that is not of type ERROR is a persistent notification (ERROR banners block, see the guard). */
export function MaintenanceNotice() {
  const { t } = useTranslation();
  // A holder of its own (themed), rendered below: the app does not wrap pages in antd's App.
  const [notification, holder] = antdNotification.useNotification();
  const banner = useBoot((b) => b.banner);
  useEffect(() => {
    if (!banner || banner.type === 'ERROR') return;
    const key = 'maintenance-banner';
    notification.open({ key, type: banner.type === 'WARNING' ? 'warning' : 'info', title: t('layout.maintenance.title'), description: banner.content, duration: 0, placement: 'bottomRight' });
    return () => notification.destroy(key);
  }, [banner, notification, t]);
  return holder;
}
