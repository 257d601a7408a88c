import { useEffect, type ReactNode } from 'react';
import { ConfigProvider, message, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { THEME_COLOR } from '@tscloud/contracts';
import { i18n } from '../i18n';
import { queryClient } from '../data/queryClient';
import { bindNotifier } from '../components/feedback/notifier';

/**
 * Binds a themed message API for code outside React (the request layer). Its own holder, not antd's App: App also
 * brings the modal and its skeleton onto every page, the sign-in page included (docs/web.md "Delivery").
 */
function NotifierBridge() {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    bindNotifier(api);
    return () => bindNotifier(null);
  }, [api]);
  return holder;
}

/** The base text style antd's App gave the page (its font, size, colour and line height). */
function BaseText({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return <div style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>{children}</div>;
}

/** antd follows the i18next language: its locale and the theme colour #4259ce. */
function ThemedAntd({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const locale = instance.language === 'zh' ? zhCN : enUS;
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
