import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { THEME_COLOR } from '@tscloud/contracts';
import { i18n } from '../i18n';
import { queryClient } from '../data/queryClient';
import { bindNotifier } from '../components/feedback/notifier';

/** Binds the App context's message API for code outside React (the request layer). */
function NotifierBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    bindNotifier(message);
    return () => bindNotifier(null);
  }, [message]);
  return null;
}

/** antd follows the i18next language: its locale and the theme colour #4259ce. */
function ThemedAntd({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const locale = instance.language === 'zh' ? zhCN : enUS;
  return (
    <ConfigProvider locale={locale} theme={{ token: { colorPrimary: THEME_COLOR, colorInfo: THEME_COLOR, colorLink: THEME_COLOR } }}>
      <AntApp>
        <NotifierBridge />
        {children}
      </AntApp>
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
