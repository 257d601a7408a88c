import type { ReactNode } from 'react';
import { Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './LanguageSwitch';
import { PlainTitle } from '../text/PlainText';

/**
 * The frame of the auth area and of the stand-alone pages: product name, language switch, one card. The card is a
 * plain box in antd's card look: antd's Card brings its tabs (and their menus) into the sign-in page's scripts
 * (docs/web.md "Delivery").
 */
export function CenteredFrame({ children, width = 440 }: { children: ReactNode; width?: number }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" style={{ minHeight: '100vh', background: '#f5f6fb', padding: '48px 16px' }}>
      <Flex justify="space-between" align="center" style={{ width: '100%', maxWidth: width }}>
        <PlainTitle level={3} style={{ margin: 0, color: '#4259ce' }}>
          {t('common.appName')}
        </PlainTitle>
        <LanguageSwitch />
      </Flex>
      <div
        style={{
          width: '100%',
          maxWidth: width,
          marginTop: 24,
          padding: token.paddingLG,
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
        }}
      >
        {children}
      </div>
    </Flex>
  );
}
