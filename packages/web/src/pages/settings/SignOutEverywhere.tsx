import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/dialogs/AppModal';
import { openDialog } from '../../components/dialogs/dialogManager';
import { notifier } from '../../components/feedback/notifier';
import { useRevokeAllSessions } from '../../data/profile/sessions';
import { logout } from '../../state/logout';

/**
 * "Sign out everywhere" on the profile: ends every session of the account (a lost laptop, a browser left signed in),
 * this one included, after a confirmation; then this browser goes to the sign-in page like any sign-out.
 */
export function SignOutEverywhere() {
  const { t } = useTranslation();
  return (
    <section style={{ marginTop: 32, maxWidth: 480 }}>
      <Typography.Title level={5}>{t('settings.sessions.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('settings.sessions.intro')}</Typography.Paragraph>
      <Button danger onClick={() => openDialog((close) => <SignOutEverywhereDialog onClose={close} />)}>
        {t('settings.sessions.signOutEverywhere')}
      </Button>
    </section>
  );
}

function SignOutEverywhereDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const revoke = useRevokeAllSessions();
  const confirm = async () => {
    try {
      await revoke.mutateAsync();
    } catch {
      return; // the request layer has shown why; the dialog stays for another try
    }
    onClose();
    notifier.success(t('settings.sessions.done'));
    // The server already ended this session and removed its cookies: no second sign-out call.
    await logout({ callServer: false });
  };
  return (
    <AppModal
      open
      title={t('settings.sessions.confirmTitle')}
      okText={t('settings.sessions.confirm')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={revoke.isPending}
      onOk={() => void confirm()}
      onCancel={onClose}
    >
      {t('settings.sessions.confirmText')}
    </AppModal>
  );
}
