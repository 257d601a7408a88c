import { useState } from 'react';
import { Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Group } from '@tscloud/contracts';
import { AppModal } from '../../components/dialogs/AppModal';
import { notifier } from '../../components/feedback/notifier';
import { useChangeGroupMembers } from '../../data/access/groupMembers';
import { useMembers } from '../../data/access/members';

/** Edits a group's members: the difference with the current members is added and removed. */
export function GroupMembersDialog({ orgId, group, onClose }: { orgId: string; group: Group; onClose: () => void }) {
  const { t } = useTranslation();
  const members = useMembers(orgId);
  const change = useChangeGroupMembers(orgId);
  const current = group.members.map((m) => m.userId).filter((id) => id !== '');
  const [chosen, setChosen] = useState<string[]>(current);
  const options = (members.data ?? []).filter((m) => m.userId).map((m) => ({ value: m.userId!, label: m.email }));

  const save = async () => {
    const added = chosen.filter((id) => !current.includes(id));
    const removed = current.filter((id) => !chosen.includes(id));
    try {
      if (added.length) await change.mutateAsync({ id: group.id, change: 'add', userIds: added });
      if (removed.length) await change.mutateAsync({ id: group.id, change: 'remove', userIds: removed });
    } catch {
      return;
    }
    notifier.success(t('access.group.membersSaved'));
    onClose();
  };

  return (
    <AppModal open title={t('access.group.members', { name: group.name })} okText={t('access.action.save')} cancelText={t('common.cancel')} confirmLoading={change.isPending} onOk={() => void save()} onCancel={onClose}>
      <Typography.Paragraph type="secondary">{t('access.group.membersHint')}</Typography.Paragraph>
      <Select mode="multiple" style={{ width: '100%' }} value={chosen} onChange={setChosen} loading={members.isLoading} options={options} optionFilterProp="label" />
    </AppModal>
  );
}
