import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/dialogs/AppModal';
import { TokenField } from './TokenField';

/** The new token after a reset: shown this once (the server keeps only its hash); also on the programming page now. */
export function TokenDialog({ token, onClose }: { token: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <AppModal open title={t('instances.token.newTitle')} onCancel={onClose} footer={<Button type="primary" onClick={onClose}>{t('common.close')}</Button>}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert type="warning" showIcon title={t('instances.token.onceNotice')} />
        <TokenField token={token} />
      </Space>
    </AppModal>
  );
}
