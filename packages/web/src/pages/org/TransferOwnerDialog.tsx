import { Alert, Form, Select } from 'antd';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { transferOwnerSchema, type OrgSummary, type TransferOwnerRequest } from '@tscloud/contracts';
import { AppModal } from '../../components/dialogs/AppModal';
import { FormField } from '../../components/form/FormField';
import { notifier } from '../../components/feedback/notifier';
import { useMembers } from '../../data/access/members';
import { useTransferOwner } from '../../data/orgs/transferOwner';
import { transferCandidates } from './transferCandidates';

/** Hands the organization to an active member. Protected: a 433 brings up the verification prompt, then retries. */
export function TransferOwnerDialog({ org, onClose }: { org: OrgSummary; onClose: () => void }) {
  const { t } = useTranslation();
  const members = useMembers(org.orgId);
  const transfer = useTransferOwner();
  const { control, handleSubmit } = useForm<TransferOwnerRequest>({ resolver: zodResolver(transferOwnerSchema), defaultValues: { userId: '' } });
  const options = transferCandidates(members.data ?? []).map((m) => ({ value: m.userId, label: `${m.email}${m.firstName || m.lastName ? ` (${m.firstName} ${m.lastName})` : ''}` }));
  const submit = handleSubmit(async ({ userId }) => {
    const done = await transfer.mutateAsync({ orgId: org.orgId, userId }).then(() => true, () => false);
    if (!done) return;
    notifier.success(t('org.transfer.done'));
    onClose();
  });
  return (
    <AppModal open title={t('org.transfer.title')} okText={t('org.transfer.submit')} cancelText={t('common.cancel')} okButtonProps={{ danger: true }} confirmLoading={transfer.isPending} onOk={() => void submit()} onCancel={onClose}>
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('org.transfer.warning', { name: org.name })} />
      <Form layout="vertical">
        <FormField
          control={control}
          name="userId"
          label={t('org.transfer.newOwner')}
          required
          render={(f) => <Select {...f} value={f.value || undefined} loading={members.isLoading} options={options} showSearch={{ optionFilterProp: 'label' }} notFoundContent={t('org.transfer.noCandidates')} />}
        />
      </Form>
    </AppModal>
  );
}
