import { Suspense, lazy, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useBoot, patchBoot } from '../state/boot';
import { getCsrfToken, lastRoute, rememberRoute, useSession } from '../state/session';
import { FullPageSpinner } from '../components/feedback/FullPageSpinner';
import { decide } from './guard';
import { buildGuardState } from './guardState';
import { applyQueryActions, handOverDatabase, performLoad } from './guardEffects';
import { setNavigator } from './navigation';
import { isAuthPath, normalizePath } from './paths';
import { scrubTokensFromAddressBar, withoutTokens } from './urlTokens';

/** Rare (an account status the console does not know): its dialog and result load only when shown (docs/web.md "Delivery"). */
const AccountAbnormal = lazy(() => import('../components/feedback/AccountAbnormal').then((module) => ({ default: module.AccountAbnormal })));

/**
 * The React side of the routing guard: decides each render from the stores (pure `decide`), renders the page
 * when allowed, and carries out loads and redirects in an effect. A load updates a store, which renders again.
 */
export function RouteGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const boot = useBoot((b) => b);
  const session = useSession((s) => s);
  const path = normalizePath(location.pathname);
  const decision = decide(buildGuardState(path, location.search, boot, session, getCsrfToken(), lastRoute()));
  const key = `${path}${location.search}|${JSON.stringify(decision)}`;
  const inFlight = useRef<string | null>(null);

  useEffect(() => setNavigator((to, options) => navigate(to, options)), [navigate]);

  useEffect(() => {
    if (inFlight.current === key) return;
    inFlight.current = key;
    const done = () => {
      if (inFlight.current === key) inFlight.current = null;
    };
    switch (decision.kind) {
      case 'load':
        void performLoad(decision.what).finally(done);
        return;
      case 'redirect':
        // justRebuilt stays until a page is let through: the landing of rule 5 survives concurrent navigations.
        navigate(decision.to, { replace: true });
        return;
      case 'openDatabase':
        handOverDatabase(decision.source);
        navigate(decision.to, { replace: true });
        return;
      case 'applyQuery':
        void applyQueryActions(decision.actions).then(() => {
          if (decision.to !== `${path}`) navigate(decision.to, { replace: true });
          done();
        });
        return;
      case 'allow':
        if (boot.firstLoad || boot.justRebuilt) patchBoot({ firstLoad: false, justRebuilt: false });
        if (session.userInfo && !isAuthPath(path)) rememberRoute(withoutTokens(`${path}${location.search}`));
        // The page has the tokens in the router's location; the address bar loses them (issue 14).
        scrubTokensFromAddressBar();
        return;
      case 'abnormal':
        return;
    }
    // `key` summarises the decision and the stores it was made from.
  }, [key]);

  if (decision.kind === 'allow') return <Outlet />;
  if (decision.kind === 'abnormal') {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <AccountAbnormal status={decision.status} />
      </Suspense>
    );
  }
  return <FullPageSpinner />;
}
