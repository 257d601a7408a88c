import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifier } from '../feedback/notifier';
import { openDialog } from '../dialogs/dialogManager';
import { useCreateOrg } from '../../data/orgs/create';
import { OrgNameDialog } from './OrgNameDialog';
import { useOrgQuota } from '../../data/orgs/quota';
import { orgQuotaNotice } from './orgQuotaRule';

export function CreateOrgDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateOrg();
  // The free plan's organization limit is shown before sending (the server refuses the same way).
  const notice = orgQuotaNotice(useOrgQuota().data);
  return (
    <OrgNameDialog
      notice={notice && <Alert type={notice.type} showIcon message={t(notice.key, notice.values)} style={{ marginBottom: 16 }} />}
      okDisabled={notice?.type === 'error'}
      title={t('org.create.title')}
      okText={t('org.create.submit')}
      pending={create.isPending}
      onClose={onClose}
      onSubmit={async (name) => {
        const org = await create.mutateAsync({ name });
        notifier.success(t('org.create.done', { name: org.name }));
      }}
    />
  );
}

/** Opens the create dialog as the global dialog (also for the header's organization switcher). */
export function openCreateOrgDialog(): void {
  openDialog((close) => <CreateOrgDialog onClose={close} />);
}
