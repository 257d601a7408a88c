import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/dialogs/AppModal';
import { TokenField } from './TokenField';

/**
 * A token the server just answered (instance created, or token reset): shown this once, since the server keeps only
 * its hash; the programming page also uses it until this tab is reloaded.
 */
export function TokenDialog({ token, title, onClose }: { token: string; title?: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <AppModal open title={title ?? t('instances.token.newTitle')} onCancel={onClose} footer={<Button type="primary" onClick={onClose}>{t('common.close')}</Button>}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert type="warning" showIcon title={t('instances.token.onceNotice')} />
        <TokenField token={token} />
      </Space>
    </AppModal>
  );
}
