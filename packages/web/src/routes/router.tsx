import { Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, createBrowserRouter, useRouteError, type RouteObject } from 'react-router';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROUTES, type RouteEntry } from './table';
import { PAGES } from './pages';
import { lazyPage } from './lazyPage';
import { isChunkLoadError } from './chunkReload';
import { RouteGuard } from './RouteGuard';
import { Paths } from './paths';
import { useDocumentTitle } from './useDocumentTitle';
import { CenteredFrame } from '../components/layout/CenteredFrame';
import { MaintenanceNotice } from '../components/layout/MaintenanceNotice';
import { DialogHost } from '../components/dialogs/DialogHost';
import { FullPageSpinner } from '../components/feedback/FullPageSpinner';
import { PlainTitle } from '../components/text/PlainText';

/**
 * The console shell (menus, switchers, instance polling) loads with the first console page, not with the sign-in
 * pages: the auth routes stay within the web bundle budget (docs/web.md "Delivery").
 */
const AppLayout = lazyPage(() => import('../components/layout/AppLayout').then((shell) => ({ default: shell.AppLayout })));

function Root() {
  useDocumentTitle();
  return (
    <>
      <MaintenanceNotice />
      <DialogHost />
      <RouteGuard />
    </>
  );
}

/**
 * A page that failed to render: the message and a way back. Plain, so it adds nothing to the sign-in page's scripts.
 * A page chunk that still fails after the one reload says so and offers a reload; on a console page this renders
 * inside the console layout (each console route has it as its own error element), so menus and switchers stay.
 */
function RouteError() {
  const { t } = useTranslation();
  const chunkFailed = isChunkLoadError(useRouteError());
  return (
    <Flex vertical align="center" gap={16} style={{ padding: '96px 16px' }} data-testid="route-error">
      <PlainTitle level={4}>{t(chunkFailed ? 'errors.pageLoadFailed' : 'errors.unknown')}</PlainTitle>
      {chunkFailed ? (
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('errors.reloadPage')}
        </Button>
      ) : (
        <Button type="primary" onClick={() => window.location.assign(Paths.ROOT)}>
          {t('common.retry')}
        </Button>
      )}
    </Flex>
  );
}

function Page({ id }: { id: string }) {
  const Component = PAGES[id] ?? PAGES.later;
  return <Component />;
}

function framed(children: ReactNode, width?: number) {
  return (
    <CenteredFrame width={width}>
      <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>
    </CenteredFrame>
  );
}

function element(route: RouteEntry): ReactNode {
  if (route.page === 'signupAlias') return <Navigate to={Paths.SIGNUP} replace />;
  return <Page id={route.page} />;
}

/** Stand-alone pages wider than the default frame. */
const FRAME_WIDTHS: Record<string, number> = { terms: 800, createFirstInstance: 1040 };

/** The route tree built from the route table (routes/table.ts). */
export function buildRoutes(): RouteObject[] {
  const auth = ROUTES.filter((r) => r.layout === 'auth');
  const bare = ROUTES.filter((r) => r.layout === 'bare');
  const app = ROUTES.filter((r) => r.layout === 'app');
  return [
    {
      element: <Root />,
      errorElement: <RouteError />,
      children: [
        {
          path: Paths.AUTH,
          element: framed(<Outlet />),
          children: [{ index: true, element: <Navigate to={Paths.SIGNUP} replace /> }, ...auth.map((r) => ({ path: r.path.slice(Paths.AUTH.length + 1), element: element(r) }))],
        },
        ...bare.map((r) => ({ path: r.path, element: framed(element(r), FRAME_WIDTHS[r.page]) })),
        {
          element: (
            <Suspense fallback={<FullPageSpinner />}>
              <AppLayout />
            </Suspense>
          ),
          children: app.map((r) => ({ path: r.path, element: element(r), errorElement: <RouteError /> })) },
        { index: true, element: <FullPageSpinner /> },
        { path: '*', element: <Navigate to={Paths.ROOT} replace /> },
      ],
    },
  ];
}

export function createRouter() {
  return createBrowserRouter(buildRoutes());
}
