import type { ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './LanguageSwitch';

/** The frame of the auth area and of the stand-alone pages: product name, language switch, one card. */
export function CenteredFrame({ children, width = 440 }: { children: ReactNode; width?: number }) {
  const { t } = useTranslation();
  return (
    <Flex vertical align="center" style={{ minHeight: '100vh', background: '#f5f6fb', padding: '48px 16px' }}>
      <Flex justify="space-between" align="center" style={{ width: '100%', maxWidth: width }}>
        <Typography.Title level={3} style={{ margin: 0, color: '#4259ce' }}>
          {t('common.appName')}
        </Typography.Title>
        <LanguageSwitch />
      </Flex>
      <Card style={{ width: '100%', maxWidth: width, marginTop: 24 }}>{children}</Card>
    </Flex>
  );
}
