import { useEffect } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../dialogs/AppModal';
import { openDialog } from '../dialogs/dialogManager';
import { logout } from '../../state/logout';

function AbnormalDialog({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <AppModal
      open
      closable={false}
      keyboard={false}
      title={t('layout.abnormal.title', { status })}
      footer={
        <Button type="primary" onClick={() => void logout()}>
          {t('common.confirm')}
        </Button>
      }
    >
      {t('error.accountAbnormal')}
    </AppModal>
  );
}

/**
 * §4: an account status other than 0, 1 or 2: the global dialog titled with 'status' and the value, whose confirm
 * button logs out (logout closes the dialog).
 */
export function AccountAbnormal({ status }: { status: number }) {
  const { t } = useTranslation();
  useEffect(() => openDialog(() => <AbnormalDialog status={status} />), [status]);
  return <Result status="warning" title={t('error.accountAbnormal')} />;
}
