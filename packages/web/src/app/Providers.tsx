import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { ConfigProvider, theme, type ThemeConfig } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { THEME_COLOR } from '@tscloud/contracts';
import { currentLanguage, i18n } from '../i18n';
import { antdLocale } from './antdLocale';
import { queryClient } from '../data/queryClient';
import { onMessageHostNeeded } from '../components/feedback/notifier';

const MessageHost = lazy(() => import('./MessageHost'));

/**
 * Mounts the message host (a themed message API for code outside React) when the notifier first needs it: antd's
 * message code stays off the sign-in page until a message shows (docs/web.md "Delivery").
 */
function NotifierBridge() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    onMessageHostNeeded(() => setNeeded(true));
    return () => onMessageHostNeeded(null);
  }, []);
  return needed ? (
    <Suspense fallback={null}>
      <MessageHost />
    </Suspense>
  ) : null;
}

/** The base text style antd's App gave the page (its font, size, colour and line height). */
function BaseText({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return <div style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>{children}</div>;
}

/**
 * Under tests only (jsdom, docs/workspace.md "Where the web suite's time goes"): no motion, since antd's motion ends on
 * `transitionend`, which jsdom never fires; and Button's icon-only sizes as plain values, since their default CSS
 * variable (`inherit`) makes jsdom's getComputedStyle walk the ancestors in time doubling per level (jsdom #4330).
 */
const TEST_THEME: ThemeConfig =
  import.meta.env.MODE === 'test' ? { token: { motion: false }, components: { Button: { onlyIconSize: 16, onlyIconSizeSM: 14, onlyIconSizeLG: 18 } } } : {};

/** antd follows the i18next language: its locale and the theme colour #4259ce. */
function ThemedAntd({ children }: { children: ReactNode }) {
  // Re-renders on a language switch; the switch has loaded antd's texts of the language (i18n loadCatalogue).
  useTranslation();
  const locale = antdLocale(currentLanguage());
  return (
    <ConfigProvider locale={locale} theme={{ ...TEST_THEME, token: { colorPrimary: THEME_COLOR, colorInfo: THEME_COLOR, colorLink: THEME_COLOR, ...TEST_THEME.token } }}>
      <BaseText>
        <NotifierBridge />
        {children}
      </BaseText>
    </ConfigProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemedAntd>{children}</ThemedAntd>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
