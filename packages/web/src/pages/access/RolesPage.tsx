import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Privilege } from '@tscloud/contracts';
import { openDialog } from '../../components/dialogs/dialogManager';
import { ReadOnlyBanner } from '../org/ReadOnlyBanner';
import { useOrgContext } from '../org/useOrgContext';
import { GrantsTable } from './GrantsTable';
import { RoleDialog } from './RoleDialog';
import { RolesTable } from './RolesTable';

/** organizationAccessControl/roles: the roles, then every grant of the organization. */
export default function RolesPage() {
  const { t } = useTranslation();
  const { orgId, canWrite } = useOrgContext();
  if (!orgId) return null;
  const canManage = canWrite(Privilege.ROLE_MANAGE);
  return (
    <>
      <ReadOnlyBanner />
      <Card
        title={t('menu.roles')}
        style={{ marginBottom: 16 }}
        extra={
          <Button type="primary" disabled={!canManage} onClick={() => openDialog((close) => <RoleDialog orgId={orgId} onClose={close} />)}>
            {t('access.role.create')}
          </Button>
        }
      >
        <RolesTable orgId={orgId} canManage={canManage} />
      </Card>
      <Card title={t('access.grant.allTitle')}>
        <GrantsTable orgId={orgId} filter={{}} writable={canManage} />
      </Card>
    </>
  );
}
