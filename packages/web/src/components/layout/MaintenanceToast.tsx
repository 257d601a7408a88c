import { useEffect } from 'react';
import { notification as antdNotification } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BootState } from '../../state/boot';

type Banner = NonNullable<BootState['banner']>;

/** The persistent notification of a banner (MaintenanceNotice loads it only when there is one to show). */
export default function MaintenanceToast({ banner }: { banner: Banner }) {
  const { t } = useTranslation();
  // A holder of its own (themed), rendered below: the app does not wrap pages in antd's App.
  const [notification, holder] = antdNotification.useNotification();
  useEffect(() => {
    const key = 'maintenance-banner';
    notification.open({ key, type: banner.type === 'WARNING' ? 'warning' : 'info', title: t('layout.maintenance.title'), description: banner.content, duration: 0, placement: 'bottomRight' });
    return () => notification.destroy(key);
  }, [banner, notification, t]);
  return holder;
}
