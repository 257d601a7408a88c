import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { ConfigProvider, theme } from 'antd';
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

/** antd follows the i18next language: its locale and the theme colour #4259ce. */
function ThemedAntd({ children }: { children: ReactNode }) {
  // Re-renders on a language switch; the switch has loaded antd's texts of the language (i18n loadCatalogue).
  useTranslation();
  const locale = antdLocale(currentLanguage());
  return (
    <ConfigProvider locale={locale} theme={{ token: { colorPrimary: THEME_COLOR, colorInfo: THEME_COLOR, colorLink: THEME_COLOR } }}>
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
