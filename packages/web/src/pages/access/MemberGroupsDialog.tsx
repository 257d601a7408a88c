import { useState } from 'react';
import { Alert, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrgMember } from '@tscloud/contracts';
import { isApiError } from '../../api/errors';
import { AppModal } from '../../components/dialogs/AppModal';
import { notifier } from '../../components/feedback/notifier';
import { useGroups } from '../../data/access/groups';
import { useUpdateOrgUserMutation } from '../../data/user/orgUsers';

/**
 * A member's groups, chosen from the organization's (PUT /api/user/{userId} {groupIds}: the list replaces the
 * member's groups, so their roles follow). The server's refusal stays in the dialog with the choice.
 */
export function MemberGroupsDialog({ orgId, member, onClose }: { orgId: string; member: OrgMember & { userId: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const groups = useGroups(orgId);
  const update = useUpdateOrgUserMutation();
  const [chosen, setChosen] = useState<string[]>(member.groups.map((g) => g.id));
  const [refusal, setRefusal] = useState<string | null>(null);

  const save = async () => {
    setRefusal(null);
    try {
      await update.mutateAsync({ userId: member.userId, body: { groupIds: chosen } });
    } catch (error) {
      setRefusal(isApiError(error) ? error.message : String(error));
      return;
    }
    notifier.success(t('access.member.groupsSaved'));
    onClose();
  };

  return (
    <AppModal open title={t('access.member.groups', { email: member.email })} okText={t('access.action.save')} cancelText={t('common.cancel')} confirmLoading={update.isPending} onOk={() => void save()} onCancel={onClose}>
      <Typography.Paragraph type="secondary">{t('access.member.groupsHint')}</Typography.Paragraph>
      <Select
        mode="multiple"
        aria-label={t('access.field.groups')}
        style={{ width: '100%' }}
        value={chosen}
        onChange={setChosen}
        loading={groups.isLoading}
        options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
        optionFilterProp="label"
      />
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginTop: 12 }} data-testid="member-groups-refusal" />}
    </AppModal>
  );
}
