import { Alert, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrgSummary } from '@tscloud/contracts';
import { AppModal } from '../../components/dialogs/AppModal';
import { notifier } from '../../components/feedback/notifier';
import { useRemoveOrg } from '../../data/orgs/remove';
import { useOrgDeleteCheck } from '../../data/orgs/deleteCheck';
import { translateMessage } from '../../i18n';
import { Paths } from '../../routes/paths';
import { leaveRemovedOrg } from '../../routes/rebuild';

/**
 * Deleting is possible only without instances and arrears. The dialog asks the server's check when it opens: when
 * the organization cannot be deleted, it says why and Delete stays disabled (no verification prompt for an
 * operation that cannot be done). If the check itself fails, Delete stays available and the server decides.
 * Protected operation: a 433 brings up the verification prompt.
 */
export function DeleteOrgDialog({ org, onClose }: { org: OrgSummary; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useRemoveOrg(leaveRemovedOrg);
  const check = useOrgDeleteCheck(org.orgId);
  const refusal = check.data && !check.data.deletable ? translateMessage(check.data.reason ?? 'error.orgHasInstances') : null;
  const confirm = async () => {
    const done = await remove.mutateAsync(org.orgId).then(() => true, () => false);
    if (!done) return;
    notifier.success(t('org.delete.done', { name: org.name }));
    onClose();
    navigate(Paths.ROOT);
  };
  return (
    <AppModal
      open
      title={t('org.delete.title')}
      okText={t('org.delete.submit')}
      okButtonProps={{ danger: true, disabled: check.isPending || refusal !== null }}
      cancelText={t('common.cancel')}
      confirmLoading={remove.isPending}
      onOk={() => void confirm()}
      onCancel={onClose}
    >
      {refusal ? (
        <Alert type="error" showIcon data-testid="org-delete-refusal" title={refusal} />
      ) : (
        <>
          <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('org.delete.rule')} />
          <Typography.Paragraph>{t('org.delete.confirm', { name: org.name })}</Typography.Paragraph>
        </>
      )}
    </AppModal>
  );
}
