import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Privilege } from '@tscloud/contracts';
import { openDialog } from '../../components/dialogs/dialogManager';
import { ReadOnlyBanner } from '../org/ReadOnlyBanner';
import { useOrgContext } from '../org/useOrgContext';
import { GroupDialog } from './GroupDialog';
import { GroupsTable } from './GroupsTable';

/** organizationAccessControl/userGroups. */
export default function GroupsPage() {
  const { t } = useTranslation();
  const { orgId, canWrite } = useOrgContext();
  if (!orgId) return null;
  const canManage = canWrite(Privilege.GROUP_MANAGE);
  return (
    <>
      <ReadOnlyBanner />
      <Card
        title={t('menu.userGroups')}
        extra={
          <Button type="primary" disabled={!canManage} onClick={() => openDialog((close) => <GroupDialog orgId={orgId} onClose={close} />)}>
            {t('access.group.create')}
          </Button>
        }
      >
        <GroupsTable orgId={orgId} canManage={canManage} canGrant={canWrite(Privilege.ROLE_MANAGE)} />
      </Card>
    </>
  );
}
