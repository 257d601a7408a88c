import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../dialogs/AppModal';
import { logout } from '../../state/logout';

/** §4: an account status other than 0, 1 or 2: an alert titled with 'status' and the value, and a confirm button. */
export function AccountAbnormal({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <>
      <Result status="warning" title={t('error.accountAbnormal')} />
      <AppModal
        open
        closable={false}
        title={t('layout.abnormal.title', { status })}
        footer={
          <Button type="primary" onClick={() => void logout()}>
            {t('common.confirm')}
          </Button>
        }
      >
        {t('error.accountAbnormal')}
      </AppModal>
    </>
  );
}
