import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Privilege } from '@tscloud/contracts';
import { openDialog } from '../../components/dialogs/dialogManager';
import { OrgPanel } from '../org/OrgPanel';
import { ReadOnlyBanner } from '../org/ReadOnlyBanner';
import { useOrgContext } from '../org/useOrgContext';
import { InviteDialog } from './InviteDialog';
import { MembersTable } from './MembersTable';

/** organizationAccessControl default: the organization, its users and invitations. */
export default function UsersPage() {
  const { t } = useTranslation();
  const { orgId, canWrite } = useOrgContext();
  if (!orgId) return null;
  return (
    <>
      <ReadOnlyBanner />
      <OrgPanel />
      <Card
        title={t('menu.users')}
        extra={
          <Button type="primary" disabled={!canWrite(Privilege.USER_INVITE)} onClick={() => openDialog((close) => <InviteDialog orgId={orgId} onClose={close} />)}>
            {t('access.invite.title')}
          </Button>
        }
      >
        <MembersTable orgId={orgId} canUpdate={canWrite(Privilege.USER_UPDATE)} canDelete={canWrite(Privilege.USER_DELETE)} canGrant={canWrite(Privilege.ROLE_MANAGE)} canManageGroups={canWrite(Privilege.GROUP_MANAGE)} />
      </Card>
    </>
  );
}
