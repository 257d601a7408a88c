import { useTranslation } from 'react-i18next';
import type { OrgSummary } from '@tscloud/contracts';
import { notifier } from '../../components/feedback/notifier';
import { useRenameOrg } from '../../data/orgs/rename';
import { OrgNameDialog } from '../../components/org/OrgNameDialog';

export function RenameOrgDialog({ org, onClose }: { org: OrgSummary; onClose: () => void }) {
  const { t } = useTranslation();
  const rename = useRenameOrg();
  return (
    <OrgNameDialog
      title={t('org.rename.title')}
      okText={t('access.action.save')}
      initialName={org.name}
      pending={rename.isPending}
      onClose={onClose}
      onSubmit={async (name) => {
        await rename.mutateAsync({ orgId: org.orgId, name });
        notifier.success(t('org.rename.done'));
      }}
    />
  );
}
