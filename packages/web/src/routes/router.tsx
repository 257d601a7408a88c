import { Suspense, lazy, type ReactNode } from 'react';
import { Navigate, Outlet, useRoutes, type RouteObject } from 'react-router';
import { ROUTES, type RouteEntry } from './table';
import { PAGES } from './pages';
import { lazyPage } from './lazyPage';
import { RouteErrorBoundary } from './RouteError';
import { RouteGuard } from './RouteGuard';
import { Paths } from './paths';
import { useDocumentTitle } from './useDocumentTitle';
import { CenteredFrame } from '../components/layout/CenteredFrame';
import { MaintenanceNotice } from '../components/layout/MaintenanceNotice';
import { DialogHost } from '../components/dialogs/DialogHost';
import { FullPageSpinner } from '../components/feedback/FullPageSpinner';

/**
 * The console shell (menus, switchers, instance polling) and the map of its pages load with the first console page,
 * not with the sign-in pages: the auth routes stay within the web bundle budget (docs/web.md "Delivery").
 */
const loadConsolePages = () => import('./consolePages');
const AppLayout = lazyPage(() =>
  Promise.all([import('../components/layout/AppLayout'), loadConsolePages()]).then(([shell]) => ({ default: shell.AppLayout })),
);
// Rendered inside AppLayout, whose load brought the same module: resolves at once.
const ConsolePage = lazy(() => loadConsolePages().then((pages) => ({ default: pages.ConsolePage })));

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
const FRAME_WIDTHS: Record<string, number> = { terms: 800, createFirstInstance: 1040, supportIssues: 1100, desk: 1200, deskIssue: 1300 };

/** The route tree built from the route table (routes/table.ts). */
export function buildRoutes(): RouteObject[] {
  const auth = ROUTES.filter((r) => r.layout === 'auth');
  const bare = ROUTES.filter((r) => r.layout === 'bare');
  const app = ROUTES.filter((r) => r.layout === 'app');
  return [
    {
      element: (
        <RouteErrorBoundary>
          <Root />
        </RouteErrorBoundary>
      ),
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
          children: app.map((r) => ({
            path: r.path,
            element: (
              <RouteErrorBoundary>
                <ConsolePage id={r.page} />
              </RouteErrorBoundary>
            ),
          })),
        },
        { index: true, element: <FullPageSpinner /> },
        { path: '*', element: <Navigate to={Paths.ROOT} replace /> },
      ],
    },
  ];
}

const routes = buildRoutes();

/**
 * The app's routes, inside main.tsx's `<BrowserRouter>`. Declarative, not a data router: nothing here uses loaders
 * or actions, and the data router's code would be 16 kB gzip more on the sign-in page (docs/web.md "Delivery").
 */
export function AppRoutes() {
  return useRoutes(routes);
}
