import { Suspense, lazy } from 'react';
import { useBoot } from '../../state/boot';

// antd's notification loads only with a banner to show: most pages, the sign-in page included, have none.
const MaintenanceToast = lazy(() => import('./MaintenanceToast'));

/** Rule 1: a banner that is not of type ERROR is a persistent notification (ERROR banners block, see the guard). */
export function MaintenanceNotice() {
  const banner = useBoot((b) => b.banner);
  if (!banner || banner.type === 'ERROR') return null;
  return (
    <Suspense fallback={null}>
      <MaintenanceToast banner={banner} />
    </Suspense>
  );
}
