import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES } from './table';

/** The browser tab names the page: "<page> - tscloud", in the current language. */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation();
  useEffect(() => {
    const route = ROUTES.find((r) => matchPath({ path: r.path, end: true }, pathname));
    document.title = route ? `${t(route.labelKey)} - ${t('common.appName')}` : t('common.appName');
  }, [pathname, t, i18n.language]);
}
