import type { CSSProperties } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppType, type AppTypeValue } from '@tscloud/contracts';

/**
 * The IDMP instance type has no asset model yet: such an instance is a time-series database like any other. Said
 * where one is created and where one is used (docs/web-instances.md), until the asset model exists.
 */
export function IdmpNotice({ appType, style }: { appType: AppTypeValue; style?: CSSProperties }) {
  const { t } = useTranslation();
  if (appType !== AppType.TDASSET) return null;
  return <Alert type="info" showIcon title={t('instances.idmp.noticeTitle')} description={t('instances.idmp.notice')} data-testid="idmp-notice" style={style} />;
}
