import { Alert, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrgSummary } from '@tscloud/contracts';
import { AppModal } from '../../components/dialogs/AppModal';
import { notifier } from '../../components/feedback/notifier';
import { useRemoveOrg } from '../../data/orgs/remove';
import { Paths } from '../../routes/paths';
import { leaveRemovedOrg } from '../../routes/rebuild';

/**
 * Deleting is possible only without instances and arrears: the server decides and its message is shown as it
 * comes (the dialog stays open). Protected operation: a 433 brings up the verification prompt.
 */
export function DeleteOrgDialog({ org, onClose }: { org: OrgSummary; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useRemoveOrg(leaveRemovedOrg);
  const confirm = async () => {
    const done = await remove.mutateAsync(org.orgId).then(() => true, () => false);
    if (!done) return;
    notifier.success(t('org.delete.done', { name: org.name }));
    onClose();
    navigate(Paths.ROOT);
  };
  return (
    <AppModal open title={t('org.delete.title')} okText={t('org.delete.submit')} okButtonProps={{ danger: true }} cancelText={t('common.cancel')} confirmLoading={remove.isPending} onOk={() => void confirm()} onCancel={onClose}>
      <Alert type="error" showIcon style={{ marginBottom: 12 }} title={t('org.delete.rule')} />
      <Typography.Paragraph>{t('org.delete.confirm', { name: org.name })}</Typography.Paragraph>
    </AppModal>
  );
}
