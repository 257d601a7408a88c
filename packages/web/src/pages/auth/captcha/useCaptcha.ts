import { useCallback } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCaptchaConfig } from '../../../data/auth/captcha';
import { captchaToken, loadRecaptchaScript } from './captchaToken';

/** A function giving a captcha token for an action (undefined while the check is off), for forms that send one. */
export function useCaptcha(): (action: string) => Promise<string | undefined> {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const config = useCaptchaConfig();
  return useCallback(
    (action: string) =>
      captchaToken(config.data, action, loadRecaptchaScript, () =>
        new Promise<boolean>((resolve) => {
          modal.confirm({
            title: t('captcha.loadFailed'),
            okText: t('common.retry'),
            cancelText: t('common.cancel'),
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          });
        }),
      ),
    [config.data, modal, t],
  );
}
