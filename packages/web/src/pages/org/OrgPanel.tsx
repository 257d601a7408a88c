import { Button, Card, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Privilege } from '@tscloud/contracts';
import { openDialog } from '../../components/dialogs/dialogManager';
import { openCreateOrgDialog } from '../../components/org/CreateOrgDialog';
import { DeleteOrgDialog } from './DeleteOrgDialog';
import { RenameOrgDialog } from './RenameOrgDialog';
import { TransferOwnerDialog } from './TransferOwnerDialog';
import { useOrgContext } from './useOrgContext';

/**
 * The current organization and what can be done to it: create another (anyone), rename (org:update), transfer
 * ownership and delete (owner). Write buttons are disabled while the organization is read-only.
 */
export function OrgPanel() {
  const { t } = useTranslation();
  const { org, readOnly, isOwner, canWrite } = useOrgContext();
  if (!org) return null;
  const ownerWrite = isOwner && !readOnly;
  return (
    <Card size="small" style={{ marginBottom: 16 }}>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <Space>
          <Typography.Text strong data-testid="org-name">{org.name}</Typography.Text>
          {isOwner && <Tag color="blue">{t('org.owner')}</Tag>}
          <Tag color={readOnly ? 'orange' : 'green'}>{t(readOnly ? 'org.status.readOnly' : 'org.status.active')}</Tag>
        </Space>
        <Space wrap>
          <Button onClick={openCreateOrgDialog}>{t('org.create.title')}</Button>
          <Button disabled={!canWrite(Privilege.ORG_UPDATE)} onClick={() => openDialog((close) => <RenameOrgDialog org={org} onClose={close} />)}>
            {t('org.rename.title')}
          </Button>
          <Button disabled={!ownerWrite} onClick={() => openDialog((close) => <TransferOwnerDialog org={org} onClose={close} />)}>
            {t('org.transfer.title')}
          </Button>
          <Button danger disabled={!ownerWrite} onClick={() => openDialog((close) => <DeleteOrgDialog org={org} onClose={close} />)}>
            {t('org.delete.title')}
          </Button>
        </Space>
      </Space>
    </Card>
  );
}
