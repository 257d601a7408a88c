import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from './lazyPage';

/** The coming-soon page: what pages of later issues show until their screens exist. */
export const comingSoon = lazyPage(() => import('../pages/placeholder/ComingSoonPage'));

/**
 * Page id (routes/table.ts `page`) → lazy component, for the pages outside the console layout (auth frame and
 * stand-alone pages). The console layout's pages are in consolePages.tsx, loaded with the console shell: their
 * imports (and the lists of chunks each one preloads) stay off the sign-in page (docs/web.md "Delivery").
 */
export const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  signup: lazyPage(() => import('../pages/auth/SignupPage')),
  login: lazyPage(() => import('../pages/auth/LoginPage'), 'signIn'),
  forgot: lazyPage(() => import('../pages/auth/ForgotPage')),
  guide: lazyPage(() => import('../pages/auth/GuidePage')),
  check: lazyPage(() => import('../pages/auth/CheckPage')),
  reset: lazyPage(() => import('../pages/auth/ResetPage')),
  activate: lazyPage(() => import('../pages/auth/ActivatePage')),
  registered: lazyPage(() => import('../pages/auth/RegisteredPage')),
  verify: lazyPage(() => import('../pages/auth/VerifyPage')),
  maintenance: lazyPage(() => import('../pages/auth/MaintenancePage')),
  thirdparty: lazyPage(() => import('../pages/auth/ThirdPartyPage')),
  authorize: lazyPage(() => import('../pages/sso/AuthorizePage')),
  aws: lazyPage(() => import('../pages/marketplace/AwsMarketplacePage')),
  azure: lazyPage(() => import('../pages/marketplace/AzureMarketplacePage')),
  terms: lazyPage(() => import('../pages/terms/TermsPage')),
  register: lazyPage(() => import('../pages/register/RegisterPage')),
  verified: lazyPage(() => import('../pages/verified/VerifiedPage')),
  later: comingSoon,
  // Stand-alone instance pages (issue 4).
  createFirstInstance: lazyPage(() => import('../pages/instances/CreateFirstInstancePage')),
  instanceStatus: lazyPage(() => import('../pages/instances/InstanceStatusPage')),
  // Support issues after one is created, and the support desk (issue 18).
  supportIssues: lazyPage(() => import('../pages/support/SupportIssuesPage')),
  desk: lazyPage(() => import('../pages/desk/DeskPage')),
  deskIssue: lazyPage(() => import('../pages/desk/DeskIssuePage')),
};
