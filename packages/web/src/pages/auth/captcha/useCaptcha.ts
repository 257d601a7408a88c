import { useCallback, type ReactElement } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCaptchaConfig } from '../../../data/auth/captcha';
import { captchaToken, loadRecaptchaScript } from './captchaToken';

/**
 * A function giving a captcha token for an action (undefined while the check is off), for forms that send one, and
 * the holder of its retry dialog, which the form renders (the app does not wrap pages in antd's App).
 */
export function useCaptcha(): { captcha: (action: string) => Promise<string | undefined>; captchaDialog: ReactElement } {
  const { t } = useTranslation();
  const [modal, captchaDialog] = Modal.useModal();
  const config = useCaptchaConfig();
  const captcha = useCallback(
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
  return { captcha, captchaDialog };
}
