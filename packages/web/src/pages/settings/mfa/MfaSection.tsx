import { Button, Card, Descriptions, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { openDialog } from '../../../components/dialogs/dialogManager';
import { useMfaStatus } from '../../../data/mfa/status';
import { DisableMfaDialog } from './DisableMfaDialog';
import { EnrollDialog } from './EnrollDialog';
import { TempDisableForm } from './TempDisableForm';

/** Multi-factor: on or off, enrol or turn off, and (when on) the temporary exemption of chosen operations. */
export function MfaSection() {
  const { t } = useTranslation();
  const status = useMfaStatus();
  const enabled = status.data?.enabled ?? false;
  return (
    <>
      <Card size="small" style={{ marginBottom: 16 }} loading={status.isLoading}>
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t('settings.mfa.status')}>
            <Tag color={enabled ? 'green' : 'default'} data-testid="mfa-status">{t(enabled ? 'settings.mfa.on' : 'settings.mfa.off')}</Tag>
          </Descriptions.Item>
          {enabled && <Descriptions.Item label={t('settings.mfa.recoveryLeft')}>{status.data?.recoveryCodesRemaining ?? 0}</Descriptions.Item>}
        </Descriptions>
        <Space>
          {enabled ? (
            <Button danger onClick={() => openDialog((close) => <DisableMfaDialog onClose={close} />)}>{t('settings.mfa.disable')}</Button>
          ) : (
            <Button type="primary" onClick={() => openDialog((close) => <EnrollDialog onClose={close} />)}>{t('settings.mfa.enable')}</Button>
          )}
        </Space>
      </Card>
      {enabled && (
        <Card size="small" title={t('settings.mfaTemp.title')}>
          <TempDisableForm />
        </Card>
      )}
    </>
  );
}
